import { FILE_MAX_BYTES } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../test/fakes/fake-server';
import { startStreamingServer, startWitness, type Witness } from '../../test/fakes/outbound-targets';
import { fetchOutbound, OutboundRefused, type OutboundRequest } from './outbound-fetch';

let internal: Witness;
/** An outside host the tests allow: it redirects wherever the test says, and serves small files. */
let relay: FakeServer;

beforeAll(async () => {
  internal = await startWitness();
  relay = await startFakeServer((request) => {
    const to = request.query.get('to');
    if (to) return { status: Number(request.query.get('status') ?? 302), headers: { location: to } };
    if (request.path === '/hang') return { hang: true };
    return { body: Buffer.from(`file at ${request.path}`) };
  });
});
afterAll(async () => {
  await internal?.close();
  await relay?.close();
});

const options = (overrides: Partial<OutboundRequest> = {}): OutboundRequest => ({
  timeoutMs: 5000,
  maxBytes: FILE_MAX_BYTES,
  allowHosts: [new URL(relay.url).host],
  ...overrides,
});

const refusedWith = async (url: string, pattern: RegExp, overrides: Partial<OutboundRequest> = {}) => {
  const failure = await fetchOutbound(url, options(overrides)).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(OutboundRefused);
  expect((failure as Error).message).toMatch(pattern);
};

const through = (to: string, status = 302) => `${relay.url}/go?status=${status}&to=${encodeURIComponent(to)}`;

describe('fetching a URL that came from outside', () => {
  it('refuses loopback by IP, by name, and written as IPv4-mapped or 0.0.0.0, and connects to none', async () => {
    const port = new URL(internal.url).port;
    for (const url of [
      `${internal.url}/admin`,
      `http://localhost:${port}/admin`,
      `http://[::ffff:127.0.0.1]:${port}/admin`,
      `http://[::1]:${port}/admin`,
      `http://0.0.0.0:${port}/admin`,
      `http://2130706433:${port}/admin`,
    ]) {
      await refusedWith(url, /is not a public address/);
    }
    expect(internal.connections()).toBe(0);
  });

  it('refuses the metadata service, private and multicast addresses without trying them', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
    ]) {
      await refusedWith(url, /is not a public address/);
    }
  });

  it('refuses a redirect to loopback or to the metadata service, after following the allowed hop', async () => {
    await refusedWith(through(`${internal.url}/admin`), /127\.0\.0\.1 is not a public address/);
    await refusedWith(through(`${internal.url}/admin`, 307), /is not a public address/);
    await refusedWith(through('http://169.254.169.254/latest/meta-data/', 301), /169\.254\.169\.254/);
    await refusedWith(
      through(`http://[::ffff:7f00:1]:${new URL(internal.url).port}/`, 308),
      /is not a public address/,
    );
    expect(internal.connections()).toBe(0);
    expect(relay.received((request) => request.path === '/go').length).toBeGreaterThanOrEqual(4);
  });

  it('refuses schemes other than http and https, and what is not a URL', async () => {
    await refusedWith('file:///etc/passwd', /file: URLs are not fetched/);
    await refusedWith(through('file:///etc/passwd'), /file: URLs are not fetched/);
    await refusedWith('not a url', /not a valid URL/);
    await refusedWith(through('http://[::1'), /not a valid URL/);
  });

  it('follows five redirects and refuses the sixth', async () => {
    let url = `${relay.url}/final`;
    for (let hop = 0; hop < 5; hop += 1) url = through(url);
    const answer = await fetchOutbound(url, options());
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('file at /final');
    await refusedWith(through(url), /more than 5 redirects/);
  });

  it('drops the Authorization header when a redirect leaves the origin', async () => {
    const other = await startFakeServer(() => ({ body: Buffer.from('elsewhere') }));
    try {
      const allowHosts = [new URL(relay.url).host, new URL(other.url).host];
      await fetchOutbound(through(`${relay.url}/same`), {
        ...options({ allowHosts }),
        headers: { authorization: 'Bearer provider-token' },
      });
      await fetchOutbound(through(`${other.url}/other`), {
        ...options({ allowHosts }),
        headers: { authorization: 'Bearer provider-token' },
      });
      expect(relay.received((request) => request.path === '/same')[0]?.headers.authorization).toBe(
        'Bearer provider-token',
      );
      expect(other.received((request) => request.path === '/other')[0]?.headers.authorization).toBe(
        undefined,
      );
    } finally {
      await other.close();
    }
  });

  it('lets the configured provider origin through, and only that origin', async () => {
    const answer = await fetchOutbound(`${internal.url}/media`, {
      ...options({ allowHosts: [] }),
      trustedOrigin: internal.url,
    });
    expect(answer.body.toString()).toBe('internal secret');
    const before = internal.connections();
    await refusedWith(`${internal.url}/media`, /is not a public address/, {
      allowHosts: [],
      trustedOrigin: 'http://127.0.0.1:9',
    });
    expect(internal.connections()).toBe(before);
  });

  it('keeps its connection to the configured provider origin for the calls that follow', async () => {
    const before = internal.connections();
    for (let call = 0; call < 3; call += 1) {
      const answer = await fetchOutbound(`${internal.url}/media`, {
        ...options({ allowHosts: [] }),
        method: 'POST',
        body: '{}',
        trustedOrigin: internal.url,
      });
      expect(answer.body.toString()).toBe('internal secret');
    }
    expect(internal.connections() - before).toBeLessThanOrEqual(1);
  });

  it('gives up on a host that never answers once the time is up', async () => {
    const started = Date.now();
    const failure = await fetchOutbound(`${relay.url}/hang`, options({ timeoutMs: 300 })).catch(
      (error: unknown) => error,
    );
    expect((failure as Error).message).toMatch(/did not answer in time/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cuts a 30 MB chunked answer at the limit instead of reading it whole', async () => {
    const huge = await startStreamingServer(30_000_000, { declare: false });
    try {
      await refusedWith(`${huge.url}/huge.bin`, /larger than the limit of 10000000 bytes/, {
        allowHosts: [huge.host],
      });
      const report = await huge.report();
      expect(report.isFinished).toBe(false);
      expect(report.isCutByClient).toBe(true);
      expect(report.bytesWritten).toBeLessThan(30_000_000);
    } finally {
      await huge.close();
    }
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const huge = await startStreamingServer(20_000_000, { declare: true });
    try {
      await refusedWith(`${huge.url}/huge.bin`, /larger than the limit/, { allowHosts: [huge.host] });
      const report = await huge.report();
      expect(report.isFinished).toBe(false);
      expect(report.bytesWritten).toBeLessThan(20_000_000);
    } finally {
      await huge.close();
    }
  });

  it('reads a body of exactly the limit', async () => {
    const exact = await startStreamingServer(FILE_MAX_BYTES, { declare: false });
    try {
      const answer = await fetchOutbound(`${exact.url}/exact.bin`, options({ allowHosts: [exact.host] }));
      expect(answer.body.length).toBe(FILE_MAX_BYTES);
    } finally {
      await exact.close();
    }
  });
});
