import { createHash } from 'node:crypto';
import type { DentalsoftConfig } from '@conversa/domain';
import { z } from 'zod';
import { SchedulingCallError } from '../scheduling-adapter';
import { readAnswer, type SchedulingHttp, schedulingReasonOf } from '../scheduling-http';

/** A token is renewed this long before it runs out, so a call never leaves with one about to expire… */
const RENEW_MARGIN_MS = 60_000;
/** …or, for a short-lived token, once half its life is spent. */
const RENEW_FRACTION = 0.5;

const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

export type DentalsoftCredentials = Pick<DentalsoftConfig, 'client_id' | 'client_secret' | 'clinic_id'>;

type CachedToken = { accessToken: string; renewAt: number };

/**
 * Dentalsoft's OAuth2 client-credentials tokens (`POST /access_token`, the clinic as the scope), kept per
 * credentials until shortly before `expires_in` runs out. Calls asking at the same time share the one
 * request in flight. Refused credentials (`invalid_client`, a clinic not theirs) are not worth retrying.
 */
export const createDentalsoftTokens = (options: { http: SchedulingHttp; now: () => number }) => {
  const cache = new Map<string, CachedToken>();
  const inFlight = new Map<string, Promise<CachedToken>>();

  // The secret is never kept as a key in the clear; changed credentials are another key.
  const keyOf = (credentials: DentalsoftCredentials) =>
    createHash('sha256')
      .update([credentials.client_id, credentials.client_secret, String(credentials.clinic_id)].join('\n'))
      .digest('hex');

  const issue = async (credentials: DentalsoftCredentials, key: string): Promise<CachedToken> => {
    const answer = await options.http('/access_token', {
      method: 'POST',
      form: {
        grant_type: 'client_credentials',
        client_id: credentials.client_id,
        client_secret: credentials.client_secret,
        scope: String(credentials.clinic_id),
      },
      accept: [400, 401],
    });
    // OAuth servers refuse with 400 or 401 `{ error: "invalid_client" | "invalid_scope" }`, some under a 200.
    const refusal = (answer.json as { error?: unknown } | undefined)?.error;
    if (answer.status >= 400 || typeof refusal === 'string') {
      const reason = schedulingReasonOf(answer.status, answer.json);
      throw new SchedulingCallError(`Dentalsoft refused the credentials (${reason})`, false);
    }
    const token = readAnswer(tokenSchema, answer.json, 'Dentalsoft', 'token answer');
    const lifeMs = token.expires_in * 1000;
    const cached = {
      accessToken: token.access_token,
      renewAt: options.now() + lifeMs - Math.min(RENEW_MARGIN_MS, lifeMs * RENEW_FRACTION),
    };
    cache.set(key, cached);
    return cached;
  };

  const shared = (credentials: DentalsoftCredentials, key: string): Promise<CachedToken> => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = issue(credentials, key).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };

  return {
    /** The cached token while it is fresh, else a new one. */
    async accessToken(credentials: DentalsoftCredentials): Promise<string> {
      const key = keyOf(credentials);
      const cached = cache.get(key);
      if (cached && options.now() < cached.renewAt) return cached.accessToken;
      return (await shared(credentials, key)).accessToken;
    },

    /** A new token whatever is cached: the credentials' check. */
    async renew(credentials: DentalsoftCredentials): Promise<void> {
      await shared(credentials, keyOf(credentials));
    },

    /** A token Dentalsoft refused (401) is not used again; a newer one already cached is kept. */
    forget(credentials: DentalsoftCredentials, accessToken: string): void {
      const key = keyOf(credentials);
      if (cache.get(key)?.accessToken === accessToken) cache.delete(key);
    },
  };
};
