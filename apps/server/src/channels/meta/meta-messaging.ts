import { type MessageType, parseLocationBody } from '@conversa/domain';
import { z } from 'zod';
import { badRequest } from '../../core/http/app-error';
import type {
  ChannelAdapter,
  ChannelDevice,
  ChannelOptions,
  InboundEvent,
  OutboundMessage,
  SendResult,
} from '../channel-adapter';
import { callProvider, downloadFile, failureOfCall } from '../provider-http';
import { bearer, graphSendResult, metaHandshake, verifyMetaSignature } from './meta-webhook';

const attachmentSchema = z.looseObject({
  type: z.string(),
  payload: z
    .looseObject({
      url: z.string().optional(),
      coordinates: z.object({ lat: z.number(), long: z.number() }).optional(),
    })
    .nullish(),
});

const eventSchema = z.looseObject({
  sender: z.object({ id: z.string() }),
  timestamp: z.number().optional(),
  message: z
    .looseObject({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      attachments: z.array(attachmentSchema).default([]),
      // A tapped quick reply: its text is the title, its payload the id we gave it.
      quick_reply: z.looseObject({ payload: z.string() }).optional(),
    })
    .optional(),
  delivery: z.looseObject({ mids: z.array(z.string()).default([]) }).optional(),
  read: z.looseObject({ mid: z.string().optional() }).optional(),
});

const payloadSchema = (object: 'page' | 'instagram') =>
  z.object({
    object: z.literal(object),
    entry: z.array(z.looseObject({ messaging: z.array(eventSchema).default([]) })),
  });

const ATTACHMENT_TYPES: Record<string, MessageType> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'document',
};

const SEND_ATTACHMENT_TYPES: Partial<Record<MessageType, string>> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'file',
};

export type MetaMessagingSettings = {
  type: 'messenger' | 'instagram';
  object: 'page' | 'instagram';
  /** The config keys of the account id and its token. */
  accountKey: string;
  tokenKey: string;
};

const configText = (device: ChannelDevice, key: string) => {
  const value = device.config[key];
  return typeof value === 'string' ? value : '';
};

/** Send API limits of a quick reply. */
const QUICK_REPLY_TITLE_MAX = 20;
const QUICK_REPLY_PAYLOAD_MAX = 1000;

/** Our reply buttons as quick replies; none when an id is too long to be a payload. */
const quickRepliesOf = (message: OutboundMessage) => {
  const fits = message.buttons.every((button) => button.id.length <= QUICK_REPLY_PAYLOAD_MAX);
  if (message.buttons.length === 0 || !fits) return {};
  return {
    quick_replies: message.buttons.map((button) => ({
      content_type: 'text',
      title: Array.from(button.title).slice(0, QUICK_REPLY_TITLE_MAX).join(''),
      payload: button.id,
    })),
  };
};

/** The Send API body: text, an attachment by URL, or a location as a map link (the Send API has none). */
const toMessage = (message: OutboundMessage): Record<string, unknown> | string => {
  if (message.type === 'chat') return { text: message.body, ...quickRepliesOf(message) };
  if (message.type === 'location') {
    const point = parseLocationBody(message.body);
    return point
      ? { text: `https://maps.google.com/?q=${point.lat},${point.lng}` }
      : 'the location is not valid';
  }
  const type = SEND_ATTACHMENT_TYPES[message.type];
  if (!type || !message.attachmentUrl) return 'the attachment is missing';
  return { attachment: { type, payload: { url: message.attachmentUrl, is_reusable: false } } };
};

/**
 * Messenger and Instagram messaging: the same Graph webhooks (signed with the app secret, `entry[].messaging[]`)
 * and the same Send API. The contact's 'phone' is the sender's page-scoped id (PSID, or IGSID on Instagram):
 * neither platform reveals a phone number. Echoes of our own messages (is_echo) are ignored.
 */
