import type { AdminDevice, Device } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MASTER_LOGIN, DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let master: Session;
let owner: Session;
let agent: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  master = await login(testApp.app, DEFAULT_MASTER_LOGIN.email, DEFAULT_MASTER_LOGIN.password);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  agent = await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
});
afterAll(async () => testApp?.close());

/** A connected sandbox device of a new company. */
const companyWithDevice = async () => {
  const company = await signupCompany(testApp.app);
  const created = await call<Device>(testApp.app, 'POST', '/api/v1/en/device/create', {
    token: company.token,
    body: { name: 'Sales line', setting: { conect: { type: 'sandbox' } } },
  });
  expect(created.body.data[0]?.status).toBe('connected');
  return { company, device: created.body.data[0] as Device };
};

describe('device manager (master console)', () => {
  it("lists every company's devices with the company's name, provider and status", async () => {
    const { company, device } = await companyWithDevice();
    const answer = await call<AdminDevice>(testApp.app, 'POST', '/api/v1/en/deviceadmin/search', {
      token: master.token,
      body: { filters: [{ key: 'client_id', condition: 'equalto', value: company.clientId }] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      expect.objectContaining({
        id: device.id,
        name: 'Sales line',
        type: 'sandbox',
        status: 'connected',
        client_id: company.clientId,
        client_name: company.company,
        last_activity: null,
      }),
    ]);
  });

  it('the master disconnects a device of any company, audited in the console', async () => {
    const { company, device } = await companyWithDevice();
    const answer = await call<Device>(testApp.app, 'POST', `/api/v1/en/deviceadmin/disconnect/${device.id}`, {
      token: master.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ id: device.id, status: 'disconnected' });
    const own = await call<Device>(testApp.app, 'GET', `/api/v1/en/device/search/${device.id}`, {
      token: company.token,
    });
    expect(own.body.data[0]?.status).toBe('disconnected');
    const audit = (await testApp.app.database.db.execute(
      sql`select action from audit_logs where module = 'deviceAdmin' and record_id = ${device.id}`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows).toEqual([{ action: 'update' }]);
  });

  it("another company's device cannot be disconnected through the company route", async () => {
    const { company, device } = await companyWithDevice();
    const answer = await call(testApp.app, 'POST', `/api/v1/en/device/disconnect/${device.id}`, {
      token: owner.token,
    });
    expect(answer.status).toBe(404);
    const still = await call<Device>(testApp.app, 'GET', `/api/v1/en/device/search/${device.id}`, {
      token: company.token,
    });
    expect(still.body.data[0]?.status).toBe('connected');
  });

  it('an unknown device answers 404', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/deviceadmin/disconnect/not-a-uuid', {
      token: master.token,
    });
    expect(answer.status).toBe(404);
  });

  it.each([
    ['/deviceadmin/search', { body: {} }],
    ['/deviceadmin/disconnect/00000000-0000-4000-8000-000000000000', {}],
  ] as const)('company owners and users are refused %s with 403', async (path, options) => {
    for (const session of [owner, agent]) {
      const answer = await call(testApp.app, 'POST', `/api/v1/en${path}`, {
        token: session.token,
        ...options,
      });
      expect(answer.status).toBe(403);
    }
  });
});
