import { randomBytes } from 'node:crypto';
import { type FakeServer, startFakeServer } from './fake-server';

export type FakeYeastar = FakeServer & {
  /** The dial requests accepted, in order. */
  dials: () => { caller: string; callee: string }[];
  /** How many tokens were handed out by get_token and by refresh_token. */
  issued: () => { getToken: number; refresh: number };
  /** Moves the fake's clock (its tokens' expiry) forward. */
  advance: (ms: number) => void;
};

const token = () => randomBytes(16).toString('hex');
const failure = (errcode: number, errmsg: string) => ({ json: { errcode, errmsg } });

/**
 * A Yeastar P-Series PBX's Open API as the integration uses it: POST /openapi/v1.0/get_token
 * `{ username, password }`, /refresh_token `{ refresh_token }` and /call/dial?access_token=… `{ caller,
 * callee }`, every answer `{ errcode, errmsg, … }` with HTTP 200. A request without `User-Agent: OpenAPI`,
 * wrong credentials or an expired token gets a non-zero errcode. `script` makes the next calls fail.
 */
export const startFakeYeastar = async (credentials: {
  clientId: string;
  clientSecret: string;
  accessSeconds?: number;
}): Promise<FakeYeastar> => {
  const accessMs = (credentials.accessSeconds ?? 1800) * 1000;
  const refreshMs = 86_400_000;
  let offset = 0;
  const now = () => Date.now() + offset;
  const access = new Map<string, number>();
  const refresh = new Map<string, number>();
  const counts = { getToken: 0, refresh: 0 };
  const dials: { caller: string; callee: string }[] = [];

  const issue = () => {
    const pair = { access: token(), refresh: token() };
    access.set(pair.access, now() + accessMs);
    refresh.set(pair.refresh, now() + refreshMs);
    return {
      json: {
        errcode: 0,
        errmsg: 'SUCCESS',
        access_token_expire_time: accessMs / 1000,
        access_token: pair.access,
        refresh_token_expire_time: refreshMs / 1000,
        refresh_token: pair.refresh,
      },
    };
  };

  const server = await startFakeServer((request) => {
    if (request.headers['user-agent'] !== 'OpenAPI') return failure(10001, 'UNRECOGNIZED USER AGENT');
    if (request.method !== 'POST') return failure(10002, 'METHOD NOT ALLOWED');
    if (request.path === '/openapi/v1.0/get_token') {
      if (
        request.json.username !== credentials.clientId ||
        request.json.password !== credentials.clientSecret
      ) {
        return failure(20004, 'CLIENT ID OR SECRET INVALID');
      }
      counts.getToken += 1;
      return issue();
    }
    if (request.path === '/openapi/v1.0/refresh_token') {
      const expiresAt = refresh.get(String(request.json.refresh_token ?? ''));
      if (!expiresAt || expiresAt <= now()) return failure(10004, 'REFRESH TOKEN EXPIRED');
      refresh.delete(String(request.json.refresh_token));
      counts.refresh += 1;
      return issue();
    }
    const expiresAt = access.get(request.query.get('access_token') ?? '');
    if (!expiresAt || expiresAt <= now()) return failure(10004, 'ACCESS TOKEN EXPIRED');
    if (request.path === '/openapi/v1.0/call/dial') {
      const caller = String(request.json.caller ?? '');
      const callee = String(request.json.callee ?? '');
      if (!caller || !callee) return failure(40002, 'PARAMETER ERROR');
      dials.push({ caller, callee });
      return {
        json: { errcode: 0, errmsg: 'SUCCESS', call_id: `${Math.floor(now() / 1000)}.${dials.length}` },
      };
    }
    return failure(10005, 'INTERFACE NOT EXISTED');
  });

  return {
    ...server,
    dials: () => [...dials],
    issued: () => ({ ...counts }),
    advance: (ms) => {
      offset += ms;
    },
  };
};
