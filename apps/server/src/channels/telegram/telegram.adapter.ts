import { randomBytes } from 'node:crypto';
import { type MessageType, parseLocationBody, type SharedContact } from '@conversa/domain';
import { safeEqual } from '../../core/crypto/secret-box';
import { badRequest } from '../../core/http/app-error';
import type {
  ChannelAdapter,
  ChannelDevice,
  ChannelOptions,
  InboundEvent,
  InboundMedia,
  OutboundMessage,
  SendResult,
} from '../channel-adapter';
import {
  callProvider,
  downloadFile,
  failureOfCall,
  type ProviderAnswer,
  pick,
  pickText,
} from '../provider-http';
import { buttonAnswerOf, buttonPressOf, keyboardOf } from './telegram-buttons';
import { nameOf, type TelegramFile, type TelegramUpdate, updateSchema } from './telegram-update';

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

type TelegramMessage = NonNullable<TelegramUpdate['message']>;

const configText = (device: ChannelDevice, key: string) => {
  const value = device.config[key];
  return typeof value === 'string' ? value : '';
};

/** Kinds of customer message the product does not read, stored by their Telegram name (never dropped). */
const UNSUPPORTED_KINDS = ['poll', 'dice', 'game', 'story', 'invoice', 'giveaway', 'paid_media'] as const;

type Content = { type: MessageType; body: string; media?: InboundMedia; contacts?: SharedContact[] };

const contactCard = (contact: NonNullable<TelegramMessage['contact']>): Content => {
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
  const phone = contact.phone_number.replace(/\D/g, '');
  return {
    type: 'contact',
    body: [name, contact.phone_number].filter(Boolean).join(' '),
    contacts: [{ name, phones: phone ? [phone] : [], emails: [] }],
  };
};

const stickerOf = (message: TelegramMessage, sticker: NonNullable<TelegramMessage['sticker']>): Content => {
  const isStill = !sticker.is_animated && !sticker.is_video;
  const fileId = isStill ? sticker.file_id : (sticker.thumbnail?.file_id ?? sticker.file_id);
  return {
    type: 'image',
    body: sticker.emoji,
    media: {
      ref: fileId,
      mimetype: isStill ? 'image/webp' : '',
      filename: `sticker-${message.message_id}${isStill ? '.webp' : ''}`,
    },
  };
};

const toContent = (message: TelegramMessage): Content | undefined => {
  if (message.text !== undefined) return { type: 'chat', body: message.text };
  if (message.location) {
    return { type: 'location', body: `${message.location.latitude};${message.location.longitude}` };
  }
  if (message.contact) return contactCard(message.contact);
  if (message.sticker) return stickerOf(message, message.sticker);
  const largestPhoto = message.photo?.reduce((best, size) =>
    size.width * size.height > best.width * best.height ? size : best,
  );
  if (largestPhoto) {
    return {
      type: 'image',
      body: message.caption,
      media: {
        ref: largestPhoto.file_id,
        mimetype: 'image/jpeg',
        filename: `photo-${message.message_id}.jpg`,
      },
    };
  }
  const kinds: [MessageType, TelegramFile | undefined, string][] = [
    // An animation comes with a copy of itself as `document`, for older clients: it is read first.
    ['video', message.animation, 'animation'],
    ['document', message.document, 'document'],
    ['audio', message.audio, 'audio'],
    ['audio', message.voice, 'voice'],
    ['video', message.video, 'video'],
    ['video', message.video_note, 'video_note'],
  ];
  for (const [type, file, label] of kinds) {
    if (file) {
      return {
        type,
        body: message.caption,
        media: {
          ref: file.file_id,
          mimetype: file.mime_type,
          filename: file.file_name || `${label}-${message.message_id}`,
        },
      };
    }
  }
  const kind = UNSUPPORTED_KINDS.find((name) => message[name] !== undefined);
  return kind ? { type: 'unsupported', body: kind } : undefined;
};

/** Telegram's methods by message type; audio/ogg goes as a voice note, other audio as a music file. */
const toMethod = (message: OutboundMessage): { method: string; params: Record<string, unknown> } | string => {
  const caption = message.body ? { caption: message.body } : {};
  switch (message.type) {
    case 'chat':
      return { method: 'sendMessage', params: { text: message.body, ...keyboardOf(message) } };
    case 'location': {
      const point = parseLocationBody(message.body);
      if (!point) return 'the location is not valid';
      return { method: 'sendLocation', params: { latitude: point.lat, longitude: point.lng } };
    }
    case 'image':
      return { method: 'sendPhoto', params: { photo: message.attachmentUrl, ...caption } };
    case 'video':
      return { method: 'sendVideo', params: { video: message.attachmentUrl, ...caption } };
    case 'document':
      return { method: 'sendDocument', params: { document: message.attachmentUrl, ...caption } };
    case 'audio':
      // Ogg (Opus) is what Telegram plays as a voice note.
      return message.mimetype.endsWith('/ogg')
        ? { method: 'sendVoice', params: { voice: message.attachmentUrl, ...caption } }
        : { method: 'sendAudio', params: { audio: message.attachmentUrl, ...caption } };
    default:
      // Kinds only customers send (a contact card, a reaction…) are never queued to go out.
      return `a ${message.type} message cannot be sent`;
  }
};

