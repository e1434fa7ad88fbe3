import { type AuditEntry, EXPIRED_TOKEN, type User } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let owner: Session;
let supervisor: Session;
let viewer: Session;
let agent: Session;
let otherCompany: Session & { email: string };
// The demo company is one user short of its trial quota, so users are created in a company of their own.
let team: Session;

const NEW_PASSWORD = 'Staff#Pass2026';

beforeAll(async () => {
  testApp = await createTestApp();
  [owner, supervisor, viewer, agent] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.supervisor.email, DEMO_LOGINS.supervisor.password),
    login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
  ]);
  [otherCompany, team] = await Promise.all([signupCompany(testApp.app), signupCompany(testApp.app)]);
});
afterAll(async () => testApp?.close());

const newStaff = (overrides: Record<string, unknown> = {}) => ({
  name: 'New Staff',
  email: `staff-${Math.random().toString(36).slice(2, 10)}@example.com`,
  password: NEW_PASSWORD,
  access: ['chat.view'],
  ...overrides,
});

describe('user search', () => {
  it("lists the company's users with pagination, newest first", async () => {
    const answer = await call<User>(testApp.app, 'POST', '/api/v1/en/user/search', {
      token: owner.token,
      body: { page: 1, offset: 2 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toEqual({ total: 4, page: 1, offset: 2 });
    expect(answer.body.data).toHaveLength(2);
    expect(answer.body.data.every((user) => user.client_id === owner.clientId)).toBe(true);
    expect(JSON.stringify(answer.body)).not.toMatch(/password/);
  });

  it('filters with contains and sorts by name', async () => {
    const answer = await call<User>(testApp.app, 'POST', '/api/v1/en/user/search', {
      token: supervisor.token,
      body: {
        filters: [
          { key: 'email', condition: 'contains', value: 'DEMO.test' },
          { key: 'account', condition: 'equalto', value: 'user' },
        ],
        sort: { key: 'name', order: 'asc' },
      },
    });
    expect(answer.body.data.map((user) => user.email)).toEqual([
      DEMO_LOGINS.agent.email,
      DEMO_LOGINS.supervisor.email,
      DEMO_LOGINS.viewer.email,
    ]);
  });

  it('refuses an unknown filter key with 400 naming it', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/user/search', {
      token: owner.token,
      body: { filters: [{ key: 'password_hash', condition: 'notempty' }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'filters.0.key', message: 'This field cannot be searched' }]);
  });

  it('refuses an unknown condition with 400 naming it', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/user/search', {
      token: owner.token,
      body: { filters: [{ key: 'name', condition: 'like', value: 'a' }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.path).toBe('filters.0.condition');
  });

  it('a staff user without user.view is refused with 403', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/user/search', {
      token: viewer.token,
      body: {},
    });
    expect(answer.status).toBe(403);
  });

  it("search_all spans every company for the master and only the caller's otherwise", async () => {
    const master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
    const all = await call<User>(testApp.app, 'POST', '/api/v1/en/user/search_all', {
      token: master.token,
      body: {},
    });
    expect(all.status).toBe(200);
    const tenants = new Set(all.body.data.map((user) => user.client_id));
    expect(tenants.has(owner.clientId)).toBe(true);
    expect(tenants.has(otherCompany.clientId)).toBe(true);

    const own = await call<User>(testApp.app, 'POST', '/api/v1/en/user/search_all', {
      token: owner.token,
      body: {},
    });
    expect(new Set(own.body.data.map((user) => user.client_id))).toEqual(new Set([owner.clientId]));
  });

  it('user/list needs only a sign-in; the e-mail of colleagues only with user.view (else id, name, online)', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/user/list', { token: viewer.token, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.pagination?.total).toBe(4);
    expect(answer.body.data).toHaveLength(4);
    for (const listed of answer.body.data)
      expect(Object.keys(listed).sort()).toEqual(['id', 'name', 'online']);
    expect(JSON.stringify(answer.body)).not.toContain('@demo.test');

    // Nor can a filter on a field they do not see spell it out.
    const probed = await call(testApp.app, 'POST', '/api/v1/en/user/list', {
      token: viewer.token,
      body: { filters: [{ key: 'email', condition: 'contains', value: 'owner' }] },
    });
    expect(probed.status).toBe(400);

    // With user.view, the short form with e-mail, account and answer, found by e-mail too.
    const whole = await call(testApp.app, 'POST', '/api/v1/en/user/list', {
      token: supervisor.token,
      body: { filters: [{ key: 'email', condition: 'contains', value: 'owner' }] },
    });
    expect(whole.status).toBe(200);
    expect(whole.body.data).toHaveLength(1);
    expect(Object.keys(whole.body.data[0] ?? {}).sort()).toEqual([
      'account',
      'answer',
      'email',
      'id',
      'name',
      'online',
    ]);
    expect(whole.body.data[0]?.email).toBe(DEMO_LOGINS.owner.email);
  });
});

