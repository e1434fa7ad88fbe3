import { randomBytes } from 'node:crypto';
import {
  type DeviceSession,
  type MessageStatus,
  type MessageType,
  parseLocationBody,
} from '@conversa/domain';
import { z } from 'zod';
import { safeEqual } from '../../core/crypto/secret-box';
import { badRequest } from '../../core/http/app-error';
import { fetchOutbound } from '../../core/net/outbound-fetch';
import type {
  ChannelAdapter,
  ChannelDevice,
  ChannelOptions,
  DeviceConnection,
  GatewaySession,
  InboundEvent,
  OutboundMessage,
  SendResult,
} from '../channel-adapter';
import {
  callProvider,
  downloadFile,
  failureOfCall,
  type ProviderAnswer,
  ProviderCallError,
  pick,
  pickText,
} from '../provider-http';

/** The header every gateway call carries the device's API key in. */
export const MAYTAPI_KEY_HEADER = 'x-maytapi-key';

/** A generated webhook secret's length; one already stored that is at least this long is kept. */
const SECRET_MIN_LENGTH = 16;

/** What a message shows when its number was banned by WhatsApp: nothing more goes out through it. */
export const BANNED_REASON = 'the WhatsApp number of this device was banned by WhatsApp: nothing can be sent';

/** A QR image is a few kilobytes; anything far larger is not one. */
const QR_MAX_BYTES = 512 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const textOrNumber = z.union([z.string(), z.number()]).transform(String);

const messageEventSchema = z.looseObject({
  type: z.literal('message'),
  phone_id: textOrNumber,
  message: z.looseObject({
    id: textOrNumber,
    type: z.string(),
    text: z.string().optional(),
    url: z.string().optional(),
    mime: z.string().optional(),
    filename: z.string().optional(),
    caption: z.string().optional(),
    fromMe: z.boolean().optional(),
  }),
  user: z.looseObject({ id: z.string().optional(), name: z.string().optional(), phone: textOrNumber }),
  conversation: z.string().optional(),
  timestamp: z.number().optional(),
});

const ackEventSchema = z.looseObject({
  type: z.literal('ack'),
  phone_id: textOrNumber,
  data: z.array(z.looseObject({ ackType: z.string(), msgId: textOrNumber })),
});

const statusEventSchema = z.looseObject({
  type: z.literal('status'),
  phone_id: textOrNumber,
  status: z.string(),
});

const ACK_STATUSES: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'recive',
  read: 'read',
  played: 'read',
};

/** The session a `status` event names; any status the gateway adds later reads as disconnected. */
const EVENT_SESSIONS: Record<string, DeviceSession> = {
  'qr-screen': 'qr',
  active: 'connected',
  idle: 'disconnected',
  banned: 'banned',
};

/** The session `/status` answers, by its state.state. */
const STATE_SESSIONS: Record<string, DeviceSession> = {
  CONNECTED: 'connected',
  PAIRING: 'qr',
  BANNED: 'banned',
};

/** The gateway's file types as message types: a voice note is audio, a sticker an image. */
const FILE_TYPES: Record<string, MessageType> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  ptt: 'audio',
  document: 'document',
  sticker: 'image',
};

