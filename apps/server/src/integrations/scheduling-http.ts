import { type ZodType, z } from 'zod';
import { fetchJson, type OutboundJsonRequest, retryAfterOf } from '../core/net/outbound-json';
import { SchedulingCallError } from './scheduling-adapter';

/** A page of a clinic's appointments is a few hundred kilobytes at most. */
const MAX_ANSWER_BYTES = 5_000_000;
/** A provider whose `next` never ends (a bug on its side) stops here instead of pulling forever. */
const MAX_PAGES = 500;

export type SchedulingRequest = Pick<OutboundJsonRequest, 'method' | 'headers' | 'json' | 'form'> & {
  /** Statuses the caller reads itself (Calendly's 409, Dentalsoft's 401): answered, not thrown. */
  accept?: readonly number[];
};

/** `json` is undefined for an empty 2xx (a DELETE's 204). */
export type SchedulingAnswer = { status: number; json: unknown };

/** `target` is a path under the base URL (`/citas`) or a full URL the provider gave (a next page). */
export type SchedulingHttp = (target: string, request?: SchedulingRequest) => Promise<SchedulingAnswer>;

const wordsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof value.message === 'string'
  ) {
    return [value.message];
  }
  return [];
};

/**
 * The provider's own words on a failure, shortened: Dentalink answers `{ error: { message } }`, an OAuth
 * server `{ error, error_description }`, Calendly `{ title, message }`.
 */
export const schedulingReasonOf = (status: number, body: unknown): string => {
  const object = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const words = [object.error, object.error_description, object.title, object.message].flatMap(wordsOf);
  return `${status}${words.length > 0 ? `: ${words.join(' ').slice(0, 200)}` : ''}`;
};

/**
 * Calls to one provider's API at a base URL from our configuration, each abandoned after timeoutMs.
 * Throws SchedulingCallError classified as callJsonProvider does: 429, 5xx, no answer in time, a lost
 * connection or a 2xx that is not JSON may be retried (with the provider's Retry-After); 401 and 403 say
 * the credentials were refused, and they and the other refusals may not be retried. A full URL is
 * followed only on the base's own server, so the credentials never go anywhere else.
 */
export const createSchedulingHttp = (options: {
  provider: string;
  baseUrl: string;
  timeoutMs: number;
}): SchedulingHttp => {
  const { provider, timeoutMs } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;

  const urlOf = (target: string): string => {
    if (target.startsWith('/')) return `${base}${target}`;
    const url = URL.canParse(target) ? new URL(target) : undefined;
    if (url?.origin !== origin)
      throw new SchedulingCallError(`${provider} named a page on another server`, false);
    return url.toString();
  };

  return async (target, request = {}) => {
    const { accept = [], ...outbound } = request;
    const answer = await fetchJson(
      urlOf(target),
      { ...outbound, timeoutMs, maxBytes: MAX_ANSWER_BYTES, trustedOrigin: origin, allowHosts: [] },
      (message, isRetryable) => new SchedulingCallError(`${provider}: ${message}`, isRetryable),
    );
    const { status, json } = answer;
    if (accept.includes(status)) return { status, json };
    const reason = schedulingReasonOf(status, json);
    if (status === 429 || status >= 500) {
      throw new SchedulingCallError(`${provider} failed (${reason})`, true, {
        retryAfterMs: retryAfterOf(answer.headers['retry-after']),
      });
    }
    if (status === 401 || status === 403) {
      throw new SchedulingCallError(`${provider} refused the credentials (${reason})`, false);
    }
    if (status < 200 || status > 299)
      throw new SchedulingCallError(`${provider} refused the request (${reason})`, false);
    if (json === undefined && answer.text.trim() !== '') {
      throw new SchedulingCallError(`${provider} did not answer JSON`, true);
    }
    return { status, json };
  };
};

/** A provider's answer read by its documented shape; another shape is worth a later try, like a 5xx. */
export const readAnswer = <T>(schema: ZodType<T>, json: unknown, provider: string, what: string): T => {
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new SchedulingCallError(`${provider}'s ${what} is not in the documented shape`, true);
  return parsed.data;
};

/** Every item of a paginated list: `read` answers one page's items and the next page (null at the end). */
export const followPages = async <T>(
  first: string,
  read: (target: string) => Promise<{ items: T[]; next: string | null | undefined }>,
): Promise<T[]> => {
  const items: T[] = [];
  let target: string | null | undefined = first;
  for (let page = 0; target; page += 1) {
    if (page === MAX_PAGES) throw new SchedulingCallError(`more than ${MAX_PAGES} pages`, false);
    const answer = await read(target);
    items.push(...answer.items);
    target = answer.next;
  }
  return items;
};

/** A provider's id (a number or a string) as the string the agenda keeps. */
export const providerId = () => z.union([z.number(), z.string()]).transform(String);
/** An id the provider may leave out or null: `''`. */
export const optionalId = () =>
  z
    .union([z.number(), z.string()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value)));
/** A text the provider may leave out or null: `''`, trimmed. */
export const optionalText = () =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));
