import { lookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isForbiddenAddress } from './address-policy';

/**
 * The URL or its answer is not acceptable (a forbidden address, a scheme other than http(s), too many
 * redirects, a body over the limit). Trying again cannot help, so callers fail for good.
 */
export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

/** A GET (a file to download) or a call that writes (a provider's API: POST, a scheduling system's PUT or DELETE). */
export type OutboundRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A POST's body, sent as is (the caller sets its content-type); bytes for an encrypted Web Push. */
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The whole exchange, every redirect and name lookup included, is abandoned after this long. */
  timeoutMs: number;
  /** The answer's body is read while it arrives and the connection cut as soon as it passes this. */
  maxBytes: number;
  /**
   * An origin from our own configuration (a provider's API base): URLs under it are not checked, so
   * tests may point providers at fakes on loopback. Every other host is.
   */
  trustedOrigin?: string;
  /** `host` or `host:port` entries exempt from the address check (OUTBOUND_ALLOW_HOSTS, for tests). */
  allowHosts: readonly string[];
};

export type OutboundAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Credentials given for one origin never follow a redirect to another.
const ORIGIN_BOUND_HEADERS = new Set([
  'authorization',
  'cookie',
  'proxy-authorization',
  // Providers' API keys in headers of their own (360dialog, the QR gateway).
  'd360-api-key',
  'x-maytapi-key',
]);

type Target = { address: string; family: number };

/**
 * Connections to the hosts our own configuration names (a provider's API base, a test's allowed host)
 * are kept open between calls: nothing is checked on them that a kept connection would skip, and a
 * morning's 80 sends a second to one API no longer open a connection (and over https a TLS session)
 * each. One idle for a second is closed, well inside the servers' own idle limits (5 s for Node's, a
 * minute and more for the providers'), so a call is hardly ever written to a connection being closed.
 */
const KEPT_IDLE_MS = 1_000;
const keptAlive = {
  'http:': new HttpAgent({ keepAlive: true, timeout: KEPT_IDLE_MS }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: KEPT_IDLE_MS }),
};

const isExempt = (url: URL, request: OutboundRequest): boolean =>
  url.origin === request.trustedOrigin ||
  request.allowHosts.includes(url.host) ||
  request.allowHosts.includes(url.hostname);

const beforeDeadline = <T>(work: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });

/**
 * The address to connect to, checked: an IP literal as written, a name resolved here with every address
 * it has checked (one forbidden address refuses it all). Undefined for an exempt host, left to the system.
 */
const checkedTarget = async (
  url: URL,
  request: OutboundRequest,
  signal: AbortSignal,
): Promise<Target | undefined> => {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused(`${url.protocol} URLs are not fetched`);
  }
  if (isExempt(url, request)) return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : await beforeDeadline(lookup(host, { all: true, verbatim: true }), signal);
  const first = addresses[0];
  if (!first || addresses.some(({ address }) => isForbiddenAddress(address))) {
    throw new OutboundRefused(`${url.hostname} is not a public address`);
  }
  return first;
};

/** Connects to the address that was checked, never to a second answer of the name server. */
const pinnedLookup =
  (target: Target): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };

const tooLarge = (maxBytes: number) =>
  new OutboundRefused(`the answer is larger than the limit of ${maxBytes} bytes`);

const exchange = (
  url: URL,
  headers: Record<string, string>,
  target: Target | undefined,
  request: Pick<OutboundRequest, 'method' | 'body' | 'maxBytes'>,
  signal: AbortSignal,
): Promise<OutboundAnswer> =>
  new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const { maxBytes } = request;
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const outgoing = send(
      url,
      {
        method: request.method ?? 'GET',
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        signal,
        // A checked address gets a connection of its own: a kept one would skip the next request's check.
        agent: target ? false : keptAlive[url.protocol === 'https:' ? 'https:' : 'http:'],
        ...(target ? { lookup: pinnedLookup(target) } : {}),
      },
      (incoming) => {
        const status = incoming.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          incoming.destroy();
          resolve({ status, headers: incoming.headers, body: Buffer.alloc(0) });
          return;
        }
        if (Number(incoming.headers['content-length'] ?? 0) > maxBytes) {
          outgoing.destroy();
          reject(tooLarge(maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            outgoing.destroy();
            reject(tooLarge(maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('end', () => resolve({ status, headers: incoming.headers, body: Buffer.concat(chunks) }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });

const parseUrl = (text: string, base?: URL): URL => {
  try {
    return new URL(text, base);
  } catch {
    throw new OutboundRefused('not a valid URL');
  }
};

const describeFailure = (error: unknown, url: URL): Error => {
  if (error instanceof OutboundRefused) return error;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new Error(`${url.host} did not answer in time`);
  }
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
  return new Error(`${url.host} connection failed (${code})`);
};

/**
 * The one way to fetch a URL that came from outside (an attachment URL in a webhook, a URL a provider's
 * answer points to, a customer's webhook). Each hop's host is resolved here and refused unless every
 * address is public (see address-policy.ts); the connection goes to the checked address, so a name server
 * answering differently the second time changes nothing. Redirects are followed by hand, at most five,
 * each checked the same way. The body is counted while it streams and the connection cut at maxBytes.
 */
export const fetchOutbound = async (url: string, request: OutboundRequest): Promise<OutboundAnswer> => {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let current = parseUrl(url);
  let headers = { ...request.headers };
  for (let redirects = 0; ; redirects += 1) {
    let answer: OutboundAnswer;
    try {
      const target = await checkedTarget(current, request, signal);
      answer = await exchange(current, headers, target, request, signal);
    } catch (error) {
      throw describeFailure(error, current);
    }
    const location = answer.headers.location;
    // A write is never replayed elsewhere: its redirect is the answer, for the caller to treat as a failure.
    if (!REDIRECTS.has(answer.status) || !location || (request.method ?? 'GET') !== 'GET') return answer;
    if (redirects === MAX_REDIRECTS) throw new OutboundRefused(`more than ${MAX_REDIRECTS} redirects`);
    const next = parseUrl(location, current);
    if (next.origin !== current.origin) {
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !ORIGIN_BOUND_HEADERS.has(name.toLowerCase())),
      );
    }
    current = next;
  }
};