describe('one user', () => {
  it('anyone opens their own record', async () => {
    const answer = await call<User>(testApp.app, 'GET', `/api/v1/en/user/search/${viewer.userId}`, {
      token: viewer.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]?.email).toBe(DEMO_LOGINS.viewer.email);
  });

  it("another user's record needs user.view", async () => {
    const refused = await call(testApp.app, 'GET', `/api/v1/en/user/search/${agent.userId}`, {
      token: viewer.token,
    });
    expect(refused.status).toBe(403);
    const allowed = await call(testApp.app, 'GET', `/api/v1/en/user/search/${agent.userId}`, {
      token: supervisor.token,
    });
    expect(allowed.status).toBe(200);
  });

  it("another company's user ids answer 404 with nothing leaked", async () => {
    const id = otherCompany.userId;
    const answers = await Promise.all([
      call(testApp.app, 'GET', `/api/v1/en/user/search/${id}`, { token: owner.token }),
      call(testApp.app, 'POST', `/api/v1/en/user/updateone/${id}`, {
        token: owner.token,
        body: { name: 'Hijacked' },
      }),
      call(testApp.app, 'POST', `/api/v1/en/user/updatepassword/${id}`, {
        token: owner.token,
        body: { password: 'Hijack#Pass1' },
      }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.data).toEqual([]);
      expect(JSON.stringify(answer.body)).not.toContain(otherCompany.email);
    }
    await expect(login(testApp.app, otherCompany.email, 'Hijack#Pass1')).rejects.toThrow();
  });

  it('an id that is not a uuid answers 404', async () => {
    const answer = await call(testApp.app, 'GET', '/api/v1/en/user/search/123', { token: owner.token });
    expect(answer.status).toBe(404);
  });
});

describe('creating users', () => {
  it('the owner creates a staff user who can sign in', async () => {
    const input = newStaff({ language: 'en', access: ['chat.view', 'contact.view'] });
    const answer = await call<User>(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: owner.token,
      body: input,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({
      account: 'user',
      email: input.email,
      access: ['chat.view', 'contact.view'],
      // Every module's alerts heard and shown until the person chooses otherwise.
      sound_notification: ['chat', 'task'],
      push_notification: ['chat', 'task'],
    });
    await expect(login(testApp.app, input.email, NEW_PASSWORD)).resolves.toBeDefined();
  });

  it.each([
    ['email', { email: 'bad' }],
    ['password', { password: 'short' }],
    ['name', { name: 'ab' }],
    ['access', { access: ['nothing.real'] }],
  ])('refuses a bad %s with 400 naming it', async (field, overrides) => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: owner.token,
      body: newStaff(overrides),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.path).toMatch(new RegExp(`^${field}`));
  });

  it("refuses keys the company's plan does not grant with 400 on access", async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: otherCompany.token,
      body: newStaff({ access: ['client.view'] }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.path).toBe('access');
  });

  it('refuses a registered e-mail with 409 on email', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: team.token,
      body: newStaff({ email: otherCompany.email }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body.errors?.[0]?.path).toBe('email');
  });

  it('a staff user without user.create is refused with 403', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: supervisor.token,
      body: newStaff(),
    });
    expect(answer.status).toBe(403);
  });

  it("stops at the plan's user quota (owner included) with 412", async () => {
    const company = await signupCompany(testApp.app);
    for (let created = 1; created < 5; created += 1) {
      const answer = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
        token: company.token,
        body: newStaff(),
      });
      expect(answer.status).toBe(200);
    }
    const over = await call(testApp.app, 'POST', '/api/v1/es/user/create', {
      token: company.token,
      body: newStaff(),
    });
    expect(over.status).toBe(412);
    expect(over.body.info).toBe('Se alcanzó el límite de usuarios de tu plan');
    const english = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: company.token,
      body: newStaff(),
    });
    expect(english.body.info).toBe('User limit of your plan reached');
  });
});

