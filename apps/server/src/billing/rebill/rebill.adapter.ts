import type { PurchaseStatus } from '@conversa/domain';
import { z } from 'zod';
import { NoticeRefused, type PaymentAdapter, PaymentCallError } from '../payment-adapter';
import { callPaymentProvider } from '../payment-http';

export type RebillOptions = { apiUrl: string; apiKey: string; timeoutMs: number };

const linkSchema = z.object({ id: z.string().min(1), url: z.string().min(1) });
const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: z.coerce.number(),
  currency: z.string(),
  paymentLinkId: z.string().default(''),
  errorMessage: z.string().nullish(),
});

/** Rebill's payment statuses, whatever their case. */
const statusOf = (status: string): PurchaseStatus => {
  const upper = status.toUpperCase();
  if (['SUCCEEDED', 'APPROVED', 'PAID'].includes(upper)) return 'paid';
  if (['FAILED', 'DECLINED', 'REJECTED'].includes(upper)) return 'rejected';
  if (['CANCELLED', 'CANCELED', 'EXPIRED'].includes(upper)) return 'cancelled';
  return 'pending';
};

/**
 * Rebill (pesos or dollars): `x-api-key` on every call; a single-use payment link per purchase, created
 * with the purchase as idempotency key; its webhooks are not signed, so the payment they name is read back
 * (GET /payments/{id}) and only what Rebill answers there counts.
 */
export const createRebillAdapter = (options: RebillOptions): PaymentAdapter => {
  const headers = { 'x-api-key': options.apiKey };

  return {
    isConfigured: () => options.apiKey !== '',
    canReadRef: false,

    async create(request) {
      const answer = linkSchema.safeParse(
        await callPaymentProvider(`${options.apiUrl}/payment-links`, {
          headers: { ...headers, 'x-idempotency-key': request.purchaseId },
          json: {
            title: [{ language: 'es', text: request.description }],
            isSingleUse: true,
            prices: [{ amount: request.amount, currency: request.currency }],
            paymentMethods: [{ methods: ['card'], currency: request.currency }],
            metadata: { purchase_id: request.purchaseId },
            customer: { email: request.payerEmail },
            successUrl: request.returnUrl,
            cancelUrl: request.cancelUrl,
          },
          timeoutMs: options.timeoutMs,
        }),
      );
      if (!answer.success)
        throw new PaymentCallError('Rebill answered the payment link without id and url', true);
      return { url: answer.data.url, ref: answer.data.id };
    },

    async noticeOf({ body }) {
      const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      const data = (typeof record.data === 'object' && record.data !== null ? record.data : {}) as Record<
        string,
        unknown
      >;
      const id = [data.id, record.id].find(
        (value): value is string => typeof value === 'string' && value !== '',
      );
      if (!id) throw new NoticeRefused('the event names no payment', 400);
      return id;
    },

    async read(paymentId) {
      const answer = paymentSchema.safeParse(
        await callPaymentProvider(`${options.apiUrl}/payments/${encodeURIComponent(paymentId)}`, {
          headers,
          timeoutMs: options.timeoutMs,
        }),
      );
      if (!answer.success) throw new PaymentCallError('Rebill answered the payment in another shape', true);
      const payment = answer.data;
      return {
        ref: payment.paymentLinkId,
        status: statusOf(payment.status),
        amount: payment.amount,
        currency: payment.currency,
        info: { payment_id: payment.id, status: payment.status, reason: payment.errorMessage ?? null },
      };
    },
  };
};
