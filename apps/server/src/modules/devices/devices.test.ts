import type { Device } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../core/crypto/secret-box';
import { devices } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let owner: Session;
let agent: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  [owner, agent] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
  ]);
});
afterAll(async () => testApp?.close());

const create = (session: Session, body: Record<string, unknown>) =>
  call<Device>(testApp.app, 'POST', '/api/v1/en/device/create', { token: session.token, body });

describe('devices', () => {
  it('a sandbox device is connected at once and carries its webhook secret', async () => {
    const company = await signupCompany(testApp.app);
    const answer = await create(company, {
      name: 'Demo line',
      color: '#ff0000',
      background_color: '#ffeeee',
      setting: { conect: { type: 'sandbox' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({
      name: 'Demo line',
      status: 'connected',
      mode: 'official',
      color: '#ff0000',
      background_color: '#ffeeee',
      setting: { conect: { type: 'sandbox', status: 'connected' } },
    });
    expect(String(answer.body.data[0]?.setting.conect.config.secret)).toMatch(/^[\w-]{20,}$/);
  });

  it('provider secrets are encrypted at rest and answered masked; a masked value sent back keeps them', async () => {
    const company = await signupCompany(testApp.app);
    const answer = await create(company, {
      name: 'WhatsApp line',
      setting: {
        conect: {
          type: 'whatsapp',
          config: {
            phone_number_id: '123',
            waba_id: '456',
            access_token: 'EAAB-secret-token-1234',
            app_secret: 'app-secret-9876',
            verify_token: 'verify-me',
          },
        },
      },
    });
    const device = answer.body.data[0];
    expect(device).toMatchObject({
      status: 'disconnected',
      setting: {
        conect: { config: { phone_number_id: '123', access_token: '••••1234', app_secret: '••••9876' } },
      },
    });
    const [row] = await testApp.app.database.db
      .select()
      .from(devices)
      .where(eq(devices.id, device?.id ?? ''));
    const stored = row?.setting.conect.config ?? {};
    expect(JSON.stringify(stored)).not.toContain('EAAB-secret-token-1234');
    expect(createSecretBox(testApp.config.secretKey).decrypt(String(stored.access_token))).toBe(
      'EAAB-secret-token-1234',
    );

    const kept = await call<Device>(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device?.id}`, {
      token: company.token,
      body: {
        name: 'Renamed',
        setting: { conect: { config: { access_token: '••••1234', app_secret: 'new-secret-5555' } } },
      },
    });
    expect(kept.body.data[0]).toMatchObject({
      name: 'Renamed',
      setting: { conect: { config: { access_token: '••••1234', app_secret: '••••5555' } } },
    });
    const [after] = await testApp.app.database.db
      .select()
      .from(devices)
      .where(eq(devices.id, device?.id ?? ''));
    expect(
      createSecretBox(testApp.config.secretKey).decrypt(String(after?.setting.conect.config.access_token)),
    ).toBe('EAAB-secret-token-1234');
  });

  it("stops at the plan's device quota with 412", async () => {
    const company = await signupCompany(testApp.app);
    for (let index = 0; index < 3; index += 1) {
      expect(
        (await create(company, { name: `Line ${index}`, setting: { conect: { type: 'sandbox' } } })).status,
      ).toBe(200);
    }
    const over = await call(testApp.app, 'POST', '/api/v1/es/device/create', {
      token: company.token,
      body: { name: 'One too many', setting: { conect: { type: 'sandbox' } } },
    });
    expect(over.status).toBe(412);
    expect(over.body.info).toBe('Se alcanzó el límite de dispositivos de tu plan');
  });

  it('searches, reads, updates and deletes', async () => {
    const created = await create(owner, {
      name: 'Searchable',
      setting: { conect: { type: 'telegram', config: { bot_token: '123:abcd' } } },
    });
    const id = created.body.data[0]?.id;
    const search = await call<Device>(testApp.app, 'POST', '/api/v1/en/device/search', {
      token: owner.token,
      body: { filters: [{ key: 'setting.conect.type', condition: 'equalto', value: 'telegram' }] },
    });
    expect(search.body.data.map((device) => device.id)).toEqual([id]);
    expect(
      (await call(testApp.app, 'GET', `/api/v1/en/device/search/${id}`, { token: owner.token })).status,
    ).toBe(200);
    const updated = await call<Device>(testApp.app, 'PUT', `/api/v1/en/device/updateone/${id}`, {
      token: owner.token,
      body: { color: '#00ff00', selected: true },
    });
    expect(updated.body.data[0]).toMatchObject({ color: '#00ff00', selected: true });
    expect(
      (await call(testApp.app, 'DELETE', `/api/v1/en/device/deleteone/${id}`, { token: owner.token })).status,
    ).toBe(200);
    expect(
      (await call(testApp.app, 'GET', `/api/v1/en/device/search/${id}`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('an agent without device permissions is refused with 403', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/device/search', {
      token: agent.token,
      body: {},
    });
    expect(answer.status).toBe(403);
    expect((await create(agent, { name: 'Nope', setting: { conect: { type: 'sandbox' } } })).status).toBe(
      403,
    );
  });

  it("a user who may see devices but not change them never receives a device's secrets", async () => {
    const email = `devices-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const created = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: owner.token,
      body: { name: 'Solo Lectura', email, password: DEMO_LOGINS.owner.password, access: ['device.view'] },
    });
    expect(created.status).toBe(200);
    const reader = await login(testApp.app, email, DEMO_LOGINS.owner.password);
    const sandbox = await create(owner, { name: 'Secreta', setting: { conect: { type: 'sandbox' } } });
    const id = sandbox.body.data[0]?.id ?? '';
    expect(sandbox.body.data[0]?.setting.conect.config.secret).toBeTruthy();

    const one = await call<Device>(testApp.app, 'GET', `/api/v1/en/device/search/${id}`, {
      token: reader.token,
    });
    expect(one.status).toBe(200);
    expect(one.body.data[0]).toMatchObject({ id, name: 'Secreta', setting: { conect: { type: 'sandbox' } } });
    expect(one.body.data[0]?.setting.conect.config).not.toHaveProperty('secret');
    const all = await call<Device>(testApp.app, 'POST', '/api/v1/en/device/search', {
      token: reader.token,
      body: {},
    });
    const listed = all.body.data.find((device) => device.id === id);
    expect(listed?.setting.conect.config).not.toHaveProperty('secret');
    const ownerView = await call<Device>(testApp.app, 'GET', `/api/v1/en/device/search/${id}`, {
      token: owner.token,
    });
    expect(ownerView.body.data[0]?.setting.conect.config.secret).toBeTruthy();
  });

  it('refuses an unknown provider type with 400', async () => {
    const answer = await create(owner, { name: 'Fax', setting: { conect: { type: 'fax' } } });
    expect(answer.status).toBe(400);
  });
});
