import { FILE_MAX_BYTES, storableProviderValue } from '@conversa/domain';
import { fetchOutbound, type OutboundRequest } from '../core/net/outbound-fetch';
import type { DownloadedMedia, SendFailure } from './channel-adapter';

/** A provider's answer, whatever its status: the adapter decides what it means. */
export type ProviderAnswer = { status: number; body: unknown; headers: Headers };

/**
 * A call that got no answer. `isNotSent` is true only when the request certainly never reached the
 * provider (the connection was refused or the name did not resolve), so repeating it cannot duplicate.
 * A timeout or a connection cut after the request was written is ambiguous: the provider may have acted.
 */
export class ProviderCallError extends Error {
  readonly isNotSent: boolean;
  constructor(message: string, isNotSent: boolean) {
    super(message);
    this.name = 'ProviderCallError';
    this.isNotSent = isNotSent;
  }
}

// Failures that happen before a byte of the request leaves this machine.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const causeCode = (error: unknown): string | undefined => {
  const cause = error instanceof Error ? error.cause : undefined;
  return typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string'
    ? cause.code
    : undefined;
};

const toCallError = (error: unknown, url: string): ProviderCallError => {
  const host = new URL(url).host;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new ProviderCallError(`${host} did not answer in time`, false);
  }
  const code = causeCode(error);
  if (code && NOT_SENT_CODES.has(code)) return new ProviderCallError(`${host} unreachable (${code})`, true);
  return new ProviderCallError(`${host} connection failed (${code ?? 'unknown'})`, false);
};

const parseBody = (text: string): unknown => {
  if (text === '') return {};
  try {
    // A provider's answer (a template it lists, a sent message's id) may end up stored: its texts as
    // PostgreSQL can hold them.
    return storableProviderValue(JSON.parse(text));
  } catch {
    return { text: text.slice(0, 500) };
  }
};

/** A request body: JSON, or form parameters (Twilio's API). */
const payloadOf = (init: { json?: unknown; form?: URLSearchParams }) => {
  if (init.json !== undefined) return { type: 'application/json', text: JSON.stringify(init.json) };
  if (init.form) return { type: 'application/x-www-form-urlencoded', text: init.form.toString() };
  return undefined;
};

/** One HTTP call to a provider, abandoned after timeoutMs; throws ProviderCallError when unanswered. */
export const callProvider = async (
  url: string,
  init: {
    method?: 'GET' | 'POST' | 'DELETE';
    headers?: Record<string, string>;
    json?: unknown;
    form?: URLSearchParams;
  },
  timeoutMs: number,
): Promise<ProviderAnswer> => {
  const payload = payloadOf(init);
  try {
    const response = await fetch(url, {
      method: init.method ?? (payload ? 'POST' : 'GET'),
      headers: { ...(payload ? { 'content-type': payload.type } : {}), ...init.headers },
      ...(payload ? { body: payload.text } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, body: parseBody(await response.text()), headers: response.headers };
  } catch (error) {
    throw toCallError(error, url);
  }
};

/** The provider may or may not have the message: never retried, so it can never arrive twice. */
export const deliveryUnknown = (reason: string): SendFailure => ({
  ok: false,
  retryable: false,
  isDeliveryUnknown: true,
  reason: `delivery unknown: ${reason}`,
});

/** What an unanswered send means for the message: retry only what certainly never left. */
export const failureOfCall = (error: unknown): SendFailure => {
  if (error instanceof ProviderCallError) {
    return error.isNotSent
      ? { ok: false, retryable: true, reason: error.message }
      : deliveryUnknown(error.message);
  }
  return deliveryUnknown(error instanceof Error ? error.message : String(error));
};

/**
 * Downloads an inbound message's file through the one fetch for outside URLs: the address is checked
 * (unless the URL is under `trustedOrigin`, a provider API base from our configuration) and the body is
 * cut at the attachment limit while it streams. The provider's declared type is not kept: what the file
 * is gets decided from its bytes when it is stored.
 */
export const downloadFile = async (
  url: string,
  request: Omit<OutboundRequest, 'maxBytes'>,
  filename: string,
): Promise<DownloadedMedia> => {
  const answer = await fetchOutbound(url, { ...request, maxBytes: FILE_MAX_BYTES });
  if (answer.status < 200 || answer.status > 299) throw new Error(`media download answered ${answer.status}`);
  return { content: answer.body, filename };
};

/** Reads a nested value of an unknown JSON answer without trusting its shape. */
export const pick = (value: unknown, ...path: (string | number)[]): unknown => {
  let current = value;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
};

export const pickText = (value: unknown, ...path: (string | number)[]): string => {
  const found = pick(value, ...path);
  return typeof found === 'string' ? found : typeof found === 'number' ? String(found) : '';
};