/** Telegram answers { ok, result } or { ok: false, error_code, description, parameters.retry_after }. */
const telegramFailure = (answer: ProviderAnswer) => {
  const reason = pickText(answer.body, 'description') || `HTTP ${answer.status}`;
  const retryAfter = Number(pick(answer.body, 'parameters', 'retry_after'));
  if (answer.status === 429) {
    return {
      ok: false as const,
      retryable: true,
      reason,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1000,
    };
  }
  return { ok: false as const, retryable: answer.status >= 500, reason };
};

/**
 * Telegram Bot API. Telegram never tells a bot the user's phone number, so the contact's 'phone' is the
 * private chat's id (stable per user and bot); its name comes from first_name, last_name or username.
 * Only private chats are taken: a group is not one customer.
 */
export const createTelegramAdapter = (options: ChannelOptions): ChannelAdapter => {
  const timeout = options.providerTimeoutMs;
  const method = (device: ChannelDevice, name: string) =>
    `${options.telegramApiUrl}/bot${configText(device, 'bot_token')}/${name}`;
  const call = (device: ChannelDevice, name: string, params: Record<string, unknown> = {}) =>
    callProvider(method(device, name), { json: params }, timeout);

  return {
    type: 'telegram',
    // Bot API guidance: about 30 messages per second per bot, and no more than one per second per chat.
    pacing: { perSecond: 30, perChatPerSecond: 1 },

    verifyWebhook(request, device) {
      const header = request.headers[TELEGRAM_SECRET_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      const secret = configText(device, 'secret_token');
      return typeof given === 'string' && secret !== '' && safeEqual(given, secret)
        ? { ok: true }
        : { ok: false, status: 401 };
    },

    webhookReply: buttonAnswerOf,

    parseWebhook(body): InboundEvent[] {
      const parsed = updateSchema.safeParse(body);
      if (!parsed.success) throw badRequest([{ path: 'update_id', message: 'validation.invalid' }]);
      const query = parsed.data.callback_query;
      if (query) {
        const press = buttonPressOf(query);
        return press ? [press] : [];
      }
      const message = parsed.data.message;
      if (message?.chat.type !== 'private') return [];
      const content = toContent(message);
      if (!content) return [];
      const name = nameOf(message.from);
      const chatId = String(message.chat.id);
      return [
        {
          kind: 'message',
          // message_id is unique only within a chat.
          providerMessageId: `${chatId}:${message.message_id}`,
          from: { phone: chatId, name },
          type: content.type,
          body: content.body,
          timestamp: new Date(message.date * 1000),
          ...(content.media ? { media: content.media } : {}),
          ...(content.contacts ? { contacts: content.contacts } : {}),
          ...(message.reply_to_message
            ? { quotedProviderId: `${chatId}:${message.reply_to_message.message_id}` }
            : {}),
        },
      ];
    },

    async send(device, message): Promise<SendResult> {
      const request = toMethod(message);
      if (typeof request === 'string') return { ok: false, retryable: false, reason: request };
      try {
        const answer = await call(device, request.method, { chat_id: message.to, ...request.params });
        if (answer.status === 200 && pick(answer.body, 'ok') === true) {
          const id = pickText(answer.body, 'result', 'message_id');
          if (id) return { ok: true, providerMessageId: `${message.to}:${id}` };
        }
        return telegramFailure(answer);
      } catch (error) {
        return failureOfCall(error);
      }
    },

    /**
     * Checks the token (getMe) and registers our webhook with a fresh secret, which Telegram sends back in
     * X-Telegram-Bot-Api-Secret-Token on every delivery.
     */
    async connect(device) {
      const secret = randomBytes(32).toString('base64url');
      try {
        const me = await call(device, 'getMe');
        if (me.status !== 200 || pick(me.body, 'ok') !== true) {
          return { status: 'disconnected', config: device.config };
        }
        const hooked = await call(device, 'setWebhook', {
          url: `${options.publicUrl}/webhooks/telegram/${device.id}`,
          secret_token: secret,
          allowed_updates: ['message', 'callback_query'],
        });
        const isHooked = hooked.status === 200 && pick(hooked.body, 'ok') === true;
        return {
          status: isHooked ? 'connected' : 'disconnected',
          config: { ...device.config, secret_token: secret },
        };
      } catch {
        return { status: 'disconnected', config: device.config };
      }
    },

    async disconnect(device) {
      await call(device, 'deleteWebhook').catch(() => undefined);
    },

    /** getFile gives a file_path, downloaded from /file/bot<token>/<file_path>. */
    async downloadMedia(device, media) {
      const answer = await call(device, 'getFile', { file_id: media.ref });
      const path = pickText(answer.body, 'result', 'file_path');
      if (answer.status !== 200 || !path) throw new Error(`getFile answered ${answer.status}`);
      // Built on TELEGRAM_API_URL, so trusted; a redirect elsewhere is still checked.
      return downloadFile(
        `${options.telegramApiUrl}/file/bot${configText(device, 'bot_token')}/${path}`,
        {
          timeoutMs: timeout,
          allowHosts: options.outboundAllowHosts,
          trustedOrigin: new URL(options.telegramApiUrl).origin,
        },
        media.filename,
      );
    },
  };
};
