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
      // Instagram: a kind the API does not deliver; a message the customer took back.
      is_unsupported: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      attachments: z.array(attachmentSchema).default([]),
      // A tapped quick reply: its text is the title, its payload the id we gave it.
      quick_reply: z.looseObject({ payload: z.string() }).optional(),
      // The message this one answers (a reply to a story names the story instead, without a mid).
      reply_to: z.looseObject({ mid: z.string().optional() }).optional(),
    })
    .optional(),
  // A tapped button that is not a quick reply: Get Started, the persistent menu, an ice breaker.
  postback: z
    .looseObject({
      mid: z.string().optional(),
      title: z.string().default(''),
      payload: z.string().default(''),
    })
    .optional(),
  // message_reactions: `mid` is the message reacted to.
  reaction: z
    .looseObject({ mid: z.string(), action: z.string().default('react'), emoji: z.string().default('') })
    .optional(),
  delivery: z.looseObject({ mids: z.array(z.string()).default([]) }).optional(),
  // Instagram names the message read; Messenger gives the time up to which everything was read.
  read: z.looseObject({ mid: z.string().optional(), watermark: z.number().optional() }).optional(),
});

type MessagingEvent = z.infer<typeof eventSchema>;

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

/**
 * A customer's message: text, or one stored message per attachment (each with its own id derived from the
 * message's), quoting `reply_to.mid`. A story mention is stored with the story's URL; an attachment or a
 * message the product does not read is stored as 'unsupported', named by its type.
 */
const messageEvents = (
  message: NonNullable<MessagingEvent['message']>,
  from: { phone: string; name: string },
  timestamp: Date,
): InboundEvent[] => {
  const quoted = message.reply_to?.mid ? { quotedProviderId: message.reply_to.mid } : {};
  const base = { kind: 'message' as const, from, timestamp, ...quoted };
  // A shared link arrives as its text with a 'fallback' attachment: the text says it all.
  const attachments = message.attachments.filter(
    (attachment) => !(attachment.type === 'fallback' && message.text),
  );
  if (attachments.length === 0) {
    if (message.text !== undefined) {
      return [
        {
          ...base,
          providerMessageId: message.mid,
          type: 'chat',
          body: message.text,
          ...(message.quick_reply ? { buttonReply: message.quick_reply.payload } : {}),
        },
      ];
    }
    if (message.is_deleted) return [];
    return [
      {
        ...base,
        providerMessageId: message.mid,
        type: 'unsupported',
        body: message.is_unsupported ? 'unsupported' : 'unknown',
      },
    ];
  }
  return attachments.map((attachment, index): InboundEvent => {
    const providerMessageId = index === 0 ? message.mid : `${message.mid}:${index}`;
    const one = { ...base, providerMessageId };
    const coordinates = attachment.payload?.coordinates;
    const url = attachment.payload?.url;
    if (attachment.type === 'location' && coordinates) {
      return { ...one, type: 'location', body: `${coordinates.lat};${coordinates.long}` };
    }
    if (attachment.type === 'story_mention' && url) return { ...one, type: 'story_mention', body: url };
    const type = ATTACHMENT_TYPES[attachment.type];
    if (!type || !url) return { ...one, type: 'unsupported', body: attachment.type };
    return {
      ...one,
      type,
      body: index === 0 ? (message.text ?? '') : '',
      media: { ref: url, mimetype: '', filename: `${attachment.type}-${providerMessageId.slice(-12)}` },
    };
  });
};

/** One `messaging[]` entry in the product's events; echoes and the account's own doings are left out. */
const eventsOf = (event: MessagingEvent, ownId: string): InboundEvent[] => {
  const events: InboundEvent[] = [];
  const timestamp = event.timestamp ? new Date(event.timestamp) : new Date();
  for (const mid of event.delivery?.mids ?? []) {
    events.push({ kind: 'status', providerMessageId: mid, status: 'recive' });
  }
  if (event.read?.mid) {
    events.push({ kind: 'status', providerMessageId: event.read.mid, status: 'read' });
  } else if (event.read?.watermark !== undefined) {
    events.push({
      kind: 'read_watermark',
      providerMessageId: `read:${event.sender.id}:${event.read.watermark}`,
      from: { phone: event.sender.id },
      watermark: new Date(event.read.watermark),
    });
  }
  if (event.sender.id === ownId) return events;
  const from = { phone: event.sender.id, name: '' };
  const { message, postback, reaction } = event;
  if (message && !message.is_echo) events.push(...messageEvents(message, from, timestamp));
  if (postback) {
    events.push({
      kind: 'message',
      // Every postback carries its own mid; one without is named by who tapped and when.
      providerMessageId: postback.mid || `postback:${event.sender.id}:${timestamp.getTime()}`,
      from,
      type: 'chat',
      body: postback.title || postback.payload,
      timestamp,
      ...(postback.payload ? { buttonReply: postback.payload } : {}),
    });
  }
  if (reaction) {
    // A reaction has no id of its own: it is named by who reacted to which message, and when.
    const providerMessageId = `reaction:${event.sender.id}:${reaction.mid}:${timestamp.getTime()}`;
    if (reaction.action === 'unreact' || !reaction.emoji) {
      events.push({ kind: 'reaction_removed', providerMessageId, from, quotedProviderId: reaction.mid });
    } else {
      events.push({
        kind: 'message',
        providerMessageId,
        from,
        type: 'reaction',
        body: reaction.emoji,
        timestamp,
        quotedProviderId: reaction.mid,
      });
    }
  }
  return events;
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
      return parsed.data.entry.flatMap((entry) => entry.messaging).flatMap((event) => eventsOf(event, ownId));
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
