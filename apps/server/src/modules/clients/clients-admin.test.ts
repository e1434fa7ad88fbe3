import { type AccountBundle, type ConsoleClient, EXPIRED_TOKEN, NUMBER_FORMATS } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import { startSmtpInbox } from '../../test/smtp-inbox';
import { connected, createTestSockets } from '../../test/sockets';
import {
  COMPANY_PASSWORD,
  call,
  createTestApp,
  listenLocally,
  login,
  type Session,
  type TestApp,
} from '../../test/test-app';

let testApp: TestApp;
let url: string;
let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let master: Session;
let owner: Session;
let agent: Session;
let trialPlanId: string;
const sockets = createTestSockets();

beforeAll(async () => {
  inbox = await startSmtpInbox();
  testApp = await createTestApp({ smtpUrl: inbox.url });
  url = await listenLocally(testApp);
  [master, owner, agent] = await Promise.all([
    login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password),
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
  ]);
  const plans = await call<{ id: string; code: string }>(testApp.app, 'POST', '/api/v1/en/plan/search', {
    token: master.token,
    body: {},
  });
  trialPlanId = plans.body.data.find((plan) => plan.code === 'trial')?.id ?? '';
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
  await inbox?.close();
});

let counter = 0;
const uniqueName = () => {
  counter += 1;
  return `Console Co ${Date.now().toString(36)}${counter}`;
};

const createCompany = async (extra: Record<string, unknown> = {}) => {
  const company = uniqueName();
  const email = `${company.replace(/\s+/g, '').toLowerCase()}@example.com`;
  const answer = await call<ConsoleClient>(testApp.app, 'POST', '/api/v1/en/client/create', {
    token: master.token,
    body: {
      company,
      email,
      nameuser: 'Olivia Owner',
      password: COMPANY_PASSWORD,
      timezone: 'America/Santiago',
      language: 'es',
      plan_id: trialPlanId,
      ...extra,
    },
  });
  return { answer, company, email };
};

const auditRows = async (clientId: string, action: string) =>
  (
    (await testApp.app.database.db.execute(
      sql`select user_id, user_name, action, module, changes from audit_logs
          where client_id = ${clientId} and action = ${action} order by id`,
    )) as unknown as { rows: { user_id: string; user_name: string; module: string; changes: unknown }[] }
  ).rows;

const bundleOf = async (session: Session) => {
  const answer = await call<{ account: AccountBundle }>(
    testApp.app,
    'GET',
    `/api/v1/${session.clientId}/${session.userId}/account/search/en`,
    { token: session.token },
  );
  expect(answer.status).toBe(200);
  return answer.body.data[0]?.account as AccountBundle;
};

const closedWithinASecond = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket is still open after 1 s')), 1000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const ANY_ID = '00000000-0000-4000-8000-000000000000';

