import { createHmac } from 'node:crypto';
import type { MessageStatus, MessageType } from '@conversa/domain';
import { deviceWebhookUrl } from '@conversa/domain';
import { z } from 'zod';
import { safeEqual } from '../../core/crypto/secret-box';
import { badRequest } from '../../core/http/app-error';
import type { ChannelDevice, InboundEvent, WebhookRequest, WebhookVerdict } from '../channel-adapter';

export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

const configText = (device: ChannelDevice, key: string) => {
  const value = device.config[key];
  return typeof value === 'string' ? value : '';
};

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed with the auth token, of the URL it called followed by
 * every POST parameter sorted by name, each written as name then value.
 */
export const twilioSignature = (authToken: string, url: string, params: URLSearchParams): string => {
  const pairs = [...params].sort(([a, aValue], [b, bValue]) =>
    a === b ? (aValue < bValue ? -1 : aValue > bValue ? 1 : 0) : a < b ? -1 : 1,
  );
  const data = url + pairs.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
};

/**
 * The URL is ours (PUBLIC_URL), never rebuilt from the Host the request came with: a forged Host cannot
 * make a signature over another address count. A delivery of another Twilio account is refused as well.
 */
export const verifyTwilioSignature = (
  publicUrl: string,
  request: WebhookRequest,
  device: ChannelDevice,
): WebhookVerdict => {
  const header = request.headers[TWILIO_SIGNATURE_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  const authToken = configText(device, 'auth_token');
  if (!given || !authToken || request.rawBody === undefined) return { ok: false, status: 401 };
  const params = new URLSearchParams(request.rawBody);
  const query = request.rawQuery ? `?${request.rawQuery}` : '';
  const url = `${deviceWebhookUrl(publicUrl, 'twilio', device.id)}${query}`;
  const accountSid = configText(device, 'account_sid');
  return safeEqual(given, twilioSignature(authToken, url, params)) &&
    accountSid !== '' &&
    params.get('AccountSid') === accountSid
    ? { ok: true }
    : { ok: false, status: 401 };
};

const text = () => z.string().default('');

const formSchema = z.looseObject({
  MessageSid: z.string().min(1),
  MessageStatus: text(),
  ErrorCode: text(),
  ErrorMessage: text(),
  From: text(),
  WaId: text(),
  ProfileName: text(),
  Body: text(),
  MessageType: text(),
  NumMedia: text(),
  MediaUrl0: text(),
  MediaContentType0: text(),
  Latitude: text(),
  Longitude: text(),
  ButtonText: text(),
  ButtonPayload: text(),
  OriginalRepliedMessageSid: text(),
});

type TwilioForm = z.infer<typeof formSchema>;

const STATUS_OF: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'recive',
  read: 'read',
  failed: 'error',
  undelivered: 'error',
};

/** Twilio's reason for a failure: its message (when given) and its code, `Message (#63016)`. */
const failureReason = (form: TwilioForm): string => {
  const reason = [form.ErrorMessage, form.ErrorCode ? `(#${form.ErrorCode})` : ''].filter(Boolean).join(' ');
  return reason || 'the provider reported a failure';
};

const mediaTypeOf = (contentType: string): MessageType => {
  const family = contentType.split('/')[0];
  return family === 'image' || family === 'audio' || family === 'video' ? family : 'document';
};

const isHttpUrl = (value: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const contentOf = (
  form: TwilioForm,
): Pick<Extract<InboundEvent, { kind: 'message' }>, 'type' | 'body' | 'media' | 'buttonReply'> => {
  if (Number(form.NumMedia) > 0) {
    const type = mediaTypeOf(form.MediaContentType0);
    return {
      type,
      body: form.Body,
      ...(isHttpUrl(form.MediaUrl0)
        ? {
            media: {
              ref: form.MediaUrl0,
              mimetype: form.MediaContentType0,
              filename: `${type}-${form.MessageSid}`,
            },
          }
        : {}),
    };
  }
  if (form.Latitude && form.Longitude) {
    return { type: 'location', body: `${Number(form.Latitude)};${Number(form.Longitude)}` };
  }
  if (form.ButtonText) {
    return {
      type: 'chat',
      body: form.ButtonText,
      ...(form.ButtonPayload ? { buttonReply: form.ButtonPayload } : {}),
    };
  }
  // A kind Twilio forwards without text (MessageType names it) is shown as such, never dropped.
  if (!form.Body && form.MessageType && form.MessageType !== 'text') {
    return { type: 'unsupported', body: form.MessageType };
  }
  return { type: 'chat', body: form.Body };
};

/**
 * One Twilio delivery: a status callback of one of our messages (MessageStatus) or a customer's message.
 * Statuses Twilio reports on the way (queued, accepted, sending) change nothing.
 */
export const parseTwilioForm = (body: unknown): InboundEvent[] => {
  const parsed = formSchema.safeParse(body);
  if (!parsed.success) throw badRequest([{ path: 'MessageSid', message: 'validation.invalid' }]);
  const form = parsed.data;
  if (form.MessageStatus && form.MessageStatus !== 'received') {
    const status = STATUS_OF[form.MessageStatus];
    if (!status) return [];
    return [
      {
        kind: 'status',
        providerMessageId: form.MessageSid,
        status,
        ...(status === 'error' ? { reason: failureReason(form) } : {}),
      },
    ];
  }
  const phone = form.WaId || form.From.replace(/\D/g, '');
  if (!phone) throw badRequest([{ path: 'From', message: 'validation.invalid' }]);
  return [
    {
      kind: 'message',
      providerMessageId: form.MessageSid,
      from: { phone, name: form.ProfileName },
      timestamp: new Date(),
      ...contentOf(form),
      ...(form.OriginalRepliedMessageSid ? { quotedProviderId: form.OriginalRepliedMessageSid } : {}),
    },
  ];
};
