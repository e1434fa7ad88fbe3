import { randomBytes } from 'node:crypto';
import { MESSAGE_STATUSES, MESSAGE_TYPES, normalizePhone } from '@conversa/domain';
import { z } from 'zod';
import { safeEqual } from '../../core/crypto/secret-box';
import { badRequest } from '../../core/http/app-error';
import type { ChannelAdapter, ChannelDevice, InboundEvent, WebhookRequest } from '../channel-adapter';

export const SANDBOX_SECRET_HEADER = 'x-sandbox-secret';

/** WhatsApp's limit on a reply button's id, the longest any provider carries. */
const BUTTON_ID_MAX = 256;

const messageId = () => z.string().min(1).max(200);

const inboundSchema = z.union([
  z.object({
    from: z.object({
      phone: z
        .string()
        .transform(normalizePhone)
        .pipe(z.string().regex(/^\d{6,15}$/)),
      name: z.string().trim().max(120).default(''),
    }),
    message: z.union([
      z.object({
        id: messageId(),
        type: z.enum(MESSAGE_TYPES).default('chat'),
        body: z.string().max(4096).default(''),
      }),
      // The simulated customer pressing one of our reply buttons: its title and its id.
      z.object({
        id: messageId(),
        type: z.literal('button'),
        body: z.string().min(1).max(4096),
        payload: z.string().min(1).max(BUTTON_ID_MAX),
      }),
    ]),
  }),
  // The simulated customer's phone reporting a receipt for one of our messages.
  z.object({ status: z.object({ id: z.string().min(1).max(200), status: z.enum(MESSAGE_STATUSES) }) }),
]);

/** Whether a request carries the device's sandbox secret (compared in constant time). */
export const hasSandboxSecret = (
  request: Pick<WebhookRequest, 'headers'>,
  device: ChannelDevice,
): boolean => {
  const header = request.headers[SANDBOX_SECRET_HEADER];
  const given = Array.isArray(header) ? header[0] : header;
  const secret = device.config.secret;
  return typeof given === 'string' && typeof secret === 'string' && secret !== '' && safeEqual(given, secret);
};

/**
 * The built-in provider: no outside service, so demos and tests can play the customer. Sends always reach
 * the simulated phone (read back from the outbox route) unless the device's config asks it to fail:
 * `fail_sends: n` fails the first n attempts of each message as retryable (asking for a retry after
 * `retry_after_ms`, 50 by default), `fail_permanent: true` refuses.
 */
export const sandboxAdapter: ChannelAdapter = {
  type: 'sandbox',
  verifyWebhook: (request, device) =>
    hasSandboxSecret(request, device) ? { ok: true } : { ok: false, status: 401 },
  parseWebhook(body): InboundEvent[] {
    const parsed = inboundSchema.safeParse(body);
    if (!parsed.success) {
      throw badRequest(
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: 'validation.invalid' })),
      );
    }
    const value = parsed.data;
    if ('status' in value) {
      return [{ kind: 'status', providerMessageId: value.status.id, status: value.status.status }];
    }
    const message = value.message;
    return [
      {
        kind: 'message',
        providerMessageId: message.id,
        from: { phone: value.from.phone, name: value.from.name },
        body: message.body,
        timestamp: new Date(),
        ...(message.type === 'button'
          ? { type: 'chat', buttonReply: message.payload }
          : { type: message.type }),
      },
    ];
  },
  async send(device, message) {
    if (device.config.fail_permanent === true) {
      return { ok: false, retryable: false, reason: 'sandbox: the simulated provider refused the message' };
    }
    if (message.attempt <= Number(device.config.fail_sends ?? 0)) {
      return {
        ok: false,
        retryable: true,
        reason: 'sandbox: simulated temporary failure',
        retryAfterMs: Number(device.config.retry_after_ms ?? 50),
      };
    }
    // Derived from our id, so a provider-side retry would be recognisable as the same message.
    return { ok: true, providerMessageId: `sandbox-${message.messageId}` };
  },
  connect: (device) => ({
    status: 'connected',
    config: {
      ...device.config,
      secret:
        typeof device.config.secret === 'string' && device.config.secret !== ''
          ? device.config.secret
          : randomBytes(24).toString('base64url'),
    },
  }),
};