describe('seats of the plan', () => {
  it('deactivating a user frees a seat, and reactivating one needs a free seat (412)', async () => {
    const company = await signupCompany(testApp.app);
    const staff: string[] = [];
    for (let created = 1; created < 5; created += 1) {
      const answer = await call<User>(testApp.app, 'POST', '/api/v1/en/user/create', {
        token: company.token,
        body: newStaff(),
      });
      staff.push(answer.body.data[0]?.id ?? '');
    }
    const setActive = (id: string | undefined, active: boolean) =>
      call<User>(testApp.app, 'POST', `/api/v1/en/user/updateone/${id}`, {
        token: company.token,
        body: { active },
      });
    expect((await setActive(staff[0], false)).body.data[0]?.active).toBe(false);
    const replacement = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: company.token,
      body: newStaff(),
    });
    expect(replacement.status).toBe(200);
    const back = await setActive(staff[0], true);
    expect(back.status).toBe(412);
    expect(back.body.info).toBe('User limit of your plan reached');
    expect((await setActive(staff[1], false)).status).toBe(200);
    expect((await setActive(staff[0], true)).body.data[0]?.active).toBe(true);
  });
});

describe('updating users', () => {
  it('anyone saves their own preferences: pinned chats and language persist', async () => {
    const fixed = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    const answer = await call<User>(testApp.app, 'POST', `/api/v1/en/user/updateone/${viewer.userId}`, {
      token: viewer.token,
      body: { fixed, language: 'en', custom_views: { contact: { columns: ['name'] } }, sound: false },
    });
    expect(answer.status).toBe(200);
    const reread = await call<User>(testApp.app, 'GET', `/api/v1/en/user/search/${viewer.userId}`, {
      token: viewer.token,
    });
    expect(reread.body.data[0]).toMatchObject({
      fixed,
      language: 'en',
      custom_views: { contact: { columns: ['name'] } },
      sound: false,
    });
  });

  it('a staff user may not change their own access or answer flag', async () => {
    for (const body of [{ access: ['chat.view', 'contact.view'] }, { answer: false }]) {
      const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${viewer.userId}`, {
        token: viewer.token,
        body,
      });
      expect(answer.status).toBe(403);
    }
  });

  it('updating someone else needs user.edit', async () => {
    const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${agent.userId}`, {
      token: supervisor.token,
      body: { name: 'Renamed Agent' },
    });
    expect(answer.status).toBe(403);
  });

  it("the owner changes a staff user's access", async () => {
    const created = await call<User>(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: team.token,
      body: newStaff(),
    });
    const id = created.body.data[0]?.id;
    const answer = await call<User>(testApp.app, 'POST', `/api/v1/en/user/updateone/${id}`, {
      token: team.token,
      body: { access: ['chat.view', 'task.view'], answer: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ access: ['chat.view', 'task.view'], answer: false });
  });

  it('writes the audit log: the new user, the changed fields and a permission row for the access', async () => {
    const created = await call<User>(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: team.token,
      body: newStaff({ name: 'Audited Staff' }),
    });
    const id = created.body.data[0]?.id ?? '';
    await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${id}`, {
      token: team.token,
      body: { name: 'Audited Again', access: ['chat.view', 'note.view'], fixed: [] },
    });
    const rows = await call<AuditEntry>(testApp.app, 'POST', '/api/v1/en/log/search', {
      token: team.token,
      body: { filters: [{ key: 'record_id', condition: 'equalto', value: id }] },
    });
    expect(rows.body.data.map((row) => row.action).sort()).toEqual(['create', 'permission', 'update']);
    const byAction = Object.fromEntries(rows.body.data.map((row) => [row.action, row]));
    expect(byAction.create?.changes).toMatchObject({
      name: [null, 'Audited Staff'],
      access: [null, ['chat.view']],
    });
    expect(byAction.update?.changes).toEqual({ name: ['Audited Staff', 'Audited Again'] });
    expect(byAction.permission).toMatchObject({
      module: 'user',
      user_id: team.userId,
      changes: { access: [['chat.view'], ['chat.view', 'note.view']] },
    });
  });

  it('refuses unknown fields and bad values with 400 naming them', async () => {
    const unknown = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${viewer.userId}`, {
      token: viewer.token,
      body: { account: 'master' },
    });
    expect(unknown.status).toBe(400);
    const badName = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${viewer.userId}`, {
      token: viewer.token,
      body: { name: 'ab' },
    });
    expect(badName.status).toBe(400);
    expect(badName.body.errors?.[0]?.path).toBe('name');
    for (const field of ['sound_notification', 'push_notification']) {
      const badModule = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${viewer.userId}`, {
        token: viewer.token,
        body: { [field]: ['chat', 'sms'] },
      });
      expect(badModule.status, field).toBe(400);
      expect(badModule.body.errors?.[0]?.path, field).toBe(`${field}.1`);
    }
  });
});

