import { callJsonProvider, type OutboundJsonRequest } from '../core/net/outbound-json';
import { BotCallError } from './bot-adapter';

/** A provider's answer is JSON of a few kilobytes; anything near this is not one. */
const MAX_ANSWER_BYTES = 1_000_000;

export type BotRequest = Pick<OutboundJsonRequest, 'method' | 'headers' | 'json' | 'form' | 'timeoutMs'>;

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
 * One call to a bot provider at a base URL from our configuration, abandoned after timeoutMs. Answers the
 * parsed JSON of a 2xx; throws BotCallError classified as callJsonProvider says, with the provider's
 * Retry-After on a 429 or 5xx.
 */
export const callBotProvider = (url: string, request: BotRequest): Promise<unknown> =>
  callJsonProvider(
    url,
    { ...request, maxBytes: MAX_ANSWER_BYTES },
    {
      reasonOf,
      fail: (message, isRetryable, retryAfterMs) => new BotCallError(message, isRetryable, retryAfterMs),
    },
  );
