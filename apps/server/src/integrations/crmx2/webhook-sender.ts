import { createHmac, randomBytes } from 'node:crypto';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_USER_AGENT,
} from '@conversa/domain';
import { fetchOutbound, OutboundRefused } from '../../core/net/outbound-fetch';

/** A receiver has this long to answer; one that takes longer is tried again later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Only the status matters; a receiver answering a long page still counts, up to this. */
const MAX_ANSWER_BYTES = 1_000_000;
/** How much of a refusal's body the log keeps, enough for the receiver's own error message. */
const ERROR_EXCERPT = 200;

/** `sha256=<hex HMAC-SHA256 of the exact body>`: what X-Conversa-Signature carries. */
export const signWebhookBody = (secret: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A new subscription's secret: 32 random bytes, base64url, with a prefix saying what it is. */
export const generateWebhookSecret = (): string =>
  `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

export type WebhookSend = { url: string; secret: string; deliveryId: string; event: string; body: string };

/**
 * One attempt's outcome. `responseStatus` is null when the receiver never answered; `isPermanent` when
 * trying again cannot help (the URL is refused: a private address, a scheme other than http(s)).
 */
export type WebhookAttempt =
  | { ok: true; responseStatus: number }
  | { ok: false; responseStatus: number | null; error: string; isPermanent: boolean };

export type WebhookSender = { send: (delivery: WebhookSend) => Promise<WebhookAttempt> };

/**
 * The crmx2 adapter: POSTs a signed body to the company's URL through the one outbound fetch, so the URL
 * must resolve to public addresses (OUTBOUND_ALLOW_HOSTS exempts the tests' receiver on loopback). A 2xx
 * is delivered; any other answer, a timeout or a lost connection may work later.
 */
export const createWebhookSender = (options: {
  allowHosts: readonly string[];
  timeoutMs?: number;
}): WebhookSender => ({
  async send({ url, secret, deliveryId, event, body }) {
    try {
      const answer = await fetchOutbound(url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, body),
          [WEBHOOK_EVENT_HEADER]: event,
          [WEBHOOK_DELIVERY_HEADER]: deliveryId,
        },
        timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
        allowHosts: options.allowHosts,
      });
      if (answer.status >= 200 && answer.status <= 299) return { ok: true, responseStatus: answer.status };
      const excerpt = answer.body.toString('utf8').trim().slice(0, ERROR_EXCERPT);
      return {
        ok: false,
        responseStatus: answer.status,
        error: `${answer.status}${excerpt ? `: ${excerpt}` : ''}`,
        isPermanent: false,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        responseStatus: null,
        error: message,
        isPermanent: error instanceof OutboundRefused,
      };
    }
  },
});
