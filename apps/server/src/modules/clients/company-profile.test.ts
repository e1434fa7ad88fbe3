import type { AddressInfo } from 'node:net';
import { type AuditEntry, type Client, NUMBER_FORMATS } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { multipartBody, TINY_PNG } from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let url: string;
let owner: Session;
let supervisor: Session;
let agent: Session;
let viewer: Session;
const sockets = createTestSockets();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  [owner, supervisor, agent, viewer] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.supervisor.email, DEMO_LOGINS.supervisor.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
    login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password),
  ]);
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const saveProfile = (session: Session, body: Record<string, unknown>) =>
  call<Client>(testApp.app, 'PUT', '/api/v1/en/client/profile', { token: session.token, body });

const uploadLogo = async (session: Session, file: { name: string; content: Buffer }) => {
  const form = multipartBody({}, file);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/en/client/logo',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': form.contentType },
    payload: form.payload,
  });
  return {
    status: response.statusCode,
    body: response.json() as { data: Client[]; errors?: { path: string }[] },
  };
};

describe('the company profile', () => {
  it('the owner changes name, phone, time zone and number format; every member is told live', async () => {
    const watching = await sockets.listen(url, viewer.token);
    const answer = await saveProfile(owner, {
      name: 'Demo Company Renamed',
      phone: '+1 (555) 010-2030',
      timezone: 'America/New_York',
      number_format: NUMBER_FORMATS.US,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.info).toBe('Company profile updated');
    expect(answer.body.data[0]).toMatchObject({
      id: owner.clientId,
      name: 'Demo Company Renamed',
      phone: '15550102030',
      timezone: 'America/New_York',
      number_format: { decimalseparator: '.', thousandseparator: ',', decimalscale: 2, prefix: '$' },
    });
    await vi.waitFor(() =>
      expect(watching.seen.find((seen) => seen.module === 'client')?.data[0]).toMatchObject({
        name: 'Demo Company Renamed',
      }),
    );
    const mine = await call<Client>(testApp.app, 'GET', '/api/v1/en/client/profile', { token: agent.token });
    expect(mine.body.data[0]?.timezone).toBe('America/New_York');
    const rows = await call<AuditEntry>(testApp.app, 'POST', '/api/v1/en/log/search', {
      token: owner.token,
      body: { filters: [{ key: 'module', condition: 'equalto', value: 'client' }] },
    });
    expect(rows.body.data[0]).toMatchObject({
      action: 'update',
      record_id: owner.clientId,
      changes: {
        name: ['Demo Company', 'Demo Company Renamed'],
        timezone: ['America/Santiago', 'America/New_York'],
        number_format: [NUMBER_FORMATS.CL, NUMBER_FORMATS.US],
      },
    });
  });

  it('a staff user needs setting.edit', async () => {
    expect((await saveProfile(supervisor, { number_format: NUMBER_FORMATS.CL })).status).toBe(200);
    expect((await saveProfile(agent, { name: 'Agent Company' })).status).toBe(403);
    expect((await uploadLogo(agent, { name: 'logo.png', content: TINY_PNG })).status).toBe(403);
  });

  it('answers 400 naming the field for bad values and unknown keys', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'ab' }, 'name'],
      [{ timezone: 'GMT+3' }, 'timezone'],
      [
        { number_format: { ...NUMBER_FORMATS.CL, thousandseparator: ',', decimalseparator: ',' } },
        'number_format.thousandseparator',
      ],
      [{ number_format: { ...NUMBER_FORMATS.CL, decimalscale: 9 } }, 'number_format.decimalscale'],
      [{ subdomain: 'Taken' }, 'subdomain'],
      [{ access: ['client.view'] }, 'access'],
    ];
    for (const [body, path] of cases) {
      const answer = await saveProfile(owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.map((error) => error.path)).toContain(path);
    }
  });

  it('changes only the caller’s own company', async () => {
    const other = await signupCompany(testApp.app);
    await saveProfile(other, { name: 'Other Renamed' });
    const ours = await call<Client>(testApp.app, 'GET', '/api/v1/en/client/profile', { token: owner.token });
    expect(ours.body.data[0]?.name).not.toBe('Other Renamed');
  });

  it('stores an uploaded logo image and answers its signed link; other files are refused', async () => {
    const company = await signupCompany(testApp.app);
    const uploaded = await uploadLogo(company, { name: 'logo.png', content: TINY_PNG });
    expect(uploaded.status).toBe(200);
    const link = uploaded.body.data[0]?.imglogo ?? '';
    expect(link).toMatch(/^\/files\/.+\?exp=\d+&sig=/);
    const image = await testApp.app.inject({ method: 'GET', url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const bundle = await call<{ account: { client: Client } }>(
      testApp.app,
      'GET',
      `/api/v1/${company.clientId}/${company.userId}/account/search/en`,
      { token: company.token },
    );
    expect(bundle.body.data[0]?.account.client.imglogo).toMatch(/^\/files\//);

    const script = await uploadLogo(company, {
      name: 'logo.png',
      content: Buffer.from('<svg onload="x()"/>'),
    });
    expect(script.status).toBe(400);
    expect(script.body.errors?.[0]?.path).toBe('file');

    const removed = await call<Client>(testApp.app, 'DELETE', '/api/v1/en/client/logo', {
      token: company.token,
    });
    expect(removed.body.data[0]?.imglogo).toBe('');
    expect((await testApp.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });
});
