import type { Client, ClientAnalytics, Diffusion, Message } from '@conversa/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, messageBags, plans } from '../../core/db/schema';
import { createEventBus } from '../../core/events';
import type { FileStore } from '../../core/storage/file-store';
import { createSandboxDevice, deliver, newPhone, type SandboxDevice } from '../../test/messaging-fixtures';
import { call, createTestApp, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { createPlanExpiry } from './plan-expiry';
import { spend } from './quotas.service';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
}, 60_000);
afterAll(async () => testApp?.close());

const db = () => testApp.app.database.db;

type Quantities = {
  users: number;
  devices: number;
  messages: number;
  chatgpt: number;
  dialogflow: number;
  yeastar: number;
};
const ROOMY: Quantities = { users: 5, devices: 3, messages: 100, chatgpt: 10, dialogflow: 10, yeastar: 10 };

/** A new company on a private plan of these quantities, its period starting now. */
const companyOnPlan = async (quantities: Partial<Quantities> = {}): Promise<Session> => {
  const company = await signupCompany(testApp.app);
  const [plan] = await db()
    .insert(plans)
    .values({
      code: `quota-${Math.random().toString(36).slice(2, 10)}`,
      name: 'Quota plan',
      duration_days: 30,
      ...ROOMY,
      ...quantities,
      access: [],
      is_public: false,
    })
    .returning();
  await db()
    .update(clients)
    .set({ plan_id: plan?.id, plan_started_at: new Date(), extra_quantities: {} })
    .where(eq(clients.id, company.clientId));
  return company;
};

const sendFast = (session: Session, device: SandboxDevice, phone = newPhone()) =>
  call<Message>(testApp.app, 'POST', '/api/v1/en/message/createfast', {
    token: session.token,
    body: { device_id: device.id, phone, body: 'Hola' },
  });

const analytics = (session: Session, id = session.clientId) =>
  call<ClientAnalytics>(testApp.app, 'GET', `/api/v1/en/client/analitics/${id}`, { token: session.token });

const addUser = (session: Session) =>
  call(testApp.app, 'POST', '/api/v1/en/user/create', {
    token: session.token,
    body: {
      name: 'Extra Person',
      email: `extra-${Math.random().toString(36).slice(2, 10)}@example.com`,
      password: 'Staff#Pass2026',
      access: ['chat.view'],
    },
  });