const configText = (device: ChannelDevice, key: string) => {
  const value = device.config[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

/** The gateway's timestamps are seconds (milliseconds are taken too); none: now. */
const dateOf = (timestamp: number | undefined): Date => {
  if (timestamp === undefined || !Number.isFinite(timestamp) || timestamp <= 0) return new Date();
  return new Date(timestamp < 1e12 ? timestamp * 1000 : timestamp);
};

const messageEventOf = (event: z.infer<typeof messageEventSchema>): InboundEvent | undefined => {
  const { message, user } = event;
  // Written on the linked phone itself: the company's own words, not a customer's message.
  if (message.fromMe) return undefined;
  // A group is not one customer.
  if (event.conversation?.endsWith('@g.us')) return undefined;
  const phone = user.phone.replace(/\D/g, '');
  if (!phone) return undefined;
  const base = {
    kind: 'message' as const,
    providerMessageId: message.id,
    from: { phone, name: user.name ?? '' },
    timestamp: dateOf(event.timestamp),
  };
  if (message.type === 'text') return { ...base, type: 'chat', body: message.text ?? '' };
  const fileType = FILE_TYPES[message.type];
  if (fileType && message.url) {
    return {
      ...base,
      type: fileType,
      body: message.caption ?? '',
      media: {
        ref: message.url,
        mimetype: message.mime ?? '',
        filename: message.filename || `${message.type}-${message.id}`,
      },
    };
  }
  // A kind the product does not handle still shows, naming the gateway's type.
  return { ...base, type: 'unsupported', body: message.type };
};

const parseEvent = (body: unknown, phoneId: string): InboundEvent[] => {
  const type = pickText(body, 'type');
  if (!type) throw badRequest([{ path: 'type', message: 'validation.required' }]);
  // An event of another phone of the same product is not this device's.
  if (pickText(body, 'phone_id') !== phoneId) return [];
  if (type === 'message') {
    const parsed = messageEventSchema.safeParse(body);
    if (!parsed.success) throw badRequest([{ path: 'message', message: 'validation.invalid' }]);
    const event = messageEventOf(parsed.data);
    return event ? [event] : [];
  }
  if (type === 'ack') {
    const parsed = ackEventSchema.safeParse(body);
    if (!parsed.success) throw badRequest([{ path: 'data', message: 'validation.invalid' }]);
    return parsed.data.data.flatMap((ack): InboundEvent[] => {
      const status = ACK_STATUSES[ack.ackType];
      return status ? [{ kind: 'status', providerMessageId: ack.msgId, status }] : [];
    });
  }
  if (type === 'status') {
    const parsed = statusEventSchema.safeParse(body);
    if (!parsed.success) throw badRequest([{ path: 'status', message: 'validation.invalid' }]);
    return [{ kind: 'session', session: EVENT_SESSIONS[parsed.data.status] ?? 'disconnected' }];
  }
  // Other events (errors, phone changes) carry nothing the product stores.
  return [];
};

/** The gateway's body for one outbound message, or why it cannot go. */
const requestBodyOf = (message: OutboundMessage): Record<string, unknown> | string => {
  const to = message.to.replace(/\D/g, '');
  switch (message.type) {
    case 'chat':
      // Reply buttons are not offered by the gateway: the text goes alone, the customer answers in words.
      return { to_number: to, type: 'text', message: message.body };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
      if (!message.attachmentUrl) return 'the file of the message is missing';
      return {
        to_number: to,
        type: 'media',
        message: message.attachmentUrl,
        text: message.body,
        ...(message.filename ? { filename: message.filename } : {}),
      };
    case 'location': {
      const point = parseLocationBody(message.body);
      if (!point) return 'the location is not valid';
      return { to_number: to, type: 'location', latitude: point.lat, longitude: point.lng, text: '' };
    }
    default:
      return `a ${message.type} message cannot be sent`;
  }
};

const isSuccess = (answer: ProviderAnswer) =>
  answer.status >= 200 && answer.status < 300 && pick(answer.body, 'success') === true;

/** The gateway answers { success: false, message } on a refusal. */
const gatewayReason = (answer: ProviderAnswer) =>
  pickText(answer.body, 'message') || pickText(answer.body, 'error') || `HTTP ${answer.status}`;

/**
 * An unofficial WhatsApp gateway (Maytapi): a personal or business phone linked like WhatsApp Web, by a QR
 * code. One product holds several phones; each device is one phone. Deliveries prove themselves with the
 * device's webhook secret in the URL we registered; the session (qr, connected, disconnected, banned) is
 * read at connect, on the gateway's status events and by the devices module's poll while not connected.
 */
export const createMaytapiAdapter = (options: ChannelOptions): ChannelAdapter => {
  const timeout = options.providerTimeoutMs;
  const origin = new URL(options.maytapiApiUrl).origin;
  const productUrl = (device: ChannelDevice, path: string) =>
    `${options.maytapiApiUrl}/${encodeURIComponent(configText(device, 'product_id'))}/${path}`;
  const phoneUrl = (device: ChannelDevice, path: string) =>
    productUrl(device, `${encodeURIComponent(configText(device, 'phone_id'))}/${path}`);
  const keyHeader = (device: ChannelDevice) => ({ [MAYTAPI_KEY_HEADER]: configText(device, 'api_key') });

  /** The QR the phone should scan, as a data URL; '' when the gateway has none to show. */
  const readQr = async (device: ChannelDevice): Promise<string> => {
    const answer = await fetchOutbound(phoneUrl(device, 'qrCode'), {
      headers: keyHeader(device),
      timeoutMs: timeout,
      maxBytes: QR_MAX_BYTES,
      trustedOrigin: origin,
      allowHosts: options.outboundAllowHosts,
    }).catch(() => undefined);
    if (answer?.status !== 200 || !answer.body.subarray(0, 8).equals(PNG_SIGNATURE)) return '';
    return `data:image/png;base64,${answer.body.toString('base64')}`;
  };

  const readSession = async (device: ChannelDevice): Promise<GatewaySession> => {
    const answer = await callProvider(
      phoneUrl(device, 'status'),
      { method: 'GET', headers: keyHeader(device) },
      timeout,
    );
    // The gateway down says nothing about the phone: the caller keeps what it knew.
    if (answer.status >= 500 || answer.status === 429) {
      throw new ProviderCallError(`the gateway answered ${answer.status}`, false);
    }
    if (!isSuccess(answer)) return { session: 'disconnected', qr: '' };
    const state = pickText(answer.body, 'status', 'state', 'state');
    const session =
      STATE_SESSIONS[state] ??
      (state === '' && pick(answer.body, 'status', 'isQr') === true ? 'qr' : 'disconnected');
    return { session, qr: session === 'qr' ? await readQr(device) : '' };
  };

  return {
    type: 'maytapi',

    verifyWebhook(request, device) {
      const given = request.query.secret;
      const secret = configText(device, 'webhook_secret');
      return typeof given === 'string' && secret !== '' && safeEqual(given, secret)
        ? { ok: true }
        : { ok: false, status: 401 };
    },

    parseWebhook: (body, device) => parseEvent(body, configText(device, 'phone_id')),

    async send(device, message): Promise<SendResult> {
      if (device.session === 'banned') return { ok: false, retryable: false, reason: BANNED_REASON };
      const body = requestBodyOf(message);
      if (typeof body === 'string') return { ok: false, retryable: false, reason: body };
      try {
        const answer = await callProvider(
          phoneUrl(device, 'sendMessage'),
          { json: body, headers: keyHeader(device) },
          timeout,
        );
        const id = pickText(answer.body, 'data', 'msgId');
        if (isSuccess(answer) && id) return { ok: true, providerMessageId: id };
        const reason = gatewayReason(answer);
        if (answer.status === 429) return { ok: false, retryable: true, reason, retryAfterMs: 5000 };
        return { ok: false, retryable: answer.status >= 500, reason };
      } catch (error) {
        return failureOfCall(error);
      }
    },

    /**
     * Registers our webhook (the device's secret in its query: the gateway signs nothing) with delivery
     * receipts on, then reads the session. Refused credentials leave the device disconnected, without a
     * session to follow until it is connected again.
     */
    async connect(device): Promise<DeviceConnection> {
      const stored = configText(device, 'webhook_secret');
      const secret = stored.length >= SECRET_MIN_LENGTH ? stored : randomBytes(24).toString('base64url');
      const config = { ...device.config, webhook_secret: secret };
      const withSecret = { ...device, config };
      try {
        const hooked = await callProvider(
          productUrl(device, 'setWebhook'),
          {
            json: {
              webhook: `${options.publicUrl}/webhooks/maytapi/${device.id}?secret=${encodeURIComponent(secret)}`,
              ack_delivery: true,
            },
            headers: keyHeader(device),
          },
          timeout,
        );
        if (!isSuccess(hooked)) return { status: 'disconnected', config };
      } catch {
        return { status: 'disconnected', config };
      }
      const gateway = await readSession(withSecret).catch(
        (): GatewaySession => ({ session: 'disconnected', qr: '' }),
      );
      return { status: gateway.session === 'connected' ? 'connected' : 'disconnected', config, gateway };
    },

    readSession,

    /** The gateway's own file URL (its CDN), through the outbound guard; its API origin is trusted. */
    downloadMedia: (_device, media) =>
      downloadFile(
        media.ref,
        { timeoutMs: timeout, allowHosts: options.outboundAllowHosts, trustedOrigin: origin },
        media.filename,
      ),
  };
};
