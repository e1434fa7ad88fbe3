import { ZOHO_UPSERT_BATCH } from '@conversa/domain';
import { callZoho, ZohoCallError, zohoReasonOf } from './zoho-http';
import { toZohoRecord, type ZohoModule, type ZohoSourceRecord } from './zoho-records';
import { createZohoTokens, type ZohoCredentials, type ZohoToken } from './zoho-tokens';

export const ZOHO_CRM_VERSION = 'v8';
/** Zoho identifies a record again by these: a contact known by its e-mail or phone is updated, not doubled. */
export const ZOHO_DUPLICATE_CHECK_FIELDS = ['Email', 'Phone'];

/** One record's outcome, in the order sent: Zoho's id, or why Zoho refused it. */
export type ZohoUpsertResult = { ok: true; externalId: string } | { ok: false; error: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The API domain Zoho named in the token answer, only when it is one of Zoho's (`*.zohoapis.*`). */
const apiDomainOf = (token: ZohoToken, dataCentre: string): string => {
  try {
    const url = new URL(token.apiDomain ?? '');
    if (url.protocol === 'https:' && /(^|\.)zohoapis\./.test(url.hostname)) return url.origin;
  } catch {
    // No usable api_domain: the data centre's own.
  }
  return `https://www.zohoapis.${dataCentre}`;
};

/**
 * Zoho CRM's API as the integration uses it (API.md "Integrations", H3 of the research): an OAuth access
 * token from the refresh token, sent as `Authorization: Zoho-oauthtoken`, against the api_domain of the
 * token answer (or ZOHO_API_URL); records upserted with the duplicate check on e-mail and phone.
 */
export const createZohoClient = (options: {
  accountsUrl: string | undefined;
  apiUrl: string | undefined;
  timeoutMs: number;
  allowHosts: readonly string[];
}) => {
  const tokens = createZohoTokens(options);
  const apiOverride = options.apiUrl?.replace(/\/+$/, '');

  /** A call with the cached token; one Zoho no longer honours is dropped and the call made once more. */
  const authorized = async (
    credentials: ZohoCredentials,
    path: string,
    request: { method: 'GET' | 'POST'; json?: unknown },
  ) => {
    for (let attempt = 1; ; attempt += 1) {
      const token = await tokens.accessToken(credentials);
      const base = apiOverride ?? apiDomainOf(token, credentials.data_centre);
      const answer = await callZoho(`${base}/crm/${ZOHO_CRM_VERSION}${path}`, {
        ...request,
        headers: { authorization: `Zoho-oauthtoken ${token.accessToken}` },
        timeoutMs: options.timeoutMs,
        ...(apiOverride ? { trustedOrigin: new URL(apiOverride).origin } : {}),
        allowHosts: options.allowHosts,
      });
      if (answer.status === 401 && answer.body.code === 'INVALID_TOKEN' && attempt === 1) {
        tokens.forget(credentials);
        continue;
      }
      return answer;
    }
  };

  return {
    /** The Test: a token and a cheap read of the organization. */
    async check(credentials: ZohoCredentials): Promise<void> {
      const answer = await authorized(credentials, '/org', { method: 'GET' });
      if (answer.status !== 200) throw new ZohoCallError(zohoReasonOf(answer.status, answer.body));
    },

    /** Up to ZOHO_UPSERT_BATCH records of one module in one call; each record's outcome in order. */
    async upsert(
      credentials: ZohoCredentials,
      module: ZohoModule,
      records: readonly ZohoSourceRecord[],
    ): Promise<ZohoUpsertResult[]> {
      if (records.length === 0) return [];
      if (records.length > ZOHO_UPSERT_BATCH) throw new Error(`at most ${ZOHO_UPSERT_BATCH} records a call`);
      const answer = await authorized(credentials, `/${module}/upsert`, {
        method: 'POST',
        json: { data: records.map(toZohoRecord), duplicate_check_fields: ZOHO_DUPLICATE_CHECK_FIELDS },
      });
      const results = Array.isArray(answer.body.data) ? answer.body.data : undefined;
      if (answer.status < 200 || answer.status > 299 || !results) {
        throw new ZohoCallError(zohoReasonOf(answer.status, answer.body));
      }
      return records.map((_, index): ZohoUpsertResult => {
        const result: unknown = results[index];
        if (!isObject(result)) return { ok: false, error: 'no result for this record' };
        const details = isObject(result.details) ? result.details : {};
        if (result.status === 'success' && typeof details.id === 'string') {
          return { ok: true, externalId: details.id };
        }
        return { ok: false, error: zohoReasonOf(answer.status, result) };
      });
    },
  };
};

export type ZohoClient = ReturnType<typeof createZohoClient>;