export const createMetaMessagingAdapter = (
  settings: MetaMessagingSettings,
  options: ChannelOptions,
): ChannelAdapter => {
  const schema = payloadSchema(settings.object);
  const timeout = options.providerTimeoutMs;
  return {
    type: settings.type,
    // The Send API allows about 300 calls per second per page.
    pacing: { perSecond: 300 },
    verifyWebhook: verifyMetaSignature,
    handshake: metaHandshake,

    parseWebhook(body, device): InboundEvent[] {
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw badRequest([{ path: 'entry', message: 'validation.invalid' }]);
      const ownId = configText(device, settings.accountKey);
      const events: InboundEvent[] = [];
      for (const event of parsed.data.entry.flatMap((entry) => entry.messaging)) {
        const timestamp = event.timestamp ? new Date(event.timestamp) : new Date();
        for (const mid of event.delivery?.mids ?? []) {
          events.push({ kind: 'status', providerMessageId: mid, status: 'recive' });
        }
        // Instagram names the message read; Messenger's read receipts carry only a watermark time.
        if (event.read?.mid)
          events.push({ kind: 'status', providerMessageId: event.read.mid, status: 'read' });
        const message = event.message;
        if (!message || message.is_echo || event.sender.id === ownId) continue;
        const from = { phone: event.sender.id, name: '' };
        if (message.text !== undefined && message.attachments.length === 0) {
          events.push({
            kind: 'message',
            providerMessageId: message.mid,
            from,
            type: 'chat',
            body: message.text,
            timestamp,
            ...(message.quick_reply ? { buttonReply: message.quick_reply.payload } : {}),
          });
          continue;
        }
        // One stored message per attachment, each with its own id derived from the message's.
        message.attachments.forEach((attachment, index) => {
          const providerMessageId = index === 0 ? message.mid : `${message.mid}:${index}`;
          const coordinates = attachment.payload?.coordinates;
          if (attachment.type === 'location' && coordinates) {
            events.push({
              kind: 'message',
              providerMessageId,
              from,
              type: 'location',
              body: `${coordinates.lat};${coordinates.long}`,
              timestamp,
            });
            return;
          }
          const type = ATTACHMENT_TYPES[attachment.type];
          const url = attachment.payload?.url;
          if (!type || !url) return;
          events.push({
            kind: 'message',
            providerMessageId,
            from,
            type,
            body: index === 0 ? (message.text ?? '') : '',
            timestamp,
            media: { ref: url, mimetype: '', filename: `${attachment.type}-${providerMessageId.slice(-12)}` },
          });
        });
      }
      return events;
    },

    async send(device, message): Promise<SendResult> {
      const content = toMessage(message);
      if (typeof content === 'string') return { ok: false, retryable: false, reason: content };
      try {
        const answer = await callProvider(
          `${options.graphApiUrl}/${configText(device, settings.accountKey)}/messages`,
          {
            json: { recipient: { id: message.to }, messaging_type: 'RESPONSE', message: content },
            headers: bearer(configText(device, settings.tokenKey)),
          },
          timeout,
        );
        return graphSendResult(answer, 'message_id');
      } catch (error) {
        return failureOfCall(error);
      }
    },

    /** Credentials check: the account must be readable with its token. */
    async connect(device) {
      try {
        const answer = await callProvider(
          `${options.graphApiUrl}/${configText(device, settings.accountKey)}?fields=id`,
          { headers: bearer(configText(device, settings.tokenKey)) },
          timeout,
        );
        return { status: answer.status === 200 ? 'connected' : 'disconnected', config: device.config };
      } catch {
        return { status: 'disconnected', config: device.config };
      }
    },

    /**
     * Attachment URLs need no token. They arrive inside the webhook, and a shared link's fallback
     * attachment can point anywhere, so even one on the Graph host is checked like any outside URL.
     */
    downloadMedia: (_device, media) =>
      downloadFile(media.ref, { timeoutMs: timeout, allowHosts: options.outboundAllowHosts }, media.filename),
  };
};
