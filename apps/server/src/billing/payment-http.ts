import { fetchOutbound, OutboundRefused } from '../core/net/outbound-fetch';
import { PaymentCallError } from './payment-adapter';

/** A provider's answer is JSON of a few kilobytes; anything near this is not one. */
const MAX_ANSWER_BYTES = 1_000_000;

export type PaymentHttpRequest = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (Flow's API, OAuth token requests). */
  form?: Record<string, string>;
  timeoutMs: number;
};

/** The provider's words on a failure: PayPal `{ name, message }`, Flow `{ code, message }`, others `{ message }`. */
const reasonOf = (status: number, body: unknown): string => {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message = [record.message, record.error_description, record.error, record.name].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return `${status}${message ? `: ${message.slice(0, 200)}` : ''}`;
};

/**
 * One call to a payment provider at a base URL from our configuration (trusted, so tests' fakes on
 * loopback work), through the one outbound fetch. Answers the parsed JSON of a 2xx; throws
 * PaymentCallError, retryable for 429, 5xx, no answer in time or an answer that is not JSON.
 */
export const callPaymentProvider = async (url: string, request: PaymentHttpRequest): Promise<unknown> => {
  const body =
    request.json !== undefined
      ? JSON.stringify(request.json)
      : request.form
        ? new URLSearchParams(request.form).toString()
        : undefined;
  const contentType: Record<string, string> =
    request.json !== undefined
      ? { 'content-type': 'application/json' }
      : request.form
        ? { 'content-type': 'application/x-www-form-urlencoded' }
        : {};
  let answer: Awaited<ReturnType<typeof fetchOutbound>>;
  try {
    answer = await fetchOutbound(url, {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      ...(body === undefined ? {} : { body }),
      headers: { accept: 'application/json', ...contentType, ...request.headers },
      timeoutMs: request.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      trustedOrigin: new URL(url).origin,
      allowHosts: [],
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new PaymentCallError(message, !(error instanceof OutboundRefused));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (answer.status === 429 || answer.status >= 500) {
    throw new PaymentCallError(reasonOf(answer.status, parsed), true);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new PaymentCallError(reasonOf(answer.status, parsed), false);
  }
  if (parsed === undefined) throw new PaymentCallError(`${new URL(url).host} did not answer JSON`, true);
  return parsed;
};
