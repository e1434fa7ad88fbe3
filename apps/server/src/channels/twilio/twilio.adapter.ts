import { deviceWebhookUrl, parseLocationBody } from '@conversa/domain';
import type {
  ChannelAdapter,
  ChannelDevice,
  ChannelOptions,
  OutboundMessage,
  SendFailure,
  SendResult,
} from '../channel-adapter';
import {
  callProvider,
  deliveryUnknown,
  downloadFile,
  failureOfCall,
  type ProviderAnswer,
  pick,
  pickText,
} from '../provider-http';
import { parseTwilioForm, verifyTwilioSignature } from './twilio-webhook';

const configText = (device: ChannelDevice, key: string) => {
  const value = device.config[key];
  return typeof value === 'string' ? value : '';
};

const basicAuth = (device: ChannelDevice) => ({
  authorization: `Basic ${Buffer.from(`${configText(device, 'account_sid')}:${configText(device, 'auth_token')}`).toString('base64')}`,
});

/** Twilio's error answer `{ code, message }`, shown `message (#code)`; 429 and 5xx are tried again. */
const twilioFailure = (answer: ProviderAnswer): SendFailure => {
  const code = Number(pick(answer.body, 'code'));
  const message = pickText(answer.body, 'message') || `HTTP ${answer.status}`;
  const coded = Number.isFinite(code) && code > 0 ? { code } : {};
  const reason = `${message}${coded.code ? ` (#${coded.code})` : ''}`;
  if (answer.status === 429) {
    const seconds = Number(answer.headers.get('retry-after'));
    return {
      ok: false,
      retryable: true,
      reason,
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000,
      ...coded,
    };
  }
  return { ok: false, retryable: answer.status >= 500, reason, ...coded };
};

/**
 * The Messages API form of one message. Reply buttons need Twilio's Content API (out of scope): the text
 * goes alone, which a typed answer still answers. A location is WhatsApp's through PersistentAction.
 */
const messageForm = (message: OutboundMessage): Record<string, string> | string => {
  if (message.type === 'chat') return { Body: message.body };
  if (message.type === 'location') {
    const point = parseLocationBody(message.body);
    if (!point) return 'the location is not valid';
    return { Body: `${point.lat},${point.lng}`, PersistentAction: `geo:${point.lat},${point.lng}` };
  }
  if (['image', 'audio', 'video', 'document'].includes(message.type)) {
    if (!message.attachmentUrl) return 'the attachment is missing';
    return { ...(message.body ? { Body: message.body } : {}), MediaUrl: message.attachmentUrl };
  }
  // Kinds only customers send (a contact card, a reaction…) are never queued to go out.
  return `a ${message.type} message cannot be sent`;
};

/**
 * Twilio's WhatsApp senders (official mode). Nothing is registered at Twilio: the person pastes the
 * device's webhook URL as the sender's incoming URL, and each send names it as StatusCallback. Deliveries
 * are form-encoded and signed over our PUBLIC_URL (twilio-webhook).
 */
export const createTwilioAdapter = (options: ChannelOptions): ChannelAdapter => {
  const timeout = options.providerTimeoutMs;
  const apiOrigin = new URL(options.twilioApiUrl).origin;
  const account = (device: ChannelDevice, path = '') =>
    `${options.twilioApiUrl}/2010-04-01/Accounts/${encodeURIComponent(configText(device, 'account_sid'))}${path}`;

  return {
    type: 'twilio',
    // Twilio's default throughput of a WhatsApp sender: 80 messages per second.
    pacing: { perSecond: 80 },

    verifyWebhook: (request, device) => verifyTwilioSignature(options.publicUrl, request, device),

    parseWebhook: (body) => parseTwilioForm(body),

    async send(device, message): Promise<SendResult> {
      const fields = messageForm(message);
      if (typeof fields === 'string') return { ok: false, retryable: false, reason: fields };
      const form = new URLSearchParams({
        To: `whatsapp:+${message.to.replace(/\D/g, '')}`,
        From: `whatsapp:${configText(device, 'from_number')}`,
        ...fields,
        StatusCallback: deviceWebhookUrl(options.publicUrl, 'twilio', device.id),
      });
      try {
        const answer = await callProvider(
          account(device, '/Messages.json'),
          { form, headers: basicAuth(device) },
          timeout,
        );
        if (answer.status < 200 || answer.status >= 300) return twilioFailure(answer);
        const sid = pickText(answer.body, 'sid');
        return sid ? { ok: true, providerMessageId: sid } : deliveryUnknown('no message sid');
      } catch (error) {
        return failureOfCall(error);
      }
    },

    /** The credentials check: the account must be readable with them (Twilio answers 401, code 20003). */
    async connect(device) {
      try {
        const answer = await callProvider(account(device, '.json'), { headers: basicAuth(device) }, timeout);
        return { status: answer.status === 200 ? 'connected' : 'disconnected', config: device.config };
      } catch {
        return { status: 'disconnected', config: device.config };
      }
    },

    /**
     * MediaUrl0 is under Twilio's API, which asks for the account's basic auth when media authentication is
     * on; the credentials go only there (and never follow its redirect to the file's storage).
     */
    async downloadMedia(device, media) {
      const isTwilio = new URL(media.ref).origin === apiOrigin;
      return downloadFile(
        media.ref,
        {
          headers: isTwilio ? basicAuth(device) : {},
          timeoutMs: timeout,
          allowHosts: options.outboundAllowHosts,
          trustedOrigin: apiOrigin,
        },
        media.filename,
      );
    },
  };
};
