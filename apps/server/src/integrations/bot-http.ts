import { fetchOutbound, OutboundRefused } from '../core/net/outbound-fetch';
import { BotCallError } from './bot-adapter';

/** A provider's answer is JSON of a few kilobytes; anything near this is not one. */
const MAX_ANSWER_BYTES = 1_000_000;
/** A provider's Retry-After is followed up to this; a longer wait is the backoff's to decide. */
const MAX_RETRY_AFTER_MS = 60_000;

export type BotRequest = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (OAuth token exchanges). */
  form?: Record<string, string>;
  timeoutMs: number;
};

const retryAfterOf = (header: string | string[] | undefined): number | undefined => {
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : undefined;
};

/** The provider's own words on a failure, shortened: OpenAI and Google both answer `{ error: { message } }`. */
const reasonOf = (status: number, body: unknown): string => {
  const error = (body as { error?: unknown } | undefined)?.error;
  const message =
    typeof error === 'string'
      ? error
      : typeof (error as { message?: unknown } | undefined)?.message === 'string'
        ? String((error as { message: string }).message)
        : '';
  return `${status}${message ? `: ${message.slice(0, 200)}` : ''}`;
};

/**
 * One call to a bot provider at a base URL from our configuration (trusted, so tests' fakes on loopback
 * work), through the one outbound fetch, abandoned after timeoutMs. Answers the parsed JSON of a 2xx;
 * throws BotCallError classified: 429, 5xx, no answer in time, a lost connection or an answer that is not
 * JSON may be retried; 401, 403 and the other refusals may not.
 */
export const callBotProvider = async (url: string, request: BotRequest): Promise<unknown> => {
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
    throw new BotCallError(message, !(error instanceof OutboundRefused));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (answer.status === 429 || answer.status >= 500) {
    throw new BotCallError(
      reasonOf(answer.status, parsed),
      true,
      retryAfterOf(answer.headers['retry-after']),
    );
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new BotCallError(reasonOf(answer.status, parsed), false);
  }
  if (parsed === undefined) throw new BotCallError(`${new URL(url).host} did not answer JSON`, true);
  return parsed;
};
