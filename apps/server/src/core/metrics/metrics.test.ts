import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const METRICS_TOKEN = 'scraper-token-0123456789';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ metricsToken: METRICS_TOKEN });
});
afterAll(async () => testApp?.close());

const scrape = (options: { remoteAddress: string; headers?: Record<string, string> }) =>
  testApp.app.inject({ method: 'GET', url: '/metrics', ...options });

describe('GET /metrics', () => {
  it('is refused to a caller outside this machine without the metrics token', async () => {
    const answer = await scrape({ remoteAddress: '203.0.113.7' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ status_codes: 403 });
    expect(answer.body).not.toContain('conversa_');
  });

  it('is refused through a proxy on this machine, which makes every visitor look local', async () => {
    const answer = await scrape({
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(answer.statusCode).toBe(403);
  });

  it('is refused with a wrong token', async () => {
    const answer = await scrape({
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer scraper-token-wrong-6789' },
    });
    expect(answer.statusCode).toBe(403);
  });

  it('answers loopback and token holders in Prometheus format: latency by route, webhooks, jobs, sockets', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/health' });
    await testApp.app.inject({
      method: 'POST',
      url: '/webhooks/sandbox/00000000-0000-4000-8000-000000000000',
      payload: { phone: '56911112222', body: 'hola' },
    });
    const local = await scrape({ remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.body).toMatch(
      /conversa_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    expect(local.body).toMatch(/conversa_webhooks_total\{provider="sandbox",result="(refused|invalid)"\} 1/);
    expect(local.body).toMatch(/conversa_jobs_due \d+/);
    expect(local.body).toMatch(/conversa_jobs_failed \d+/);
    expect(local.body).toContain('conversa_sockets 0');
    const remote = await scrape({
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('conversa_process_cpu_seconds_total');
  });
});
