import { type KeyObject, verify } from 'node:crypto';
import { type FakeAnswer, type FakeServer, type ReceivedRequest, startFakeServer } from './fake-server';

export type DetectIntentQuery = { session: string; text: string; languageCode: string };

export type FakeDialogflow = FakeServer & {
  tokenUrl: string;
  /** The JWT assertions that passed the check, their claims decoded. */
  exchanges: () => Record<string, unknown>[];
  /** The detectIntent calls received, in order. */
  queries: () => DetectIntentQuery[];
  /** What the next detectIntent calls answer: `queryResult` fields for the query. */
  answerWith: (answer: (query: DetectIntentQuery) => Record<string, unknown>) => void;
};

const unauthenticated = (message: string): FakeAnswer => ({
  status: 401,
  json: { error: { code: 401, message, status: 'UNAUTHENTICATED' } },
});

/** A query result with these fulfillment texts, as Dialogflow ES answers it. */
export const fulfillment = (texts: string[], payload?: Record<string, unknown>) => ({
  fulfillmentText: texts[0] ?? '',
  fulfillmentMessages: [{ text: { text: texts } }, ...(payload ? [{ payload }] : [])],
});

/**
 * Google's OAuth token endpoint and Dialogflow ES together. POST /token takes the service-account flow
 * (grant_type jwt-bearer and an RS256 assertion), checked with the public key of the test's key pair, its
 * iss, scope, aud and expiry, and answers `{ access_token, expires_in, token_type }`. GET
 * /v2/projects/{p}/agent and POST .../agent/sessions/{s}:detectIntent want one of those tokens.
 */
export const startFakeDialogflow = async (account: {
  clientEmail: string;
  publicKey: KeyObject;
}): Promise<FakeDialogflow> => {
  const passed: Record<string, unknown>[] = [];
  const issued = new Set<string>();
  const queries: DetectIntentQuery[] = [];
  let answer: (query: DetectIntentQuery) => Record<string, unknown> = () => fulfillment(['Hola, soy el bot']);
  let tokenUrl = '';

  const exchange = (request: ReceivedRequest): FakeAnswer => {
    const form = new URLSearchParams(request.raw.toString('utf8'));
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return { status: 400, json: { error: 'unsupported_grant_type' } };
    }
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    if (!header || !claims || !signature) return { status: 400, json: { error: 'invalid_grant' } };
    const isSigned = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${claims}`),
      account.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
    const now = Date.now() / 1000;
    const isValid =
      isSigned &&
      JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg === 'RS256' &&
      decoded.iss === account.clientEmail &&
      decoded.scope === 'https://www.googleapis.com/auth/cloud-platform' &&
      decoded.aud === tokenUrl &&
      Number(decoded.iat) <= now + 5 &&
      Number(decoded.exp) > now &&
      Number(decoded.exp) - Number(decoded.iat) <= 3600;
    if (!isValid) return { status: 400, json: { error: 'invalid_grant', error_description: 'Invalid JWT' } };
    passed.push(decoded);
    const token = `ya29.fake-${passed.length}`;
    issued.add(token);
    return { json: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  };

  const server = await startFakeServer((request) => {
    if (request.method === 'POST' && request.path === '/token') return exchange(request);
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!issued.has(bearer)) return unauthenticated('Request had invalid authentication credentials.');
    const agent = request.path.match(/^\/v2\/projects\/([^/]+)\/agent$/);
    if (request.method === 'GET' && agent) {
      return { json: { parent: `projects/${agent[1]}`, displayName: 'Agent', defaultLanguageCode: 'es' } };
    }
    const session = request.path.match(/^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/);
    if (request.method === 'POST' && session) {
      const text = request.json.queryInput as { text?: { text?: string; languageCode?: string } } | undefined;
      const query = {
        session: decodeURIComponent(session[2] ?? ''),
        text: text?.text?.text ?? '',
        languageCode: text?.text?.languageCode ?? '',
      };
      queries.push(query);
      return {
        json: {
          responseId: `response-${queries.length}`,
          queryResult: { queryText: query.text, languageCode: query.languageCode, ...answer(query) },
        },
      };
    }
    return { status: 404, json: { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } } };
  });
  tokenUrl = `${server.url}/token`;
  return {
    ...server,
    tokenUrl,
    exchanges: () => [...passed],
    queries: () => [...queries],
    answerWith: (next) => {
      answer = next;
    },
  };
};
