import { callJsonProvider, type OutboundJsonRequest } from '../core/net/outbound-json';
import { PaymentCallError } from './payment-adapter';

/** A provider's answer is JSON of a few kilobytes; anything near this is not one. */
const MAX_ANSWER_BYTES = 1_000_000;

export type PaymentHttpRequest = Pick<
  OutboundJsonRequest,
  'method' | 'headers' | 'json' | 'form' | 'timeoutMs'
>;

/** The provider's words on a failure: PayPal `{ name, message }`, Flow `{ code, message }`, others `{ message }`. */
const reasonOf = (status: number, body: unknown): string => {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message = [record.message, record.error_description, record.error, record.name].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return `${status}${message ? `: ${message.slice(0, 200)}` : ''}`;
};

/**
 * One call to a payment provider at a base URL from our configuration. Answers the parsed JSON of a 2xx;
 * throws PaymentCallError, retryable for 429, 5xx, no answer in time or an answer that is not JSON.
 */
export const callPaymentProvider = (url: string, request: PaymentHttpRequest): Promise<unknown> =>
  callJsonProvider(
    url,
    { ...request, maxBytes: MAX_ANSWER_BYTES },
    { reasonOf, fail: (message, isRetryable) => new PaymentCallError(message, isRetryable) },
  );
