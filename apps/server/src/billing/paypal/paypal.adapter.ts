import type { PurchaseStatus } from '@conversa/domain';
import { z } from 'zod';
import { NoticeRefused, type PaymentAdapter, PaymentCallError, type PaymentState } from '../payment-adapter';
import { callPaymentProvider, type PaymentHttpRequest } from '../payment-http';
import { createPaypalTokens } from './paypal-token';

export type PaypalOptions = {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  timeoutMs: number;
};

/** The headers PayPal signs a webhook delivery with, as verify-webhook-signature takes them. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

const orderSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).default([]),
  purchase_units: z
    .array(
      z.object({
        amount: z.object({ currency_code: z.string(), value: z.coerce.number() }).optional(),
        payments: z
          .object({
            captures: z
              .array(
                z.object({
                  status: z.string(),
                  amount: z.object({ currency_code: z.string(), value: z.coerce.number() }).optional(),
                  status_details: z.object({ reason: z.string() }).partial().optional(),
                }),
              )
              .default([]),
          })
          .optional(),
      }),
    )
    .default([]),
});
type Order = z.output<typeof orderSchema>;

const eventSchema = z.object({
  event_type: z.string(),
  resource: z
    .object({
      id: z.string().optional(),
      order_id: z.string().optional(),
      supplementary_data: z
        .object({ related_ids: z.object({ order_id: z.string() }).partial() })
        .partial()
        .optional(),
    })
    .passthrough()
    .default({}),
});

/** The order's state: a completed capture is paid, a declined one rejected, a voided order cancelled. */
const stateOf = (order: Order): PaymentState => {
  const unit = order.purchase_units[0];
  const capture = unit?.payments?.captures[0];
  let status: PurchaseStatus = 'pending';
  if (order.status === 'VOIDED') status = 'cancelled';
  else if (capture?.status === 'COMPLETED') status = 'paid';
  else if (capture && ['DECLINED', 'FAILED'].includes(capture.status)) status = 'rejected';
  const amount = capture?.amount ?? unit?.amount;
  return {
    ref: order.id,
    status,
    amount: amount?.value ?? 0,
    currency: amount?.currency_code ?? '',
    info: {
      order_status: order.status,
      capture_status: capture?.status ?? null,
      reason: capture?.status_details?.reason ?? null,
    },
  };
};

/**
 * PayPal (dollars): Orders v2 with the client-credentials token. create → the payer approves at the
 * approve link → capture. A webhook is believed only once verify-webhook-signature answers SUCCESS for
 * PAYPAL_WEBHOOK_ID; then the order is read (and captured when approved).
 */
export const createPaypalAdapter = (options: PaypalOptions): PaymentAdapter => {
  const tokens = createPaypalTokens(options);

  /** One API call with the bearer token; a token refused (401) is renewed once. */
  const api = async (path: string, request: Omit<PaymentHttpRequest, 'timeoutMs'> = {}): Promise<unknown> => {
    const send = async () =>
      callPaymentProvider(`${options.apiUrl}${path}`, {
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${await tokens.accessToken()}` },
        timeoutMs: options.timeoutMs,
      });
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof PaymentCallError) || !error.message.startsWith('401')) throw error;
      tokens.forget();
      return send();
    }
  };

  const order = async (path: string, request: Omit<PaymentHttpRequest, 'timeoutMs'> = {}) => {
    const parsed = orderSchema.safeParse(await api(path, request));
    if (!parsed.success) throw new PaymentCallError('PayPal answered an order in another shape', true);
    return parsed.data;
  };

  return {
    isConfigured: () => options.clientId !== '' && options.clientSecret !== '',
    canReadRef: true,

    async create(request) {
      const created = await order('/v2/checkout/orders', {
        // A repeated create of the same purchase gives the same order (PayPal's idempotency header).
        headers: { 'paypal-request-id': request.purchaseId },
        json: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: request.purchaseId,
              custom_id: request.purchaseId,
              description: request.description.slice(0, 127),
              amount: { currency_code: request.currency, value: request.amount.toFixed(2) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: request.returnUrl,
                cancel_url: request.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
      });
      const approve = created.links.find((link) => link.rel === 'approve' || link.rel === 'payer-action');
      if (!approve) throw new PaymentCallError('PayPal answered the order without an approve link', true);
      return { url: approve.href, ref: created.id };
    },

    async noticeOf({ headers, body }) {
      const signature = Object.fromEntries(
        Object.entries(SIGNATURE_HEADERS).map(([field, header]) => {
          const value = headers[header];
          return [field, Array.isArray(value) ? value[0] : value];
        }),
      );
      if (!options.webhookId || Object.values(signature).some((value) => !value)) {
        throw new NoticeRefused('the delivery carries no PayPal signature');
      }
      const verdict = (await api('/v1/notifications/verify-webhook-signature', {
        json: { ...signature, webhook_id: options.webhookId, webhook_event: body },
      })) as { verification_status?: unknown };
      if (verdict.verification_status !== 'SUCCESS')
        throw new NoticeRefused('PayPal did not verify the signature');
      const event = eventSchema.safeParse(body);
      if (!event.success) return null;
      const { event_type: type, resource } = event.data;
      if (type.startsWith('CHECKOUT.ORDER.')) return resource.id ?? null;
      if (type.startsWith('PAYMENT.CAPTURE.'))
        return resource.supplementary_data?.related_ids?.order_id ?? null;
      if (type === 'CHECKOUT.PAYMENT-APPROVAL.REVERSED') return resource.order_id ?? null;
      return null;
    },

    async read(orderId) {
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
      const current = await order(path);
      if (current.status !== 'APPROVED') return stateOf(current);
      try {
        return stateOf(
          await order(`${path}/capture`, {
            headers: { 'paypal-request-id': `capture-${orderId}`, prefer: 'return=representation' },
            json: {},
          }),
        );
      } catch (error) {
        if (!(error instanceof PaymentCallError) || error.isRetryable) throw error;
        // Already captured by a concurrent reader, or refused (the payer's instrument declined): read again.
        const after = await order(path);
        if (after.status !== 'APPROVED') return stateOf(after);
        return {
          ...stateOf(after),
          status: 'rejected',
          info: { ...stateOf(after).info, reason: error.message },
        };
      }
    },
  };
};
