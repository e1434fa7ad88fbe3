import type { AuditEntry } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAuditLog } from '../../core/audit/audit-log';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let owner: Session;
let supervisor: Session;
let agent: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  [owner, supervisor, agent] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.supervisor.email, DEMO_LOGINS.supervisor.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
  ]);
});
afterAll(async () => testApp?.close());

const searchLog = (session: Session, body: Record<string, unknown>) =>
  call<AuditEntry>(testApp.app, 'POST', '/api/v1/en/log/search', { token: session.token, body });

const filter = (key: string, value: unknown, condition = 'equalto') => ({ key, condition, value });

describe('the audit log', () => {
  it('records a sign-in and a sign-out with who, when and from which address, newest first', async () => {
    const answer = await call<{ access_token: string }>(testApp.app, 'POST', '/api/v1/en/login', {
      body: { email: DEMO_LOGINS.agent.email, password: DEMO_LOGINS.agent.password },
      remoteAddress: '203.0.113.7',
    });
    const token = answer.body.data[0]?.access_token ?? '';
    await call(testApp.app, 'GET', '/api/v1/en/logout', { token, remoteAddress: '203.0.113.8' });
    const rows = await searchLog(supervisor, {
      filters: [filter('user_id', agent.userId), filter('action', ['login', 'logout'], 'in')],
      offset: 2,
    });
    expect(rows.status).toBe(200);
    expect(rows.body.data.map((row) => [row.action, row.ip])).toEqual([
      ['logout', '203.0.113.8'],
      ['login', '203.0.113.7'],
    ]);
    expect(rows.body.data[0]).toMatchObject({
      user_name: 'Andrés Agent',
      module: 'user',
      record_id: agent.userId,
    });
    expect(Date.parse(rows.body.data[0]?.create_date ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const one = await call<AuditEntry>(testApp.app, 'GET', `/api/v1/en/log/search/${rows.body.data[0]?.id}`, {
      token: owner.token,
    });
    expect(one.body.data[0]).toEqual(rows.body.data[0]);
  });

  it('filters by module, action and date, and refuses an unknown key with 400 naming it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await searchLog(owner, {
      filters: [
        filter('module', 'user'),
        filter('action', 'login'),
        filter('create_date', [today, today], 'between'),
      ],
    });
    expect(rows.body.data.length).toBeGreaterThan(0);
    expect(rows.body.data.every((row) => row.action === 'login' && row.module === 'user')).toBe(true);
    const bad = await searchLog(owner, { filters: [filter('changes', 'x')] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.path).toBe('filters.0.key');
  });

  it("needs log.view, and shows nothing of another company's log", async () => {
    expect((await searchLog(agent, {})).status).toBe(403);
    const other = await signupCompany(testApp.app);
    const theirs = await searchLog(other, {});
    expect(theirs.body.data.every((row) => row.user_id === other.userId)).toBe(true);
    const ours = (await searchLog(owner, { offset: 1 })).body.data[0];
    expect(
      (await call(testApp.app, 'GET', `/api/v1/en/log/search/${ours?.id}`, { token: other.token })).status,
    ).toBe(404);
    expect((await call(testApp.app, 'GET', '/api/v1/en/log/search/abc', { token: owner.token })).status).toBe(
      404,
    );
  });

  it('has no routes to change or delete a row', async () => {
    const row = (await searchLog(owner, { offset: 1 })).body.data[0];
    const attempts = [
      call(testApp.app, 'PUT', `/api/v1/en/log/updateone/${row?.id}`, { token: owner.token, body: {} }),
      call(testApp.app, 'POST', `/api/v1/en/log/updateone/${row?.id}`, { token: owner.token, body: {} }),
      call(testApp.app, 'DELETE', `/api/v1/en/log/deleteone/${row?.id}`, { token: owner.token }),
      call(testApp.app, 'POST', '/api/v1/en/log/create', { token: owner.token, body: {} }),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.status).toBe(404);
  });

  it('the database itself refuses to change or delete a fresh row', async () => {
    const db = testApp.app.database.db;
    await writeAuditLog(db, { clientId: owner.clientId, userId: owner.userId, ip: '198.51.100.1' }, [
      { action: 'export', module: 'contact', recordId: 'fresh-row' },
    ]);
    await expect(
      db.execute(sql`update audit_logs set ip = 'x' where record_id = 'fresh-row'`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_logs where record_id = 'fresh-row'`)).rejects.toThrow();
    const kept = await searchLog(owner, { filters: [filter('record_id', 'fresh-row')] });
    expect(kept.body.data).toEqual([expect.objectContaining({ action: 'export', ip: '198.51.100.1' })]);
  });

  it("records the master's two-factor rule in the company's own log", async () => {
    const company = await signupCompany(testApp.app);
    const master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
    await call(testApp.app, 'PUT', `/api/v1/en/twofactor/policy/${company.clientId}`, {
      token: master.token,
      body: { required: true },
    });
    const rows = await testApp.app.database.db.execute(
      sql`select user_id, action, changes from audit_logs where client_id = ${company.clientId} and module = 'client'`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { user_id: master.userId, action: 'update', changes: { two_factor_enforced: [false, true] } },
    ]);
  });
});
