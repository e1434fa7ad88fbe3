import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
const webDist = mkdtempSync(join(tmpdir(), 'conversa-web-'));

beforeAll(async () => {
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webDist, 'app.js'), 'console.log("app");');
  testApp = await createTestApp({ webDist });
});
afterAll(async () => {
  await testApp?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('envelope on every answer', () => {
  it('an unknown API route answers a 404 envelope', async () => {
    const answer = await call(testApp.app, 'GET', '/api/v1/en/nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      status_codes: 404,
      data: [],
      info: 'Sorry, an error occurred. Page not found!',
    });
  });

  it('an unknown locale answers a 404 envelope', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/de/login', {
      body: { email: 'a@b.cl', password: 'x' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.status_codes).toBe(404);
  });

  it('malformed JSON answers a 400 envelope', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status_codes: 400, data: [], info: 'Invalid data' });
  });
});

describe('operations', () => {
  it('health answers alive', async () => {
    const answer = await call(testApp.app, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body.status_codes).toBe(200);
  });

  it('ready checks the database', async () => {
    const answer = await call(testApp.app, 'GET', '/api/ready');
    expect(answer.status).toBe(200);
  });

  it('the OpenAPI document lists the user routes', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const route of [
      'search',
      'search_all',
      'search/{id}',
      'create',
      'updateone/{id}',
      'updatepassword/{id}',
      'list',
    ]) {
      expect(paths).toContain(`/api/v1/{locale}/user/${route}`);
    }
    expect(paths).toContain('/api/v1/{clientId}/{userId}/account/search/{locale}');
  });

  it('the docs page renders', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('web app and security headers', () => {
  it('serves index.html with the content security policy for app deep links', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/app/dashboard/main' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // Only the widget pages may be framed (page-headers.test.ts).
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('serves static files, and a missing file is a 404', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/app.js' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
  });

  it('keeps CORS closed to foreign origins by default', async () => {
    const response = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/en/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });
});