describe('changing passwords', () => {
  it("changing one's own password ends the other sessions and keeps the current one", async () => {
    const input = newStaff();
    await call(testApp.app, 'POST', '/api/v1/en/user/create', { token: team.token, body: input });
    const current = await login(testApp.app, input.email, NEW_PASSWORD);
    const other = await login(testApp.app, input.email, NEW_PASSWORD);

    const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updatepassword/${current.userId}`, {
      token: current.token,
      body: { password: 'Changed#Pass2026', current_password: NEW_PASSWORD },
    });
    expect(answer.status).toBe(200);
    const stillIn = await call(testApp.app, 'GET', `/api/v1/en/user/search/${current.userId}`, {
      token: current.token,
    });
    expect(stillIn.status).toBe(200);
    const ended = await call(testApp.app, 'GET', `/api/v1/en/user/search/${current.userId}`, {
      token: other.token,
    });
    expect(ended.status).toBe(401);
    expect(ended.body.info).toBe(EXPIRED_TOKEN);
    await expect(login(testApp.app, input.email, 'Changed#Pass2026')).resolves.toBeDefined();
  });

  it("the owner resets a staff user's password and ends all their sessions", async () => {
    const input = newStaff();
    await call(testApp.app, 'POST', '/api/v1/en/user/create', { token: team.token, body: input });
    const staff = await login(testApp.app, input.email, NEW_PASSWORD);
    const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updatepassword/${staff.userId}`, {
      token: team.token,
      body: { password: 'Reset#Pass2026' },
    });
    expect(answer.status).toBe(200);
    const ended = await call(testApp.app, 'GET', `/api/v1/en/user/search/${staff.userId}`, {
      token: staff.token,
    });
    expect(ended.body.info).toBe(EXPIRED_TOKEN);
  });

  it("a staff user cannot change someone else's password without user.edit", async () => {
    const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updatepassword/${owner.userId}`, {
      token: supervisor.token,
      body: { password: 'Takeover#2026' },
    });
    expect(answer.status).toBe(403);
  });

  it('refuses a weak password with 400 on password', async () => {
    const answer = await call(testApp.app, 'POST', `/api/v1/en/user/updatepassword/${viewer.userId}`, {
      token: viewer.token,
      body: { password: 'weak' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.path).toBe('password');
  });
});
