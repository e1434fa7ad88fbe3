import type { Feature, FeatureCreateInput } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let master: Session;
let owner: Session;
let agent: Session;
let counter = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  agent = await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
});
afterAll(async () => testApp?.close());

const newFeature = (overrides: Partial<FeatureCreateInput> = {}): FeatureCreateInput => {
  counter += 1;
  return {
    code: `bag-${Date.now().toString(36)}-${counter}`,
    name: '1,000 messages',
    kind: 'message_bag',
    quantity: 1000,
    price_clp: 9990,
    price_usd: 10.99,
    is_public: true,
    ...overrides,
  };
};

const createFeature = (body: FeatureCreateInput, session = master) =>
  call<Feature>(testApp.app, 'POST', '/api/v1/en/feature/create', { token: session.token, body });

describe('features (master console)', () => {
  it('the master creates, changes and deletes a feature, each write audited', async () => {
    const created = await createFeature(newFeature());
    expect(created.status).toBe(200);
    const feature = created.body.data[0] as Feature;
    expect(feature).toMatchObject({ kind: 'message_bag', quantity: 1000, price_usd: 10.99, is_public: true });

    const updated = await call<Feature>(testApp.app, 'PUT', `/api/v1/en/feature/updateone/${feature.id}`, {
      token: master.token,
      body: { quantity: 2000, price_clp: 15_990 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.info).toBe('Feature updated');
    expect(updated.body.data[0]).toMatchObject({ quantity: 2000, price_clp: 15_990, is_public: true });

    const removed = await call(testApp.app, 'DELETE', `/api/v1/en/feature/deleteone/${feature.id}`, {
      token: master.token,
    });
    expect(removed.status).toBe(200);
    const audit = (await testApp.app.database.db.execute(
      sql`select action from audit_logs where module = 'feature' and record_id = ${feature.id} order by create_date`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a code in use answers 409; a quantity below 1 or an unknown kind 400', async () => {
    const body = newFeature();
    expect((await createFeature(body)).status).toBe(200);
    const again = await createFeature(body);
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.path).toBe('code');
    const wrong = await createFeature(newFeature({ quantity: 0, kind: 'sms' as 'device' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.map((error) => error.path).sort()).toEqual(['kind', 'quantity']);
  });

  it('a company reads the public features only', async () => {
    const hidden = (await createFeature(newFeature({ is_public: false }))).body.data[0] as Feature;
    const shown = (await createFeature(newFeature({ kind: 'device', quantity: 1 }))).body.data[0] as Feature;
    const answer = await call<Feature>(testApp.app, 'POST', '/api/v1/en/feature/search', {
      token: owner.token,
      body: { offset: 100 },
    });
    const ids = answer.body.data.map((feature) => feature.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    const all = await call<Feature>(testApp.app, 'POST', '/api/v1/en/feature/search', {
      token: master.token,
      body: { offset: 100 },
    });
    expect(all.body.data.map((feature) => feature.id)).toEqual(expect.arrayContaining([hidden.id, shown.id]));
  });

  it.each([
    ['POST', '/feature/create'],
    ['PUT', '/feature/updateone/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/feature/deleteone/00000000-0000-4000-8000-000000000000'],
  ] as const)('company owners and users are refused %s %s with 403', async (method, path) => {
    for (const session of [owner, agent]) {
      const answer = await call(testApp.app, method, `/api/v1/en${path}`, {
        token: session.token,
        ...(method === 'DELETE' ? {} : { body: newFeature() }),
      });
      expect(answer.status).toBe(403);
    }
  });
});
