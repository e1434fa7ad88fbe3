import { createSign } from 'node:crypto';
import { z } from 'zod';
import { BotCallError } from '../bot-adapter';
import { callBotProvider } from '../bot-http';

export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** An access token is used until this long before Google says it expires. */
const EXPIRY_MARGIN_MS = 60_000;
const ASSERTION_LIFETIME_S = 3600;

const serviceAccountSchema = z.object({ client_email: z.string().min(3), private_key: z.string().min(32) });
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

export type ServiceAccount = z.output<typeof serviceAccountSchema>;

/** The service-account key file as Google gives it; a file that is not one can never work. */
export const readServiceAccount = (credentials: string): ServiceAccount => {
  let value: unknown;
  try {
    value = JSON.parse(credentials);
  } catch {
    throw new BotCallError('the credentials are not a service-account JSON file', false);
  }
  const parsed = serviceAccountSchema.safeParse(value);
  if (!parsed.success) throw new BotCallError('the credentials lack client_email or private_key', false);
  return parsed.data;
};

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion of Google's service-account flow (RFC 7523): RS256 over header.claims. */
export const signAssertion = (account: ServiceAccount, tokenUrl: string, nowMs = Date.now()): string => {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: account.client_email,
      scope: GOOGLE_SCOPE,
      aud: tokenUrl,
      iat,
      exp: iat + ASSERTION_LIFETIME_S,
    }),
  );
  let signature: Buffer;
  try {
    signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  } catch {
    throw new BotCallError('the private_key of the credentials cannot sign', false);
  }
  return `${header}.${claims}.${base64url(signature)}`;
};

/**
 * Access tokens of service accounts, exchanged at the token URL and kept until shortly before they expire,
 * so a busy bot asks Google once an hour rather than once a message.
 */
export const createGoogleTokens = (options: { tokenUrl: string; timeoutMs: number }) => {
  const cache = new Map<string, { token: string; expiresAt: number }>();
  const keyOf = (account: ServiceAccount) => `${account.client_email}\n${account.private_key}`;

  return {
    async accessToken(account: ServiceAccount): Promise<string> {
      const cached = cache.get(keyOf(account));
      if (cached && cached.expiresAt > Date.now()) return cached.token;
      const answer = tokenSchema.safeParse(
        await callBotProvider(options.tokenUrl, {
          form: { grant_type: JWT_BEARER_GRANT, assertion: signAssertion(account, options.tokenUrl) },
          timeoutMs: options.timeoutMs,
        }),
      );
      if (!answer.success) throw new BotCallError('the token answer is not in the documented shape', true);
      const { access_token, expires_in } = answer.data;
      cache.set(keyOf(account), {
        token: access_token,
        expiresAt: Date.now() + expires_in * 1000 - EXPIRY_MARGIN_MS,
      });
      return access_token;
    },

    /** A token the provider refused is not used again. */
    forget(account: ServiceAccount): void {
      cache.delete(keyOf(account));
    },
  };
};
