import type { PurchaseStatus } from '@conversa/domain';
import { z } from 'zod';
import { NoticeRefused, type PaymentAdapter, PaymentCallError } from '../payment-adapter';
import { callPaymentProvider } from '../payment-http';
import { signedFlowParams } from './flow-signature';

export type FlowOptions = { apiUrl: string; apiKey: string; secretKey: string; timeoutMs: number };

/** payment/getStatus's `status`: 1 pending, 2 paid, 3 rejected, 4 cancelled. */
const FLOW_STATUSES: Record<number, PurchaseStatus> = {
  1: 'pending',
  2: 'paid',
  3: 'rejected',
  4: 'cancelled',
};

const createdSchema = z.object({
  url: z.string().min(1),
  token: z.string().min(1),
  flowOrder: z.coerce.number().optional(),
});
const statusSchema = z.object({
  flowOrder: z.coerce.number().optional(),
  commerceOrder: z.string().optional(),
  status: z.coerce.number().int(),
  amount: z.coerce.number(),
  currency: z.string().default('CLP'),
  paymentData: z.object({ media: z.string().nullish() }).partial().nullish(),
});

/**
 * Flow (Chile, pesos): every call signed with `s`; payment/create answers where to send the payer
 * (`url?token=`), the confirmation POSTs only `token` (unsigned), so the state is always read back with
 * payment/getStatus.
 */
export const createFlowAdapter = (options: FlowOptions): PaymentAdapter => {
  const signed = (params: Record<string, string>) =>
    signedFlowParams({ apiKey: options.apiKey, ...params }, options.secretKey);

  return {
    isConfigured: () => options.apiKey !== '' && options.secretKey !== '',
    canReadRef: true,

    async create(request) {
      const answer = createdSchema.safeParse(
        await callPaymentProvider(`${options.apiUrl}/payment/create`, {
          form: signed({
            commerceOrder: request.purchaseId,
            subject: request.description,
            currency: request.currency,
            amount: String(Math.round(request.amount)),
            email: request.payerEmail,
            urlConfirmation: request.notifyUrl,
            urlReturn: request.returnUrl,
          }),
          timeoutMs: options.timeoutMs,
        }),
      );
      if (!answer.success)
        throw new PaymentCallError('Flow answered payment/create without url and token', true);
      return {
        url: `${answer.data.url}?token=${encodeURIComponent(answer.data.token)}`,
        ref: answer.data.token,
      };
    },

    async noticeOf({ body }) {
      const token = (body as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') throw new NoticeRefused('no token', 400);
      return token;
    },

    async read(token) {
      const query = new URLSearchParams(signed({ token })).toString();
      const answer = statusSchema.safeParse(
        await callPaymentProvider(`${options.apiUrl}/payment/getStatus?${query}`, {
          timeoutMs: options.timeoutMs,
        }),
      );
      if (!answer.success)
        throw new PaymentCallError('Flow answered payment/getStatus in another shape', true);
      const { status, amount, currency, flowOrder, commerceOrder, paymentData } = answer.data;
      return {
        ref: token,
        status: FLOW_STATUSES[status] ?? 'pending',
        amount,
        currency,
        info: {
          flowOrder,
          commerceOrder,
          status,
          media: paymentData?.media ?? null,
          reason: `Flow status ${status}: ${FLOW_STATUSES[status] ?? 'unknown'}`,
        },
      };
    },
  };
};
