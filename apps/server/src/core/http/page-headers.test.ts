import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
const webDist = mkdtempSync(join(tmpdir(), 'conversa-frame-'));

beforeAll(async () => {
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webDist, 'app.js'), 'console.log("app");');
  testApp = await createTestApp({
    webDist,
    frameAncestors: ['https://shop.example', 'https://*.shop.example'],
  });
});
afterAll(async () => {
  await testApp?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const headersOf = async (url: string) => {
  const response = await testApp.app.inject({ method: 'GET', url });
  return {
    status: response.statusCode,
    csp: String(response.headers['content-security-policy']),
    frameOptions: response.headers['x-frame-options'],
  };
};

describe('framing', () => {
  it.each(['/', '/?embedded=1', '/chat-signin', '/app/chat-iframe', '/app/chat-iframe/?embedded=1'])(
    'lets the sites of FRAME_ANCESTORS frame the widget page %s',
    async (url) => {
      const page = await headersOf(url);
      expect(page.status).toBe(200);
      expect(page.csp).toContain('frame-ancestors https://shop.example https://*.shop.example');
      expect(page.csp).toContain("script-src 'self'");
      expect(page.frameOptions).toBeUndefined();
    },
  );

  it.each([
    '/signin',
    '/app/dashboard/main',
    '/app/chat',
    '/app/chat-iframe-other',
    '/app.js',
    '/api/health',
    '/api/v1/en/user/search',
    '/files/not-a-file',
    '/webhooks/sandbox/unknown',
  ])('forbids framing %s', async (url) => {
    const page = await headersOf(url);
    expect(page.csp).toContain("frame-ancestors 'none'");
    expect(page.csp).not.toContain('shop.example');
    expect(page.frameOptions).toBe('DENY');
  });

  it('lets pages show pictures and videos from https and embed only YouTube and Vimeo players', async () => {
    const page = await headersOf('/app/chat');
    expect(page.csp).toContain("img-src 'self' data: blob: https:");
    expect(page.csp).toContain("media-src 'self' blob: https:");
    expect(page.csp).toMatch(
      /frame-src https:\/\/www\.youtube-nocookie\.com [^;]*https:\/\/player\.vimeo\.com(;|$)/,
    );
    expect(page.csp).toContain("script-src 'self'");
  });

  it('forbids framing the API docs while keeping their own script policy', async () => {
    const docs = await headersOf('/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.csp).toContain("frame-ancestors 'none'");
    expect(docs.csp).not.toContain("frame-ancestors 'self'");
    expect(docs.csp).toContain("script-src-attr 'none'");
    expect(docs.frameOptions).toBe('DENY');
  });
});
