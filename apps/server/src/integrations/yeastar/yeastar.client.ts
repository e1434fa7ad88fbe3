import { createHash } from 'node:crypto';
import { z } from 'zod';
import { fetchJson } from '../../core/net/outbound-json';

/** Yeastar refuses a request without a User-Agent; its guide names this one. */
export const YEASTAR_USER_AGENT = 'OpenAPI';
/** The Open API's path under the PBX's base URL (P-Series, API v1.0). */
export const YEASTAR_API_PATH = '/openapi/v1.0';
/** A token is renewed this long before it runs out, so a call never leaves with one about to expire. */
export const TOKEN_RENEW_MARGIN_MS = 5 * 60_000;
/** The PBX's answers are small JSON documents. */
const MAX_ANSWER_BYTES = 200_000;

/** The PBX refused, failed or could not be reached; the message says why, in the PBX's words when it gave them. */
export class YeastarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'YeastarError';
  }
}

export type YeastarCredentials = { pbxUrl: string; clientId: string; clientSecret: string };

/** Every answer carries errcode (0 is success) and errmsg. */
const answerSchema = z.looseObject({ errcode: z.number(), errmsg: z.string().default('') });
const tokenSchema = z.looseObject({
  access_token: z.string().min(1),
  access_token_expire_time: z.number().positive(),
  refresh_token: z.string().min(1),
  refresh_token_expire_time: z.number().positive(),
});
const dialSchema = z.looseObject({ call_id: z.string().default('') });

type Tokens = {
  fingerprint: string;
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
};

/** Changed credentials (a new secret, another PBX) never reuse the old ones' tokens. */
const fingerprintOf = (credentials: YeastarCredentials): string =>
  createHash('sha256')
    .update(`${credentials.pbxUrl}\n${credentials.clientId}\n${credentials.clientSecret}`)
    .digest('hex');

export type YeastarClient = {
  /** Gets a token with the credentials, kept nowhere (the integration's Test, maybe of unsaved settings). */
  test: (credentials: YeastarCredentials) => Promise<void>;
  /** Click-to-call: the PBX rings `caller` (an extension), then dials `callee`. Answers the PBX's call id. */
  dial: (
    integrationId: string,
    credentials: YeastarCredentials,
    call: { caller: string; callee: string },
  ) => Promise<{ callId: string }>;
  /** Drops an integration's cached tokens (deleted, or its credentials changed). */
  forget: (integrationId: string) => void;
};

/**
 * The Yeastar P-Series Open API adapter. The PBX's address is the company's, so it goes through the one
 * outbound fetch with the public-address check (OUTBOUND_ALLOW_HOSTS exempts the tests' fake). The access
 * token (30 minutes) is kept per integration and renewed before it runs out, with the refresh token while
 * that one lasts (24 hours), else with the credentials again; concurrent calls share one renewal, since the
 * Cloud edition allows only 8 valid tokens at once.
 */
export const createYeastarClient = (options: {
  allowHosts: readonly string[];
  timeoutMs: number;
  now?: () => number;
}): YeastarClient => {
  const now = options.now ?? Date.now;
  const cache = new Map<string, Tokens>();
  const renewing = new Map<string, Promise<Tokens>>();

  const post = async (
    credentials: YeastarCredentials,
    endpoint: string,
    body: unknown,
    accessToken?: string,
  ): Promise<Record<string, unknown>> => {
    const url = new URL(`${credentials.pbxUrl.replace(/\/+$/, '')}${YEASTAR_API_PATH}/${endpoint}`);
    if (accessToken) url.searchParams.set('access_token', accessToken);
    const answer = await fetchJson(
      url.toString(),
      {
        method: 'POST',
        json: body,
        headers: { 'user-agent': YEASTAR_USER_AGENT },
        timeoutMs: options.timeoutMs,
        maxBytes: MAX_ANSWER_BYTES,
        allowHosts: options.allowHosts,
      },
      (message) => new YeastarError(message),
    );
    if (answer.status < 200 || answer.status >= 300) throw new YeastarError(`HTTP ${answer.status}`);
    if (answer.json === undefined) throw new YeastarError('the PBX did not answer JSON');
    const parsed = answerSchema.safeParse(answer.json);
    if (!parsed.success) throw new YeastarError('the PBX answered without errcode');
    if (parsed.data.errcode !== 0) {
      throw new YeastarError(`${parsed.data.errcode}: ${parsed.data.errmsg.slice(0, 200)}`);
    }
    return parsed.data;
  };

  const tokensFrom = (fingerprint: string, answer: Record<string, unknown>): Tokens => {
    const parsed = tokenSchema.safeParse(answer);
    if (!parsed.success) throw new YeastarError('the PBX answered no token');
    const at = now();
    return {
      fingerprint,
      accessToken: parsed.data.access_token,
      accessExpiresAt: at + parsed.data.access_token_expire_time * 1000,
      refreshToken: parsed.data.refresh_token,
      refreshExpiresAt: at + parsed.data.refresh_token_expire_time * 1000,
    };
  };

  const getToken = async (credentials: YeastarCredentials, fingerprint: string) =>
    tokensFrom(
      fingerprint,
      await post(credentials, 'get_token', {
        username: credentials.clientId,
        password: credentials.clientSecret,
      }),
    );

  /** The refresh token while it lasts; refused (revoked, the PBX restarted), the credentials again. */
  const renew = async (credentials: YeastarCredentials, fingerprint: string, old: Tokens | undefined) => {
    if (old && old.fingerprint === fingerprint && now() < old.refreshExpiresAt - TOKEN_RENEW_MARGIN_MS) {
      try {
        return tokensFrom(
          fingerprint,
          await post(credentials, 'refresh_token', { refresh_token: old.refreshToken }),
        );
      } catch {
        return getToken(credentials, fingerprint);
      }
    }
    return getToken(credentials, fingerprint);
  };

  const accessToken = async (integrationId: string, credentials: YeastarCredentials): Promise<string> => {
    const fingerprint = fingerprintOf(credentials);
    const cached = cache.get(integrationId);
    if (
      cached &&
      cached.fingerprint === fingerprint &&
      now() < cached.accessExpiresAt - TOKEN_RENEW_MARGIN_MS
    ) {
      return cached.accessToken;
    }
    const key = `${integrationId}:${fingerprint}`;
    let pending = renewing.get(key);
    if (!pending) {
      pending = renew(credentials, fingerprint, cached)
        .then((tokens) => {
          cache.set(integrationId, tokens);
          return tokens;
        })
        .finally(() => renewing.delete(key));
      renewing.set(key, pending);
    }
    return (await pending).accessToken;
  };

  return {
    async test(credentials) {
      await getToken(credentials, fingerprintOf(credentials));
    },

    async dial(integrationId, credentials, call) {
      const token = await accessToken(integrationId, credentials);
      const answer = await post(
        credentials,
        'call/dial',
        { caller: call.caller, callee: call.callee },
        token,
      );
      return { callId: dialSchema.parse(answer).call_id };
    },

    forget(integrationId) {
      cache.delete(integrationId);
    },
  };
};
