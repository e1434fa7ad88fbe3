import type { IncomingHttpHeaders } from 'node:http';
import { storableProviderValue } from '@conversa/domain';
import { fetchOutbound, OutboundRefused, type OutboundRequest } from './outbound-fetch';

/** A provider's Retry-After is followed up to this; a longer wait is the caller's backoff to decide. */
const MAX_RETRY_AFTER_MS = 60_000;

export type OutboundJsonRequest = Omit<OutboundRequest, 'body'> & {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (Flow's API, OAuth token requests). */
  form?: Record<string, string>;
};

/** `json` is the parsed body, undefined when the body is not JSON (an empty one included). */
export type OutboundJsonAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: unknown;
};

/** Builds the caller's own error; `isRetryable` is false only for what trying again cannot mend. */
export type OutboundFailure = (message: string, isRetryable: boolean, retryAfterMs?: number) => Error;

/** A Retry-After in seconds, in milliseconds and capped; undefined when absent or a date. */
export const retryAfterOf = (header: string | string[] | undefined): number | undefined => {
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : undefined;
};

/**
 * One JSON exchange through the one outbound fetch: the body encoded as JSON or a form, JSON asked for,
 * the answer parsed. A transport failure throws `fail`'s error, retryable unless the fetch refused the
 * URL or its answer; every status is the caller's to read.
 */
export const fetchJson = async (
  url: string,
  request: OutboundJsonRequest,
  fail: OutboundFailure,
): Promise<OutboundJsonAnswer> => {
  const { json, form, headers, ...outbound } = request;
  const [body, contentType] =
    json !== undefined
      ? [JSON.stringify(json), 'application/json']
      : form
        ? [new URLSearchParams(form).toString(), 'application/x-www-form-urlencoded']
        : [undefined, undefined];
  let answer: Awaited<ReturnType<typeof fetchOutbound>>;
  try {
    answer = await fetchOutbound(url, {
      ...outbound,
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      ...(body === undefined ? {} : { body }),
      headers: {
        accept: 'application/json',
        ...(contentType ? { 'content-type': contentType } : {}),
        ...headers,
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw fail(message, !(error instanceof OutboundRefused));
  }
  const text = answer.body.toString('utf8');
  let parsed: unknown;
  try {
    // Whatever the server we called answers may end up stored: its texts as PostgreSQL can hold them.
    parsed = storableProviderValue(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  return { status: answer.status, headers: answer.headers, text, json: parsed };
};

/**
 * One call to a provider's JSON API at a base URL from our configuration (trusted, so tests' fakes on
 * loopback work). Answers the parsed JSON of a 2xx; throws `fail`'s error classified: 429, 5xx, no answer
 * in time, a lost connection or an answer that is not JSON may be retried (with the provider's
 * Retry-After); 401, 403 and the other refusals may not. `reasonOf` puts the provider's words on a failure.
 */
export const callJsonProvider = async (
  url: string,
  request: Omit<OutboundJsonRequest, 'trustedOrigin' | 'allowHosts'>,
  options: { reasonOf: (status: number, body: unknown) => string; fail: OutboundFailure },
): Promise<unknown> => {
  const { fail, reasonOf } = options;
  const answer = await fetchJson(
    url,
    { ...request, trustedOrigin: new URL(url).origin, allowHosts: [] },
    fail,
  );
  if (answer.status === 429 || answer.status >= 500) {
    throw fail(reasonOf(answer.status, answer.json), true, retryAfterOf(answer.headers['retry-after']));
  }
  if (answer.status < 200 || answer.status > 299) throw fail(reasonOf(answer.status, answer.json), false);
  if (answer.json === undefined) throw fail(`${new URL(url).host} did not answer JSON`, true);
  return answer.json;
};
