import { randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeServer, type ReceivedRequest, startFakeServer } from './fake-server';

/** Zoho's accounts server gives at most this many access tokens per refresh token in 10 minutes. */
const TOKENS_PER_WINDOW = 10;
const TOKEN_WINDOW_MS = 10 * 60_000;
const MAX_UPSERT_RECORDS = 100;

export type ZohoFakeCredentials = { clientId: string; clientSecret: string; refreshToken: string };

export type UpsertCall = {
  module: string;
  authorization: string | undefined;
  data: Record<string, unknown>[];
  duplicateCheckFields: unknown;
};

export type FakeZoho = FakeServer & {
  /** Access tokens issued so far (each successful refresh). */
  tokensIssued: () => number;
  /** The refresh token and its access tokens stop working, as when its user revokes it in Zoho. */
  revoke: (refreshToken: string) => void;
  /** The upsert calls received, in order. */
  upserts: () => UpsertCall[];
  /** Zoho's records of a module, by id. */
  records: (module: string) => Map<string, Record<string, unknown>>;
};

const invalidToken: FakeAnswer = {
  status: 401,
  json: { code: 'INVALID_TOKEN', details: {}, message: 'invalid oauth token', status: 'error' },
};

const zohoId = () => `${5_725_767_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e12))}`;

/**
 * Zoho CRM as the integration uses it, accounts and API on one server: `POST /oauth/v2/token` with the
 * refresh_token grant in the query (answers `{ access_token, expires_in, api_domain }`, or `{ error:
 * "invalid_code" }` under a 200 for an unknown or revoked refresh token, `invalid_client` for a wrong
 * client); `GET /crm/v8/org` and `POST /crm/v8/{Contacts|Leads}/upsert` with `Authorization:
 * Zoho-oauthtoken <token>` (401 INVALID_TOKEN otherwise), at most 100 records a call, duplicates found
 * by `duplicate_check_fields`, each record's result `{ code, action, details: { id }, status }`.
 */
export const startFakeZoho = async (credentials: ZohoFakeCredentials): Promise<FakeZoho> => {
  const revoked = new Set<string>();
  const tokens = new Set<string>();
  const issuedAt: number[] = [];
  const stores = new Map<string, Map<string, Record<string, unknown>>>();
  const storeOf = (module: string) => {
    const store = stores.get(module) ?? new Map<string, Record<string, unknown>>();
    stores.set(module, store);
    return store;
  };

  const token = (request: ReceivedRequest, baseUrl: string): FakeAnswer => {
    const query = request.query;
    if (query.get('grant_type') !== 'refresh_token')
      return { status: 400, json: { error: 'unsupported_grant_type' } };
    if (
      query.get('client_id') !== credentials.clientId ||
      query.get('client_secret') !== credentials.clientSecret
    ) {
      return { json: { error: 'invalid_client' } };
    }
    const refreshToken = query.get('refresh_token') ?? '';
    if (refreshToken !== credentials.refreshToken || revoked.has(refreshToken)) {
      return { json: { error: 'invalid_code' } };
    }
    const now = Date.now();
    if (issuedAt.filter((at) => at > now - TOKEN_WINDOW_MS).length >= TOKENS_PER_WINDOW) {
      return {
        status: 400,
        json: {
          error_description:
            'You have made too many requests continuously. Please try again after some time.',
          error: 'Access Denied',
          status: 'failure',
        },
      };
    }
    issuedAt.push(now);
    const accessToken = `1000.${randomBytes(16).toString('hex')}`;
    tokens.add(accessToken);
    return {
      json: {
        access_token: accessToken,
        scope: 'ZohoCRM.modules.ALL ZohoCRM.org.READ',
        api_domain: baseUrl,
        token_type: 'Bearer',
        expires_in: 3600,
      },
    };
  };

  const upsertOne = (module: string, record: Record<string, unknown>, checkFields: string[]) => {
    if (typeof record.Last_Name !== 'string' || record.Last_Name === '') {
      return {
        code: 'MANDATORY_NOT_FOUND',
        details: { api_name: 'Last_Name', json_path: '$.data[0].Last_Name' },
        message: 'required field not found',
        status: 'error',
      };
    }
    const store = storeOf(module);
    const duplicate = [...store.entries()].find(([, stored]) =>
      checkFields.some((field) => record[field] !== undefined && stored[field] === record[field]),
    );
    const id = duplicate?.[0] ?? zohoId();
    store.set(id, { ...duplicate?.[1], ...record, id });
    const at = new Date().toISOString();
    return {
      code: 'SUCCESS',
      duplicate_field: duplicate
        ? (checkFields.find((field) => duplicate[1][field] === record[field]) ?? null)
        : null,
      action: duplicate ? 'update' : 'insert',
      details: { Modified_Time: at, Modified_By: { name: 'Fake', id: '1' }, Created_Time: at, id },
      message: duplicate ? 'record updated' : 'record added',
      status: 'success',
    };
  };

  const server = await startFakeServer((request, baseUrl) => {
    if (request.method === 'POST' && request.path === '/oauth/v2/token') return token(request, baseUrl);
    const authorization = request.headers.authorization ?? '';
    const isAuthorized =
      authorization.startsWith('Zoho-oauthtoken ') &&
      tokens.has(authorization.slice('Zoho-oauthtoken '.length));
    if (request.method === 'GET' && request.path === '/crm/v8/org') {
      if (!isAuthorized) return invalidToken;
      return {
        json: { org: [{ id: '5725767000000021001', company_name: 'Clínica Fake', country_code: 'CL' }] },
      };
    }
    const upsert = /^\/crm\/v8\/(Contacts|Leads)\/upsert$/.exec(request.path);
    if (request.method === 'POST' && upsert) {
      if (!isAuthorized) return invalidToken;
      const data = Array.isArray(request.json.data) ? (request.json.data as Record<string, unknown>[]) : [];
      if (data.length === 0 || data.length > MAX_UPSERT_RECORDS) {
        return {
          status: 400,
          json: {
            code: 'LIMIT_EXCEEDED',
            details: { limit: MAX_UPSERT_RECORDS },
            message: 'limit exceeded',
            status: 'error',
          },
        };
      }
      const checkFields = Array.isArray(request.json.duplicate_check_fields)
        ? (request.json.duplicate_check_fields as string[])
        : ['Email'];
      return { json: { data: data.map((record) => upsertOne(upsert[1] as string, record, checkFields)) } };
    }
    return {
      status: 404,
      json: {
        code: 'INVALID_URL_PATTERN',
        message: 'Please check if the URL trying to access is a correct one',
        status: 'error',
      },
    };
  });

  return {
    ...server,
    tokensIssued: () => issuedAt.length,
    revoke: (refreshToken) => {
      revoked.add(refreshToken);
      if (refreshToken === credentials.refreshToken) tokens.clear();
    },
    upserts: () =>
      server
        .received((request) => /\/upsert$/.test(request.path))
        .map((request) => ({
          module: request.path.split('/')[3] ?? '',
          authorization: request.headers.authorization,
          data: (request.json.data ?? []) as Record<string, unknown>[],
          duplicateCheckFields: request.json.duplicate_check_fields,
        })),
    records: (module) => storeOf(module),
  };
};
