import { createHash } from 'node:crypto';
import type { CrmzohoConfig } from '@conversa/domain';
import { z } from 'zod';
import { callZoho, ZohoCallError, zohoReasonOf } from './zoho-http';

/** A token is used until this long before Zoho says it expires. */
const EXPIRY_MARGIN_MS = 5 * 60_000;
/** Zoho issues at most 10 access tokens per refresh token in 10 minutes and blocks the rest of the window. */
export const ZOHO_TOKEN_WINDOW_MS = 10 * 60_000;
/** We stop short of Zoho's 10, so a second process or a Test never tips it over. */
const TOKENS_PER_WINDOW = 8;
/** What the accounts server answers for a refresh token or client it will not honour. */
const REFUSED_ERRORS = new Set(['invalid_code', 'invalid_grant', 'invalid_client', 'unauthorized_client']);

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
  api_domain: z.string().optional(),
});

export type ZohoToken = { accessToken: string; apiDomain: string | undefined; expiresAt: number };

export type ZohoCredentials = Pick<
  CrmzohoConfig,
  'data_centre' | 'client_id' | 'client_secret' | 'refresh_token'
>;

/** The accounts server of the company's data centre, or the configured one (tests' fake). */
export const zohoAccountsUrl = (dataCentre: string, override: string | undefined): string =>
  (override ?? `https://accounts.zoho.${dataCentre}`).replace(/\/+$/, '');

/**
 * Access tokens per refresh token, kept until shortly before they expire. Jobs asking at the same time
 * share the one refresh in flight, and a refresh token never gets more than TOKENS_PER_WINDOW tokens in
 * Zoho's 10-minute window from this process, whatever fails or is retried.
 */
export const createZohoTokens = (options: {
  accountsUrl: string | undefined;
  timeoutMs: number;
  allowHosts: readonly string[];
}) => {
  const cache = new Map<string, ZohoToken>();
  const inFlight = new Map<string, Promise<ZohoToken>>();
  const issued = new Map<string, number[]>();

  // The secrets are never kept as a key in the clear; a changed setting is another key.
  const keyOf = (credentials: ZohoCredentials) =>
    createHash('sha256')
      .update(
        [
          credentials.data_centre,
          credentials.client_id,
          credentials.client_secret,
          credentials.refresh_token,
        ].join('\n'),
      )
      .digest('hex');

  const spend = (key: string) => {
    const now = Date.now();
    const recent = (issued.get(key) ?? []).filter((at) => at > now - ZOHO_TOKEN_WINDOW_MS);
    if (recent.length >= TOKENS_PER_WINDOW) {
      throw new ZohoCallError('too many Zoho access tokens asked for in 10 minutes', {
        isRetryable: true,
        retryAfterMs: (recent[0] as number) + ZOHO_TOKEN_WINDOW_MS - now,
      });
    }
    recent.push(now);
    issued.set(key, recent);
  };

  const refresh = async (credentials: ZohoCredentials, key: string): Promise<ZohoToken> => {
    spend(key);
    const accounts = zohoAccountsUrl(credentials.data_centre, options.accountsUrl);
    const query = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: credentials.client_id,
      client_secret: credentials.client_secret,
      refresh_token: credentials.refresh_token,
    });
    const answer = await callZoho(`${accounts}/oauth/v2/token?${query.toString()}`, {
      method: 'POST',
      timeoutMs: options.timeoutMs,
      trustedOrigin: new URL(accounts).origin,
      allowHosts: options.allowHosts,
    });
    // Zoho answers a refused refresh token with `{ error }`, sometimes under a 200.
    const error = answer.body.error;
    if (typeof error === 'string') {
      if (REFUSED_ERRORS.has(error)) {
        throw new ZohoCallError(zohoReasonOf(answer.status, answer.body), { isTokenRefused: true });
      }
      // "Access Denied": the window's tokens are spent; Zoho lets the refresh token in again after it.
      throw new ZohoCallError(zohoReasonOf(answer.status, answer.body), {
        isRetryable: true,
        retryAfterMs: ZOHO_TOKEN_WINDOW_MS,
      });
    }
    const parsed = tokenSchema.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) {
      throw new ZohoCallError(`the token answer is not in the documented shape (${answer.status})`);
    }
    const token = {
      accessToken: parsed.data.access_token,
      apiDomain: parsed.data.api_domain,
      expiresAt: Date.now() + parsed.data.expires_in * 1000 - EXPIRY_MARGIN_MS,
    };
    cache.set(key, token);
    return token;
  };

  return {
    async accessToken(credentials: ZohoCredentials): Promise<ZohoToken> {
      const key = keyOf(credentials);
      const cached = cache.get(key);
      if (cached && cached.expiresAt > Date.now()) return cached;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const started = refresh(credentials, key).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },

    /** A token Zoho refused (INVALID_TOKEN) is not used again. */
    forget(credentials: ZohoCredentials): void {
      cache.delete(keyOf(credentials));
    },
  };
};

export type ZohoTokens = ReturnType<typeof createZohoTokens>;
