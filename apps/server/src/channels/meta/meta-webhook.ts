import { createHmac } from 'node:crypto';
import { safeEqual } from '../../core/crypto/secret-box';
import type {
  ChannelDevice,
  SendFailure,
  SendResult,
  WebhookRequest,
  WebhookVerdict,
} from '../channel-adapter';
import { deliveryUnknown, type ProviderAnswer, pick, pickText } from '../provider-http';

const headerOf = (request: Pick<WebhookRequest, 'headers'>, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const configText = (device: ChannelDevice, key: string): string => {
  const value = device.config[key];
  return typeof value === 'string' ? value : '';
};

/**
 * Meta signs every delivery: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the
 * app secret>`. Compared in constant time; a missing secret, header or body is a refusal.
 */
export const verifyMetaSignature = (request: WebhookRequest, device: ChannelDevice): WebhookVerdict => {
  const appSecret = configText(device, 'app_secret');
  const header = headerOf(request, 'x-hub-signature-256');
  if (!appSecret || !header?.startsWith('sha256=') || request.rawBody === undefined) {
    return { ok: false, status: 401 };
  }
  const expected = createHmac('sha256', appSecret).update(request.rawBody, 'utf8').digest('hex');
  return safeEqual(header.slice('sha256='.length).toLowerCase(), expected)
    ? { ok: true }
    : { ok: false, status: 401 };
};

/** Meta's subscription check: GET with hub.mode=subscribe and our verify token, answered with hub.challenge. */
export const metaHandshake = (request: WebhookRequest, device: ChannelDevice) => {
  const mode = request.query['hub.mode'];
  const token = request.query['hub.verify_token'];
  const challenge = request.query['hub.challenge'];
  const verifyToken = configText(device, 'verify_token');
  if (
    mode === 'subscribe' &&
    typeof token === 'string' &&
    typeof challenge === 'string' &&
    verifyToken !== '' &&
    safeEqual(token, verifyToken)
  ) {
    return { status: 200, body: challenge };
  }
  return { status: 403, body: 'Forbidden' };
};

/**
 * Graph's throttling answers: WhatsApp throughput (130429), pair rate (131056), app/page rate limits
 * (4, 17, 32, 613, 80006, 80007). Delays follow the limit's window: a second for throughput, the six
 * seconds of the pair rate, a minute for the account-level ones.
 */
const THROTTLE_DELAY_MS: Record<number, number> = {
  130429: 1000,
  131056: 6000,
  4: 60_000,
  17: 60_000,
  32: 60_000,
  613: 60_000,
  80006: 60_000,
  80007: 60_000,
};

const retryAfterHeaderMs = (answer: ProviderAnswer): number | undefined => {
  const seconds = Number(answer.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
};

/** What a Graph error answer means for the message. */
export const graphFailure = (answer: ProviderAnswer): SendFailure => {
  const code = Number(pick(answer.body, 'error', 'code'));
  const message = pickText(answer.body, 'error', 'message') || `HTTP ${answer.status}`;
  const details = pickText(answer.body, 'error', 'error_data', 'details');
  const reason = `${message}${details && details !== message ? `: ${details}` : ''}${Number.isFinite(code) ? ` (#${code})` : ''}`;
  const throttleMs = THROTTLE_DELAY_MS[code];
  const coded = Number.isFinite(code) ? { code } : {};
  if (throttleMs !== undefined || answer.status === 429) {
    return {
      ok: false,
      retryable: true,
      reason,
      retryAfterMs: retryAfterHeaderMs(answer) ?? throttleMs ?? 1000,
      ...coded,
    };
  }
  if (answer.status >= 500) return { ok: false, retryable: true, reason, ...coded };
  return { ok: false, retryable: false, reason, ...coded };
};

/** A Send API answer: accepted with the message id at `idPath`, an accepted answer without one, or a failure. */
export const graphSendResult = (answer: ProviderAnswer, ...idPath: (string | number)[]): SendResult => {
  if (answer.status < 200 || answer.status >= 300) return graphFailure(answer);
  const id = pickText(answer.body, ...idPath);
  return id ? { ok: true, providerMessageId: id } : deliveryUnknown('no message id');
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