describe('quotas', () => {
  it('a user beyond the plan (plus the users bought) answers 412 naming the user quota', async () => {
    const company = await companyOnPlan({ users: 2 });
    expect((await addUser(company)).status).toBe(200);
    const over = await addUser(company);
    expect(over.status).toBe(412);
    expect(over.body.info).toBe('User limit of your plan reached');
    await db()
      .update(clients)
      .set({ extra_quantities: { user: 1 } })
      .where(eq(clients.id, company.clientId));
    expect((await addUser(company)).status).toBe(200);
  });

  it('a device beyond the plan answers 412 naming the device quota', async () => {
    const company = await companyOnPlan({ devices: 1 });
    await createSandboxDevice(testApp.app, company.token);
    const over = await call(testApp.app, 'POST', '/api/v1/en/device/create', {
      token: company.token,
      body: { name: 'One too many', setting: { conect: { type: 'sandbox' } } },
    });
    expect(over.status).toBe(412);
    expect(over.body.info).toBe('Device limit of your plan reached');
  });

  it('messages spend the plan first, then the oldest bag, then answer 412 with the balance used up', async () => {
    const company = await companyOnPlan({ messages: 2 });
    const device = await createSandboxDevice(testApp.app, company.token);
    await db()
      .insert(messageBags)
      .values([
        { client_id: company.clientId, quantity: 1, create_date: new Date(Date.now() - 60_000) },
        { client_id: company.clientId, quantity: 2 },
      ]);
    for (let sent = 0; sent < 5; sent += 1) expect((await sendFast(company, device)).status).toBe(200);
    const bags = await db()
      .select({ quantity: messageBags.quantity, used: messageBags.used })
      .from(messageBags)
      .where(eq(messageBags.client_id, company.clientId))
      .orderBy(messageBags.create_date);
    expect(bags).toEqual([
      { quantity: 1, used: 1 },
      { quantity: 2, used: 2 },
    ]);
    const over = await sendFast(company, device);
    expect(over.status).toBe(412);
    expect(over.body.info).toBe(
      'Your message balance is used up (5 of 5, plan and bags): buy a message bag to keep sending',
    );
    const balance = (await analytics(company)).body.data[0];
    expect(balance?.message.available).toEqual({
      plan: { total: 2, used: 2, percent: 100 },
      bags: { total: 3, used: 3, percent: 100 },
    });
  });

  it('parallel sends never spend more than the plan and the bags hold', async () => {
    const company = await companyOnPlan({ messages: 7 });
    const device = await createSandboxDevice(testApp.app, company.token);
    await db()
      .insert(messageBags)
      .values([
        { client_id: company.clientId, quantity: 3 },
        { client_id: company.clientId, quantity: 2 },
      ]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendFast(company, device)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(12);
    expect(answers.filter((answer) => answer.status === 412)).toHaveLength(8);
    const balance = (await analytics(company)).body.data[0]?.message.available;
    expect(balance?.plan.used).toBe(7);
    expect(balance?.bags.used).toBe(5);
  });

  it('a batch of messages takes the plan whole when it fits, else unit by unit into the bags, all or nothing', async () => {
    const company = await companyOnPlan({ messages: 5 });
    await db().insert(messageBags).values({ client_id: company.clientId, quantity: 3 });
    await db().transaction((tx) => spend(tx, company.clientId, 'message', 4));
    // One unit left in the plan: a batch of three takes it and two of the bag's.
    await db().transaction((tx) => spend(tx, company.clientId, 'message', 3));
    // Two units wanted, one left in all: refused, and the transaction spends nothing.
    await expect(db().transaction((tx) => spend(tx, company.clientId, 'message', 2))).rejects.toMatchObject({
      status: 412,
    });
    const balance = (await analytics(company)).body.data[0]?.message.available;
    expect(balance?.plan.used).toBe(5);
    expect(balance?.bags.used).toBe(2);
  });

  it('the bot and PBX quotas come from the plan only and refuse at zero naming the quota', async () => {
    const company = await companyOnPlan({ chatgpt: 1, dialogflow: 0, yeastar: 1 });
    await db().insert(messageBags).values({ client_id: company.clientId, quantity: 10 });
    await db().transaction((tx) => spend(tx, company.clientId, 'chatgpt'));
    await db().transaction((tx) => spend(tx, company.clientId, 'yeastar'));
    await expect(db().transaction((tx) => spend(tx, company.clientId, 'chatgpt'))).rejects.toMatchObject({
      status: 412,
      info: 'info.chatgptQuota',
    });
    await expect(db().transaction((tx) => spend(tx, company.clientId, 'dialogflow'))).rejects.toMatchObject({
      status: 412,
      info: 'info.dialogflowQuota',
    });
    await expect(db().transaction((tx) => spend(tx, company.clientId, 'yeastar'))).rejects.toMatchObject({
      status: 412,
      info: 'info.yeastarQuota',
    });
    const quotas = (await analytics(company)).body.data[0]?.quotas;
    expect(quotas?.chatgpt).toEqual({ limit: 1, used: 1 });
    expect(quotas?.yeastar).toEqual({ limit: 1, used: 1 });
  });

  it('a diffusion pauses with the reason quota once the balance is used up, the rest left pending', async () => {
    const company = await companyOnPlan({ messages: 1 });
    const device = await createSandboxDevice(testApp.app, company.token);
    const phones = [newPhone(), newPhone(), newPhone()];
    for (const phone of phones) await deliver(testApp.app, device, { phone, body: 'Hola' });
    const api = <T = Diffusion>(method: 'GET' | 'POST', path: string, body?: unknown) =>
      call<T>(testApp.app, method, `/api/v1/en/${path}`, { token: company.token, body });
    const created = await api('POST', 'diffusion/create', {
      name: 'Promo',
      device_id: device.id,
      message: { type: 'chat', body: 'Ofertas' },
      send_window: { from: '00:00', to: '23:59', days: [1, 2, 3, 4, 5, 6, 7] },
      pacing: { min_interval: 0, max_interval: 0, min_batch: 1, max_batch: 1, min_pause: 0, max_pause: 0 },
      audience: {
        module: 'contact',
        filters: [{ key: 'info.phone', condition: 'in', value: phones }],
        list_ids: [],
      },
    });
    const id = created.body.data[0]?.id ?? '';
    expect((await api('POST', `diffusion/start/${id}`)).status).toBe(200);
    await expect
      .poll(async () => (await api('GET', `diffusion/search/${id}`)).body.data[0]?.status, {
        timeout: 20_000,
      })
      .toBe('paused');
    const paused = (await api('GET', `diffusion/search/${id}`)).body.data[0];
    expect(paused?.pause_reason).toBe('quota');
    expect(paused?.totals).toMatchObject({ recipients: 3, sent: 1, pending: 2, failed: 0 });
  }, 40_000);

  it('a company without a plan reads but cannot send: No plan assigned yet', async () => {
    const company = await companyOnPlan();
    const device = await createSandboxDevice(testApp.app, company.token);
    await db().update(clients).set({ plan_id: null }).where(eq(clients.id, company.clientId));
    const refused = await sendFast(company, device);
    expect(refused.status).toBe(412);
    expect(refused.body.info).toBe('No plan assigned yet');
    const search = await call(testApp.app, 'POST', '/api/v1/en/contact/search', {
      token: company.token,
      body: {},
    });
    expect(search.status).toBe(200);
  });

  it('an unpaid company gets 412 on send and create while search still answers 200', async () => {
    const company = await companyOnPlan();
    const device = await createSandboxDevice(testApp.app, company.token);
    await db().update(clients).set({ is_paid: false }).where(eq(clients.id, company.clientId));
    const send = await sendFast(company, device);
    expect(send.status).toBe(412);
    expect(send.body.info).toBe('Your plan has expired: renew it to send messages and create records');
    const create = await call(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: company.token,
      body: { first_name: 'Ana', phone: newPhone() },
    });
    expect(create.status).toBe(412);
    expect(create.body.info).toBe('Your plan has expired: renew it to send messages and create records');
    expect((await addUser(company)).status).toBe(412);
    const search = await call(testApp.app, 'POST', '/api/v1/en/contact/search', {
      token: company.token,
      body: {},
    });
    expect(search.status).toBe(200);
    expect((await analytics(company)).status).toBe(200);
  });

  it('the balance answers percents with two decimals; another company reads 404, the master any', async () => {
    const company = await companyOnPlan({ messages: 3 });
    const device = await createSandboxDevice(testApp.app, company.token);
    expect((await sendFast(company, device)).status).toBe(200);
    const own = await analytics(company);
    expect(own.status).toBe(200);
    expect(own.body.data[0]?.message.available.plan).toEqual({ total: 3, used: 1, percent: 33.33 });
    expect(own.body.data[0]?.message.available.bags).toEqual({ total: 0, used: 0, percent: 0 });
    expect(own.body.data[0]?.quotas.device).toEqual({ limit: 3, used: 1 });
    const other = await signupCompany(testApp.app);
    expect((await analytics(other, company.clientId)).status).toBe(404);
    expect((await analytics(other, 'not-an-id')).status).toBe(404);
    const master = await call<{ access_token: string }>(testApp.app, 'POST', '/api/v1/en/login', {
      body: { email: testApp.config.masterEmail, password: testApp.config.masterPassword },
    });
    const masterToken = master.body.data[0]?.access_token ?? '';
    const read = await call<ClientAnalytics>(
      testApp.app,
      'GET',
      `/api/v1/en/client/analitics/${company.clientId}`,
      {
        token: masterToken,
      },
    );
    expect(read.status).toBe(200);
    expect(read.body.data[0]?.message.available.plan.used).toBe(1);
  });
});

