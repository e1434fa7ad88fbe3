import type { Plan, PlanCreateInput } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

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

const newPlan = (overrides: Partial<PlanCreateInput> = {}): PlanCreateInput => {
  counter += 1;
  return {
    code: `pro-${Date.now().toString(36)}-${counter}`,
    name: 'Pro',
    price_clp: 29_990,
    price_usd: 32.5,
    duration_days: 30,
    quantities: { device: 3, user: 5, message: 1000, chatgpt: 100, dialogflow: 0, yeastar: 10 },
    extra_prices: {
      device: { clp: 5000, usd: 5.5 },
      user: { clp: 3000, usd: 3.25 },
      message: { clp: 10, usd: 0.01 },
    },
    access: ['chat.view', 'contact.view'],
    is_public: true,
    ...overrides,
  };
};

const createPlan = (body: PlanCreateInput, session = master, locale = 'en') =>
  call<Plan>(testApp.app, 'POST', `/api/v1/${locale}/plan/create`, { token: session.token, body });

const execute = (query: ReturnType<typeof sql>) => testApp.app.database.db.execute(query);

describe('plans (master console)', () => {
  it('the master creates, changes and deletes a plan, each write audited and announced', async () => {
    const created = await createPlan(newPlan());
    expect(created.status).toBe(200);
    expect(created.body.info).toBe('Plan created');
    const plan = created.body.data[0] as Plan;
    expect(plan).toMatchObject({
      name: 'Pro',
      price_usd: 32.5,
      quantities: { device: 3, user: 5, message: 1000, chatgpt: 100, dialogflow: 0, yeastar: 10 },
      extra_prices: { user: { clp: 3000, usd: 3.25 } },
      is_public: true,
      is_default: false,
    });

    const updated = await call<Plan>(testApp.app, 'PUT', `/api/v1/en/plan/updateone/${plan.id}`, {
      token: master.token,
      body: { name: 'Pro plus', price_usd: 40, quantities: { ...plan.quantities, message: 2000 } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data[0]).toMatchObject({ name: 'Pro plus', price_usd: 40, is_public: true });
    expect(updated.body.data[0]?.quantities.message).toBe(2000);

    const removed = await call(testApp.app, 'DELETE', `/api/v1/en/plan/deleteone/${plan.id}`, {
      token: master.token,
    });
    expect(removed.status).toBe(200);
    const gone = await call(testApp.app, 'GET', `/api/v1/en/plan/search/${plan.id}`, { token: master.token });
    expect(gone.status).toBe(404);

    const audit = (await execute(
      sql`select action from audit_logs where module = 'plan' and record_id = ${plan.id} order by create_date`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    const outbox = (await execute(
      sql`select action from realtime_events where module = 'plan' and ref = ${plan.id} order by seq`,
    )) as unknown as { rows: { action: string }[] };
    expect(outbox.rows.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a code already in use answers 409 on the code', async () => {
    const body = newPlan();
    expect((await createPlan(body)).status).toBe(200);
    const again = await createPlan({ ...body, name: 'Copy' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ path: 'code', message: 'This code is already in use' }]);
  });

  it('a plan without any permission answers 400 with the rule in the language of the request', async () => {
    const english = await createPlan(newPlan({ access: [] }));
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual([
      { path: 'access', message: 'please add at least one permission to the plan' },
    ]);
    const spanish = await createPlan(newPlan({ access: [] }), master, 'es');
    expect(spanish.body.errors).toEqual([{ path: 'access', message: 'agregue al menos un permiso al plan' }]);
  });

  it('refuses prices that are not whole pesos or dollars with cents, and a master-only permission', async () => {
    const answer = await createPlan(
      newPlan({ price_clp: 10.5, price_usd: 1.999, duration_days: 0, access: ['plan.view' as 'chat.view'] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.path).sort()).toEqual([
      'access.0',
      'duration_days',
      'price_clp',
      'price_usd',
    ]);
  });

  it('a quantity below what a company on the plan uses answers 406 naming the quota; its deletion too', async () => {
    const plan = (await createPlan(newPlan())).body.data[0] as Plan;
    const company = await signupCompany(testApp.app);
    await execute(
      sql`update clients set plan_id = ${plan.id}, plan_started_at = now() where id = ${company.clientId}`,
    );
    await execute(sql`insert into quota_usage (client_id, kind, period_start, used)
      select id, 'message', plan_started_at, 700 from clients where id = ${company.clientId}`);

    const change = (quantities: Partial<Plan['quantities']>) =>
      call(testApp.app, 'PUT', `/api/v1/en/plan/updateone/${plan.id}`, {
        token: master.token,
        body: { quantities: { ...plan.quantities, ...quantities } },
      });
    const users = await change({ user: 0 });
    expect(users.status).toBe(406);
    expect(users.body.info).toBe(
      'A company on this plan already has 1 active users: the users quantity cannot be lower',
    );
    expect(users.body.errors?.[0]?.path).toBe('quantities.user');
    const messages = await change({ message: 500 });
    expect(messages.status).toBe(406);
    expect(messages.body.errors?.[0]?.path).toBe('quantities.message');
    expect(messages.body.info).toContain('700 messages');
    expect((await change({ message: 700, user: 1 })).status).toBe(200);

    const removed = await call(testApp.app, 'DELETE', `/api/v1/en/plan/deleteone/${plan.id}`, {
      token: master.token,
    });
    expect(removed.status).toBe(406);
    expect(removed.body.info).toBe(
      'Companies are on this plan: move them to another plan before deleting it',
    );
  });

  it('a company reads the public plans only; the master reads them all', async () => {
    const hidden = (await createPlan(newPlan({ is_public: false }))).body.data[0] as Plan;
    const shown = (await createPlan(newPlan())).body.data[0] as Plan;
    const search = (session: Session) =>
      call<Plan>(testApp.app, 'POST', '/api/v1/en/plan/search', {
        token: session.token,
        body: { offset: 100 },
      });
    const forCompany = (await search(owner)).body.data.map((plan) => plan.id);
    expect(forCompany).toContain(shown.id);
    expect(forCompany).not.toContain(hidden.id);
    const forMaster = (await search(master)).body.data.map((plan) => plan.id);
    expect(forMaster).toEqual(expect.arrayContaining([shown.id, hidden.id]));
    const one = await call(testApp.app, 'GET', `/api/v1/en/plan/search/${hidden.id}`, { token: owner.token });
    expect(one.status).toBe(404);
  });

  it.each([
    ['POST', '/plan/create'],
    ['PUT', '/plan/updateone/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/plan/deleteone/00000000-0000-4000-8000-000000000000'],
  ] as const)('company owners and users are refused %s %s with 403', async (method, path) => {
    for (const session of [owner, agent]) {
      const answer = await call(testApp.app, method, `/api/v1/en${path}`, {
        token: session.token,
        ...(method === 'DELETE' ? {} : { body: newPlan() }),
      });
      expect(answer.status).toBe(403);
    }
  });
});

describe('the plan’s storage quantity', () => {
  const quantities = { device: 3, user: 5, message: 1000, chatgpt: 100, dialogflow: 0, yeastar: 10 };

  it('defaults to 1,000,000,000 bytes and an update without it keeps the plan’s own', async () => {
    const plain = (await createPlan(newPlan())).body.data[0] as Plan;
    expect(plain.quantities.storage).toBe(1_000_000_000);
    const large = await createPlan(newPlan({ quantities: { ...quantities, storage: 1_000_000_000_000 } }));
    expect(large.status).toBe(200);
    const plan = large.body.data[0] as Plan;
    expect(plan.quantities.storage).toBe(1_000_000_000_000);
    const updated = await call<Plan>(testApp.app, 'PUT', `/api/v1/en/plan/updateone/${plan.id}`, {
      token: master.token,
      body: { quantities: { ...quantities, message: 2000 } },
    });
    expect(updated.body.data[0]?.quantities).toMatchObject({ message: 2000, storage: 1_000_000_000_000 });
    const shrunk = await call<Plan>(testApp.app, 'PUT', `/api/v1/en/plan/updateone/${plan.id}`, {
      token: master.token,
      body: { quantities: { ...quantities, storage: 0 } },
    });
    expect(shrunk.body.data[0]?.quantities.storage).toBe(0);
  });

  it.each([
    ['more than a terabyte', 1_000_000_000_001],
    ['negative', -1],
    ['a fraction', 1.5],
    ['text', '100'],
  ])('refuses a storage that is %s with 400 naming quantities.storage', async (_, storage) => {
    const answer = await createPlan(
      newPlan({ quantities: { ...quantities, storage } as PlanCreateInput['quantities'] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.path).toBe('quantities.storage');
  });
});
