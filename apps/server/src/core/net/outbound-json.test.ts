import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../test/fakes/fake-server';
import { callJsonProvider, fetchJson } from './outbound-json';

class CallError extends Error {
  constructor(
    message: string,
    readonly isRetryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const fail = (message: string, isRetryable: boolean, retryAfterMs?: number) =>
  new CallError(message, isRetryable, retryAfterMs);
const reasonOf = (status: number, body: unknown) =>
  `${status} ${String((body as { message?: unknown } | undefined)?.message ?? '')}`.trim();

let provider: FakeServer;

beforeAll(async () => {
  provider = await startFakeServer((request) => {
    if (request.path === '/busy')
      return { status: 429, json: { message: 'slow down' }, headers: { 'retry-after': '7' } };
    if (request.path === '/refused') return { status: 401, json: { message: 'bad key' } };
    if (request.path === '/html') return { body: Buffer.from('<html></html>') };
    if (request.path === '/hang') return { hang: true };
    if (request.path === '/half-emoji')
      return { body: Buffer.from('{"reply":"ok \\ud83d","items":["\\udc00"]}') };
    return {
      json: {
        method: request.method,
        type: request.headers['content-type'] ?? null,
        got: request.raw.toString(),
      },
    };
  });
});
afterAll(async () => provider?.close());

const call = (
  path: string,
  request: { json?: unknown; form?: Record<string, string>; timeoutMs?: number } = {},
) =>
  callJsonProvider(
    `${provider.url}${path}`,
    { timeoutMs: 5000, maxBytes: 10_000, ...request },
    { reasonOf, fail },
  );

describe('a JSON call to a provider', () => {
  it('sends JSON or a form as a POST, nothing as a GET, and answers the parsed JSON', async () => {
    expect(await call('/echo', { json: { a: 1 } })).toEqual({
      method: 'POST',
      type: 'application/json',
      got: '{"a":1}',
    });
    expect(await call('/echo', { form: { a: 'b c' } })).toEqual({
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      got: 'a=b+c',
    });
    expect(await call('/echo')).toEqual({ method: 'GET', type: null, got: '' });
  });

  it('answers half an emoji (a lone surrogate) as U+FFFD, so what a provider says can always be stored', async () => {
    expect(await call('/half-emoji')).toEqual({ reply: 'ok \ufffd', items: ['\ufffd'] });
  });

  it('classifies failures: 429 retryable with its Retry-After, 401 not, an answer not JSON retryable', async () => {
    await expect(call('/busy')).rejects.toMatchObject({
      message: '429 slow down',
      isRetryable: true,
      retryAfterMs: 7000,
    });
    await expect(call('/refused')).rejects.toMatchObject({ message: '401 bad key', isRetryable: false });
    await expect(call('/html')).rejects.toMatchObject({ isRetryable: true, message: /did not answer JSON/ });
    await expect(call('/hang', { timeoutMs: 100 })).rejects.toMatchObject({ isRetryable: true });
  });

  it('refuses for good an address outside the trusted origin', async () => {
    const answer = fetchJson(
      'http://127.0.0.1:9/anything',
      { timeoutMs: 1000, maxBytes: 1000, allowHosts: [] },
      fail,
    );
    await expect(answer).rejects.toMatchObject({ isRetryable: false });
  });
});