describe('the message balance routes of part 1', () => {
  const masterToken = async () =>
    (
      await call<{ access_token: string }>(testApp.app, 'POST', '/api/v1/en/login', {
        body: { email: testApp.config.masterEmail, password: testApp.config.masterPassword },
      })
    ).body.data[0]?.access_token ?? '';
  const grant = (token: string, id: string, body: Record<string, unknown>) =>
    call<ClientAnalytics>(testApp.app, 'POST', `/api/v1/en/messagebag/updateone/${id}`, { token, body });

  it('GET client/analitics answers the caller’s own company, as client/analitics/{id} does', async () => {
    const company = await companyOnPlan({ messages: 4 });
    const device = await createSandboxDevice(testApp.app, company.token);
    expect((await sendFast(company, device)).status).toBe(200);
    const own = await call<ClientAnalytics>(testApp.app, 'GET', '/api/v1/en/client/analitics', {
      token: company.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.data[0]?.message.available.plan).toEqual({ total: 4, used: 1, percent: 25 });
    expect(own.body.data).toEqual((await analytics(company)).body.data);
  });

  it('messagebag/updateone gives a company a bag the master chooses, spent after the plan, audited in its log', async () => {
    const company = await companyOnPlan({ messages: 1 });
    const device = await createSandboxDevice(testApp.app, company.token);
    expect((await sendFast(company, device)).status).toBe(200);
    expect((await sendFast(company, device)).status).toBe(412);
    const master = await masterToken();
    const given = await grant(master, company.clientId, { quantity: 2 });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.data[0]?.message.available.bags).toEqual({ total: 2, used: 0, percent: 0 });
    expect((await sendFast(company, device)).status).toBe(200);
    expect((await analytics(company)).body.data[0]?.message.available.bags).toEqual({
      total: 2,
      used: 1,
      percent: 50,
    });
    const log = await call<{ module: string; action: string; changes: unknown }>(
      testApp.app,
      'POST',
      '/api/v1/en/log/search',
      {
        token: company.token,
        body: { filters: [{ key: 'module', condition: 'equalto', value: 'messagebag' }] },
      },
    );
    expect(log.body.data).toEqual([
      expect.objectContaining({ action: 'create', changes: { quantity: [null, 2] } }),
    ]);
  });

  it('messagebag/updateone answers 403 to a company, 404 for a company that does not exist, 400 for no quantity', async () => {
    const company = await companyOnPlan();
    expect((await grant(company.token, company.clientId, { quantity: 5 })).status).toBe(403);
    const master = await masterToken();
    expect((await grant(master, '00000000-0000-4000-8000-000000000000', { quantity: 5 })).status).toBe(404);
    expect((await grant(master, 'not-an-id', { quantity: 5 })).status).toBe(404);
    const zero = await grant(master, company.clientId, { quantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.errors?.map((issue) => issue.path)).toEqual(['quantity']);
    expect((await analytics(company)).body.data[0]?.message.available.bags.total).toBe(0);
  });
});

describe('plan expiry', () => {
  it('the job marks unpaid at the end of the last day in each company’s own time zone, and tells it', async () => {
    // 10:00 UTC on the 20th is 23:00 of the 20th in Auckland (UTC+13) and 02:00 of the 20th in Los Angeles.
    const expiresAt = new Date('2026-11-20T10:00:00Z');
    const [auckland, losAngeles] = await Promise.all([companyOnPlan(), companyOnPlan()]);
    await db()
      .update(clients)
      .set({ timezone: 'Pacific/Auckland', plan_expires_at: expiresAt, is_paid: true })
      .where(eq(clients.id, auckland.clientId));
    await db()
      .update(clients)
      .set({ timezone: 'America/Los_Angeles', plan_expires_at: expiresAt, is_paid: true })
      .where(eq(clients.id, losAngeles.clientId));
    const events = createEventBus(testApp.app.log);
    const told: Client[] = [];
    events.on('client.updated', ({ client }) => {
      told.push(client);
    });
    const files = { url: (key: string) => `/files/${key}` } as unknown as FileStore;
    const expiry = createPlanExpiry({ db: db(), events, files });

    // 12:00 UTC: past midnight in Auckland (the 21st), still the 20th in Los Angeles.
    const noon = new Date('2026-11-20T12:00:00Z');
    const first = await expiry.expireDue(noon);
    expect(first).toContain(auckland.clientId);
    expect(first).not.toContain(losAngeles.clientId);
    const paidOf = async (clientId: string) =>
      (await db().select({ isPaid: clients.is_paid }).from(clients).where(eq(clients.id, clientId)))[0]
        ?.isPaid;
    expect(await paidOf(auckland.clientId)).toBe(false);
    expect(await paidOf(losAngeles.clientId)).toBe(true);
    expect(told.find((client) => client.id === auckland.clientId)?.is_paid).toBe(false);

    // 08:30 UTC on the 21st is 00:30 of the 21st in Los Angeles: its plan is over too; Auckland is not told twice.
    const second = await expiry.expireDue(new Date('2026-11-21T08:30:00Z'));
    expect(second).toContain(losAngeles.clientId);
    expect(second).not.toContain(auckland.clientId);
    expect(await paidOf(losAngeles.clientId)).toBe(false);
    const audit = await db().execute(
      sql`select count(*)::int as total from audit_logs where client_id = ${auckland.clientId} and module = 'client' and action = 'update'`,
    );
    expect((audit as unknown as { rows: { total: number }[] }).rows[0]?.total).toBe(1);
  });
});
