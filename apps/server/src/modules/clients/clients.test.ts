import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let master: Session;
let owner: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
});
afterAll(async () => testApp?.close());

describe('platform administration (master only)', () => {
  it('the master lists companies and opens one', async () => {
    const answer = await call<{ id: string; subdomain: string }>(
      testApp.app,
      'POST',
      '/api/v1/en/client/search',
      {
        token: master.token,
        body: { filters: [{ key: 'subdomain', condition: 'equalto', value: 'DemoCompany' }] },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toEqual({ total: 1, page: 1, offset: 25 });
    const demo = answer.body.data[0];
    expect(demo?.subdomain).toBe('DemoCompany');
    const one = await call(testApp.app, 'GET', `/api/v1/en/client/search/${demo?.id}`, {
      token: master.token,
    });
    expect(one.status).toBe(200);
    expect(one.body.data[0]).toMatchObject({ id: demo?.id });
  });

  it('the master lists plans and opens one', async () => {
    const answer = await call<{ id: string; code: string; users: number }>(
      testApp.app,
      'POST',
      '/api/v1/en/plan/search',
      {
        token: master.token,
        body: {},
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((plan) => plan.code)).toContain('trial');
    const trial = answer.body.data.find((plan) => plan.code === 'trial');
    const one = await call(testApp.app, 'GET', `/api/v1/en/plan/search/${trial?.id}`, {
      token: master.token,
    });
    expect(one.body.data[0]).toMatchObject({ code: 'trial', quantities: { user: 5 }, is_default: true });
  });

  it.each([
    ['POST', '/api/v1/es/client/search'],
    ['GET', '/api/v1/es/client/search/00000000-0000-4000-8000-000000000000'],
  ] as const)('a company owner is refused %s %s with 403', async (method, url) => {
    const answer = await call(testApp.app, method, url, {
      token: owner.token,
      ...(method === 'POST' ? { body: {} } : {}),
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ status_codes: 403, data: [], info: 'Acceso restringido.' });
  });

  it('an unknown company id answers 404', async () => {
    const answer = await call(testApp.app, 'GET', '/api/v1/en/client/search/not-a-uuid', {
      token: master.token,
    });
    expect(answer.status).toBe(404);
  });
});
