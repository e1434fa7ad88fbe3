import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake provider received it. */
export type ReceivedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  json: Record<string, unknown>;
  at: number;
};

/** How the fake answers one request; `hang` never answers (the caller times out or is killed). */
export type FakeAnswer = {
  status?: number;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  delayMs?: number;
  hang?: boolean;
};

export type FakeHandler = (request: ReceivedRequest, baseUrl: string) => FakeAnswer;

export type FakeServer = {
  url: string;
  requests: ReceivedRequest[];
  /** The next requests matching `path` get these answers, in order, instead of the normal ones. */
  script: (path: RegExp, answers: FakeAnswer[]) => void;
  /** Resolves with the first request (already received or to come) that matches. */
  waitFor: (match: (request: ReceivedRequest) => boolean, timeoutMs?: number) => Promise<ReceivedRequest>;
  received: (match: (request: ReceivedRequest) => boolean) => ReceivedRequest[];
  close: () => Promise<void>;
};

const parseJson = (raw: Buffer): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * A provider stand-in on 127.0.0.1 (a free port, or the one given for a browser test whose server must know
 * it beforehand): records every request, answers through `handler`.
 */
export const startFakeServer = async (handler: FakeHandler, port = 0): Promise<FakeServer> => {
  const requests: ReceivedRequest[] = [];
  const scripts: { path: RegExp; answers: FakeAnswer[] }[] = [];
  const waiters: { match: (request: ReceivedRequest) => boolean; resolve: (r: ReceivedRequest) => void }[] =
    [];
  const hanging = new Set<ServerResponse>();
  let baseUrl = '';

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', baseUrl);
      const raw = Buffer.concat(chunks);
      const request: ReceivedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        raw,
        json: parseJson(raw),
        at: Date.now(),
      };
      requests.push(request);
      for (const waiter of [...waiters]) {
        if (waiter.match(request)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(request);
        }
      }
      const scripted = scripts.find((entry) => entry.path.test(request.path) && entry.answers.length > 0);
      const answer = scripted?.answers.shift() ?? handler(request, baseUrl);
      if (answer.hang) {
        hanging.add(response);
        return;
      }
      const send = () => {
        const body = answer.body ?? Buffer.from(JSON.stringify(answer.json ?? {}));
        response.writeHead(answer.status ?? 200, {
          'content-type': answer.body ? 'application/octet-stream' : 'application/json',
          'content-length': String(body.length),
          ...answer.headers,
        });
        response.end(body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    script: (path, answers) => scripts.push({ path, answers: [...answers] }),
    waitFor: (match, timeoutMs = 10_000) => {
      const seen = requests.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('the fake provider never saw that request')),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (request) => {
            clearTimeout(timer);
            resolve(request);
          },
        });
      });
    },
    received: (match) => requests.filter(match),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