describe('every console route is the master’s alone', () => {
  const routes = [
    ['POST', '/api/v1/es/client/search'],
    ['GET', `/api/v1/es/client/search/${ANY_ID}`],
    ['POST', '/api/v1/es/client/create'],
    ['PUT', `/api/v1/es/client/updateone/${ANY_ID}`],
    ['POST', `/api/v1/es/client/block/${ANY_ID}`],
    ['POST', `/api/v1/es/client/unblock/${ANY_ID}`],
    ['DELETE', `/api/v1/es/client/deleteone/${ANY_ID}`],
    ['POST', `/api/v1/es/messagebag/updateone/${ANY_ID}`],
    ['POST', `/api/v1/es/client/impersonate/${ANY_ID}`],
    ['POST', '/api/v1/es/useradmin/search'],
    ['POST', `/api/v1/es/useradmin/restore/${ANY_ID}`],
    ['POST', `/api/v1/es/useradmin/deactivate/${ANY_ID}`],
    ['POST', `/api/v1/es/useradmin/activate/${ANY_ID}`],
  ] as const;
  it.each(routes)('a company owner and a staff user are refused %s %s with 403', async (method, path) => {
    for (const session of [owner, agent]) {
      const answer = await call(testApp.app, method, path, {
        token: session.token,
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect(answer.status).toBe(403);
    }
  });
});

describe('companies in the console', () => {
  it('the master creates a company with its owner, who can sign in; the list shows plan and usage', async () => {
    const { answer, company, email } = await createCompany();
    expect(answer.status).toBe(200);
    expect(answer.body.info).toBe('Company created');
    const created = answer.body.data[0] as ConsoleClient;
    expect(created).toMatchObject({
      name: company,
      status: 'active',
      plan_id: trialPlanId,
      usage: { users: 1, devices: 0, messages: 0 },
    });
    expect(created.plan_name).toBeTruthy();
    expect(created.plan_started_at).not.toBeNull();

    const ownerSession = await login(testApp.app, email, COMPANY_PASSWORD);
    expect(ownerSession.clientId).toBe(created.id);

    const list = await call<ConsoleClient>(testApp.app, 'POST', '/api/v1/en/client/search', {
      token: master.token,
      body: { filters: [{ key: 'name', condition: 'contains', value: company }] },
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]?.usage.users).toBe(1);

    const rows = await auditRows(created.id, 'create');
    expect(rows.map((row) => row.module)).toEqual(['client', 'user']);
    expect(rows.every((row) => row.user_id === master.userId)).toBe(true);
  });

  it('without a password the owner is mailed a link to choose one', async () => {
    const before = inbox.mails.length;
    const { answer, email } = await createCompany({ password: undefined });
    expect(answer.status).toBe(200);
    await expect.poll(() => inbox.mails.length).toBe(before + 1);
    const mail = inbox.mails.at(-1);
    expect(mail?.to).toEqual([email]);
    expect(mail?.text).toContain('/signin?restore=');
  });

  it('refuses a company name taken (409) and an unknown plan (400 on plan_id)', async () => {
    const { company } = await createCompany();
    const again = await call(testApp.app, 'POST', '/api/v1/en/client/create', {
      token: master.token,
      body: {
        company,
        email: `other-${Date.now()}@example.com`,
        nameuser: 'Other Owner',
        password: COMPANY_PASSWORD,
        timezone: 'America/Santiago',
        language: 'es',
        plan_id: trialPlanId,
      },
    });
    expect(again.status).toBe(409);
    const noPlan = await createCompany({ plan_id: ANY_ID });
    expect(noPlan.answer.status).toBe(400);
    expect(noPlan.answer.body.errors?.[0]?.path).toBe('plan_id');
  });

  it('the master changes expiry, access list, number format and time zone, audited', async () => {
    const { answer } = await createCompany();
    const id = (answer.body.data[0] as ConsoleClient).id;
    const expires = '2030-01-31T03:00:00.000Z';
    const updated = await call<ConsoleClient>(testApp.app, 'PUT', `/api/v1/en/client/updateone/${id}`, {
      token: master.token,
      body: {
        plan_expires_at: expires,
        access: ['chat.view', 'contact.view'],
        number_format: NUMBER_FORMATS.US,
        timezone: 'America/New_York',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data[0]).toMatchObject({
      plan_expires_at: expires,
      access: ['chat.view', 'contact.view'],
      number_format: NUMBER_FORMATS.US,
      timezone: 'America/New_York',
    });
    const [row] = await auditRows(id, 'update');
    expect(row?.user_id).toBe(master.userId);
    expect(Object.keys(row?.changes as object).sort()).toEqual([
      'access',
      'number_format',
      'plan_expires_at',
      'timezone',
    ]);

    const badAccess = await call(testApp.app, 'PUT', `/api/v1/en/client/updateone/${id}`, {
      token: master.token,
      body: { access: [] },
    });
    expect(badAccess.status).toBe(400);
  });

  it("blocking closes the owner's socket at once and refuses sign-in; unblocking lets them back", async () => {
    const { answer, email } = await createCompany();
    const id = (answer.body.data[0] as ConsoleClient).id;
    const ownerSession = await login(testApp.app, email, COMPANY_PASSWORD);
    const socket = sockets.open(url, ownerSession.token);
    await connected(socket);
    const closed = closedWithinASecond(socket);

    const blocked = await call<ConsoleClient>(testApp.app, 'POST', `/api/v1/en/client/block/${id}`, {
      token: master.token,
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data[0]?.status).toBe('blocked');
    await expect(closed).resolves.toBe('io server disconnect');

    const stale = await call(testApp.app, 'GET', '/api/v1/en/client/profile', { token: ownerSession.token });
    expect(stale.status).toBe(401);
    expect(stale.body.info).toBe(EXPIRED_TOKEN);
    const signIn = await call(testApp.app, 'POST', '/api/v1/en/login', {
      body: { email, password: COMPANY_PASSWORD },
    });
    expect(signIn.status).toBe(403);
    const twice = await call(testApp.app, 'POST', `/api/v1/en/client/block/${id}`, { token: master.token });
    expect(twice.status).toBe(406);

    const unblocked = await call<ConsoleClient>(testApp.app, 'POST', `/api/v1/en/client/unblock/${id}`, {
      token: master.token,
    });
    expect(unblocked.body.data[0]?.status).toBe('active');
    await expect(login(testApp.app, email, COMPANY_PASSWORD)).resolves.toMatchObject({ clientId: id });
    const statusRows = await auditRows(id, 'update');
    expect(statusRows.map((row) => (row.changes as { status?: unknown }).status)).toEqual([
      ['active', 'blocked'],
      ['blocked', 'active'],
    ]);
  });
});

describe('deleting a company', () => {
  it('signs its users out for good, removes its data and keeps the row in the master’s log', async () => {
    const { answer, email, company } = await createCompany();
    const id = (answer.body.data[0] as ConsoleClient).id;
    const ownerSession = await login(testApp.app, email, COMPANY_PASSWORD);
    const contact = await call(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: ownerSession.token,
      body: { name: 'Soon gone', phone: '56911119999' },
    });
    expect(contact.status).toBe(200);
    // A deal holds its pipeline and stage (references that refuse their deletion): it must go first.
    const deal = await call(testApp.app, 'POST', '/api/v1/en/deal/create', {
      token: ownerSession.token,
      body: { name: 'Soon gone too' },
    });
    expect(deal.status).toBe(200);
    const socket = sockets.open(url, ownerSession.token);
    await connected(socket);
    const closed = closedWithinASecond(socket);

    const deleted = await call(testApp.app, 'DELETE', `/api/v1/en/client/deleteone/${id}`, {
      token: master.token,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expect(closed).resolves.toBe('io server disconnect');

    const stale = await call(testApp.app, 'GET', '/api/v1/en/client/profile', { token: ownerSession.token });
    expect(stale.status).toBe(401);
    expect(stale.body.info).toBe(EXPIRED_TOKEN);
    const signIn = await call(testApp.app, 'POST', '/api/v1/en/login', {
      body: { email, password: COMPANY_PASSWORD },
    });
    expect(signIn.status).toBe(401);

    const left = (await testApp.app.database.db.execute(
      sql`select (select count(*) from contacts where client_id = ${id})::int as contacts,
                 (select count(*) from deals where client_id = ${id})::int as deals,
                 (select count(*) from pipelines where client_id = ${id})::int as pipelines,
                 (select count(*) from users where client_id = ${id} and (email = ${email} or active))::int as users,
                 (select count(*) from clients where id = ${id} and name = ${company})::int as named`,
    )) as unknown as { rows: Record<string, number>[] };
    expect(left.rows[0]).toEqual({ contacts: 0, deals: 0, pipelines: 0, users: 0, named: 0 });

    expect(
      (await call(testApp.app, 'GET', `/api/v1/en/client/search/${id}`, { token: master.token })).status,
    ).toBe(404);
    const listed = await call<ConsoleClient>(testApp.app, 'POST', '/api/v1/en/client/search', {
      token: master.token,
      body: { offset: 500 },
    });
    expect(listed.body.data.some((client) => client.id === id)).toBe(false);
    const again = await call(testApp.app, 'DELETE', `/api/v1/en/client/deleteone/${id}`, {
      token: master.token,
    });
    expect(again.status).toBe(404);

    const kept = (await testApp.app.database.db.execute(
      sql`select user_id, module, record_id, changes from audit_logs
          where client_id = ${master.clientId} and action = 'delete' and record_id = ${id}`,
    )) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual([
      expect.objectContaining({
        user_id: master.userId,
        module: 'client',
        changes: expect.objectContaining({ name: [company, null] }),
      }),
    ]);
  });

  it('refuses the platform’s own company (406) and a company that does not exist (404)', async () => {
    const own = await call(testApp.app, 'DELETE', `/api/v1/en/client/deleteone/${master.clientId}`, {
      token: master.token,
    });
    expect(own.status).toBe(406);
    for (const id of [ANY_ID, 'not-an-id']) {
      const answer = await call(testApp.app, 'DELETE', `/api/v1/en/client/deleteone/${id}`, {
        token: master.token,
      });
      expect(answer.status).toBe(404);
    }
    expect(
      (await call(testApp.app, 'GET', '/api/v1/en/client/profile', { token: master.token })).status,
    ).toBe(200);
  });
});

describe('impersonation', () => {
  it('answers a working token for the owner, marked in the bundle, audited in both logs, and ended', async () => {
    const { answer, email } = await createCompany();
    const company = answer.body.data[0] as ConsoleClient;
    const started = await call<{ access_token: string; clientid: string; userid: string }>(
      testApp.app,
      'POST',
      `/api/v1/en/client/impersonate/${company.id}`,
      { token: master.token },
    );
    expect(started.status).toBe(200);
    const data = started.body.data[0];
    if (!data) throw new Error('no session');
    const acting: Session = { token: data.access_token, clientId: data.clientid, userId: data.userid };
    expect(acting.clientId).toBe(company.id);

    const bundle = await bundleOf(acting);
    expect(bundle.user.email).toBe(email);
    expect(bundle.impersonation).toMatchObject({
      by: { id: master.userId, email: DEFAULT_MASTER_LOGIN.email },
      client: { id: company.id, name: company.name },
      owner: { email, name: 'Olivia Owner' },
    });
    expect((await bundleOf(master)).impersonation).toBeNull();

    const masterName = (await bundleOf(master)).user.name;
    const inCompany = await auditRows(company.id, 'impersonate');
    expect(inCompany).toHaveLength(1);
    expect(inCompany[0]).toMatchObject({ user_id: master.userId, user_name: masterName });
    const inMasterLog = await auditRows(master.clientId, 'impersonate');
    expect(inMasterLog.some((row) => JSON.stringify(row.changes).includes(email))).toBe(true);

    const ended = await call(testApp.app, 'POST', '/api/v1/en/client/impersonate/end', {
      token: acting.token,
    });
    expect(ended.status).toBe(200);
    const after = await call(testApp.app, 'GET', '/api/v1/en/client/profile', { token: acting.token });
    expect(after.status).toBe(401);
    expect((await auditRows(company.id, 'impersonate')).length).toBe(2);
    const masterStill = await call(testApp.app, 'POST', '/api/v1/en/client/search', {
      token: master.token,
      body: {},
    });
    expect(masterStill.status).toBe(200);
  });

  it('signing out of an impersonation ends it too, and the logout row names the master', async () => {
    const { answer } = await createCompany();
    const id = (answer.body.data[0] as ConsoleClient).id;
    const started = await call<{ access_token: string }>(
      testApp.app,
      'POST',
      `/api/v1/en/client/impersonate/${id}`,
      {
        token: master.token,
      },
    );
    const token = started.body.data[0]?.access_token ?? '';
    expect((await call(testApp.app, 'GET', '/api/v1/en/logout', { token })).status).toBe(200);
    expect((await call(testApp.app, 'GET', '/api/v1/en/client/profile', { token })).status).toBe(401);
    const [row] = await auditRows(id, 'logout');
    expect(row?.user_id).toBe(master.userId);
  });

  it('a session that is not an impersonation cannot end one (406); a blocked company cannot be entered', async () => {
    const notActing = await call(testApp.app, 'POST', '/api/v1/en/client/impersonate/end', {
      token: owner.token,
    });
    expect(notActing.status).toBe(406);
    const { answer } = await createCompany();
    const id = (answer.body.data[0] as ConsoleClient).id;
    await call(testApp.app, 'POST', `/api/v1/en/client/block/${id}`, { token: master.token });
    const refused = await call(testApp.app, 'POST', `/api/v1/en/client/impersonate/${id}`, {
      token: master.token,
    });
    expect(refused.status).toBe(406);
  });
});
