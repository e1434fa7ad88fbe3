import { fetchJson, retryAfterOf } from '../../core/net/outbound-json';

/** Zoho's answers are JSON of a few hundred kilobytes at most (100 records' results). */
const MAX_ANSWER_BYTES = 2_000_000;

/**
 * A call to Zoho that did not work. `isTokenRefused`: the accounts server refused the refresh token (revoked,
 * expired, another client's), which only the administrator can mend; `isRetryable`: 429, 5xx, a timeout or a
 * lost connection, worth trying again later.
 */
export class ZohoCallError extends Error {
  readonly isRetryable: boolean;
  readonly isTokenRefused: boolean;
  readonly retryAfterMs: number | undefined;
  constructor(
    message: string,
    options: { isRetryable?: boolean; isTokenRefused?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'ZohoCallError';
    this.isRetryable = options.isRetryable ?? false;
    this.isTokenRefused = options.isTokenRefused ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export type ZohoRequest = {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  timeoutMs: number;
  /** An origin from our own configuration: not address-checked, so tests' fakes on loopback work. */
  trustedOrigin?: string;
  allowHosts: readonly string[];
};

export type ZohoAnswer = { status: number; body: Record<string, unknown> };

/** Zoho's own words on a failure: the CRM answers `{ code, message }`, the accounts server `{ error }`. */
export const zohoReasonOf = (status: number, body: Record<string, unknown>): string => {
  const words = [body.code, body.message, body.error].filter((value) => typeof value === 'string');
  return `${status}${words.length > 0 ? `: ${words.join(' ').slice(0, 200)}` : ''}`;
};

/**
 * One call to Zoho through the one outbound fetch, abandoned after timeoutMs. Answers the status and the
 * parsed JSON object (`{}` for an empty 204); 429, 5xx and transport failures throw a retryable error,
 * an answer that is not JSON a permanent one. Other statuses are the caller's to read.
 */
export const callZoho = async (url: string, request: ZohoRequest): Promise<ZohoAnswer> => {
  const answer = await fetchJson(
    url,
    { ...request, maxBytes: MAX_ANSWER_BYTES },
    (message, isRetryable) => new ZohoCallError(message, { isRetryable }),
  );
  const parsed = answer.text.trim() === '' ? {} : answer.json;
  const object =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  if (answer.status === 429 || answer.status >= 500) {
    throw new ZohoCallError(zohoReasonOf(answer.status, object ?? {}), {
      isRetryable: true,
      retryAfterMs: retryAfterOf(answer.headers['retry-after']),
    });
  }
  if (!object) throw new ZohoCallError(`${new URL(url).host} did not answer JSON (${answer.status})`);
  return { status: answer.status, body: object };
};
