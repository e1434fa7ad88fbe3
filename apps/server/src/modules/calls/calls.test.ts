import type { Call, Contact, Integration } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { staffUser } from '../../test/company-fixture';
import { type FakeYeastar, startFakeYeastar } from '../../test/fakes/fake-yeastar';
import { newPhone } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

const CLIENT_ID = 'yeastar-client-id-0001';
const CLIENT_SECRET = 'yeastar-client-secret-0001';

let testApp: TestApp;
let pbx: FakeYeastar;
let owner: Session;

beforeAll(async () => {
  pbx = await startFakeYeastar({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  testApp = await createTestApp({ outboundAllowHosts: [new URL(pbx.url).host] });
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await pbx?.close();
});

const api = <T = Record<string, unknown>>(session: Session, path: string, body?: unknown) =>
  call<T>(testApp.app, 'POST', `/api/v1/en/${path}`, { token: session.token, body });

const createPbx = async (session: Session, extensions: { extension: string; user_id: string }[]) => {
  const answer = await api<Integration>(session, 'integration/create', {
    type: 'yeastar',
    name: 'Centralita',
    config: { pbx_url: pbx.url, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, extensions },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Integration;
};

const createContact = async (session: Session, phone: string) => {
  const answer = await api<Contact>(session, 'contact/create', { name: 'Paciente Llamada', phone });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Contact;
};

const cdr = (callId: string, fields: Record<string, unknown>) => ({
  type: 30012,
  sn: '3631A2124XXX',
  // Yeastar sends the details as a JSON text inside the JSON.
  msg: JSON.stringify({
    call_id: callId,
    time_start: '2026-03-02 10:15:00',
    call_from: '2001',
    call_to: '',
    call_duration: 30,
    talk_duration: 21,
    status: 'ANSWERED',
    type: 'Outbound',
    ...fields,
  }),
});

const webhook = (integrationId: string, secret: string | undefined, body: unknown) =>
  call(
    testApp.app,
    'POST',
    `/webhooks/integrations/yeastar/${integrationId}${secret === undefined ? '' : `?secret=${encodeURIComponent(secret)}`}`,
    { body },
  );

const callsOf = async (session: Session, contactId: string) =>
  (
    await api<Call>(session, 'call/search', {
      filters: [{ key: 'contact_id', condition: 'equalto', value: contactId }],
    })
  ).body.data as Call[];

describe('Yeastar calls', () => {
  let integration: Integration;
  let secret: string;

  beforeAll(async () => {
    integration = await createPbx(owner, [{ extension: '2001', user_id: owner.userId }]);
    secret = String(integration.config.webhook_secret);
  });

  it('shows the generated webhook secret once, then masked, and the Test gets a token with User-Agent OpenAPI', async () => {
    expect(secret.length).toBeGreaterThanOrEqual(40);
    const read = await call<Integration>(
      testApp.app,
      'GET',
      `/api/v1/en/integration/search/${integration.id}`,
      {
        token: owner.token,
      },
    );
    expect(read.body.data[0]?.config.webhook_secret).not.toBe(secret);
    expect(JSON.stringify(read.body)).not.toContain(CLIENT_SECRET);
    const tested = await api<Integration>(owner, `integration/test/${integration.id}`);
    expect(tested.body.data[0]).toMatchObject({ status: 'connected', error: '' });
    const token = pbx.received((request) => request.path === '/openapi/v1.0/get_token').at(-1);
    expect(token?.headers['user-agent']).toBe('OpenAPI');
    expect(token?.json).toEqual({ username: CLIENT_ID, password: CLIENT_SECRET });
  });

  it('refuses an extension mapped to a user of another company (400 naming the row)', async () => {
    const stranger = await signupCompany(testApp.app);
    const answer = await api(owner, 'integration/create', {
      type: 'yeastar',
      name: 'Otra',
      config: {
        pbx_url: pbx.url,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        extensions: [{ extension: '3001', user_id: stranger.userId }],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.path)).toEqual(['config.extensions.0.user_id']);
  });

  it('stores a CDR as a call on the contact with that phone, once however often it arrives', async () => {
    const phone = newPhone();
    const contact = await createContact(owner, `+${phone}`);
    const body = cdr('1772450100.11', { call_to: `00${phone}` });
    expect((await webhook(integration.id, secret, body)).status).toBe(200);
    expect((await webhook(integration.id, secret, body)).status).toBe(200);
    const calls = await callsOf(owner, contact.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      external_id: '1772450100.11',
      contact_id: contact.id,
      phone: `00${phone}`,
      direction: 'outbound',
      result: 'answered',
      duration: 21,
      extension: '2001',
      user_id: owner.userId,
    });
    // 10:15 in the company's zone (America/Santiago, UTC-3 in March).
    expect(calls[0]?.started_at).toBe('2026-03-02T13:15:00.000Z');

    // A late, different report of the same call updates it.
    await webhook(
      integration.id,
      secret,
      cdr('1772450100.11', { call_to: phone, status: 'NO ANSWER', talk_duration: 0 }),
    );
    const after = await callsOf(owner, contact.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ result: 'not_answered', duration: 0 });

    // An inbound call nobody took is a missed call; a busy number dialled out is "not answered".
    await webhook(
      integration.id,
      secret,
      cdr('1772450100.12', { call_from: phone, call_to: '2001', status: 'NO ANSWER', type: 'Inbound' }),
    );
    expect(
      (await callsOf(owner, contact.id)).find((row) => row.external_id === '1772450100.12'),
    ).toMatchObject({
      direction: 'inbound',
      result: 'missed_call',
      user_id: owner.userId,
    });
    const notified = (await testApp.app.database.db.execute(
      sql`select action from realtime_events where module = 'call' and ref = ${contact.id} order by seq`,
    )) as unknown as { rows: { action: string }[] };
    expect(notified.rows.map((row) => row.action)).toEqual(['create', 'update', 'update', 'create']);
  });

  it('stores a call whose report holds half an emoji, with U+FFFD in its place, never refusing the PBX', async () => {
    const phone = newPhone();
    const contact = await createContact(owner, `+${phone}`);
    // In the JSON text inside the JSON, and in a field of the outer body (JSON.stringify writes "\ud83d").
    const body = { ...cdr('1772450100.40\ud83d', { call_to: phone }), note: '\ud83d' };
    const answer = await webhook(integration.id, secret, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await callsOf(owner, contact.id))[0]).toMatchObject({ external_id: '1772450100.40\ufffd' });
  });

  it('answers 401 without the secret or with a wrong one, and 404 for an unknown integration', async () => {
    const body = cdr('1772450100.20', { call_to: newPhone() });
    expect((await webhook(integration.id, undefined, body)).status).toBe(401);
    expect((await webhook(integration.id, 'not-the-secret-at-all', body)).status).toBe(401);
    expect((await webhook('00000000-0000-4000-8000-000000000000', secret, body)).status).toBe(404);
    expect((await webhook('not-a-uuid', secret, body)).status).toBe(404);
    const stored = (await testApp.app.database.db.execute(
      sql`select count(*)::int as total from calls where external_id = '1772450100.20'`,
    )) as unknown as { rows: { total: number }[] };
    expect(stored.rows[0]?.total).toBe(0);
  });

  it("never shows another company's calls", async () => {
    const phone = newPhone();
    const contact = await createContact(owner, phone);
    await webhook(integration.id, secret, cdr('1772450100.30', { call_to: phone }));
    expect(await callsOf(owner, contact.id)).toHaveLength(1);
    const stranger = await signupCompany(testApp.app);
    expect(await callsOf(stranger, contact.id)).toEqual([]);
    // Dialling another company's contact is 404, as for any record not the caller's.
    expect((await api(stranger, 'call/dial', { contact_id: contact.id })).status).toBe(404);
  });

  it("dials from the caller's own extension to the contact's phone, with an audit row", async () => {
    const phone = newPhone();
    const contact = await createContact(owner, phone);
    const answer = await api<{ call_id: string; extension: string }>(owner, 'call/dial', {
      contact_id: contact.id,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data[0]?.extension).toBe('2001');
    expect(pbx.dials().at(-1)).toEqual({ caller: '2001', callee: phone });
    const dial = pbx.received((request) => request.path === '/openapi/v1.0/call/dial').at(-1);
    expect(dial?.headers['user-agent']).toBe('OpenAPI');
    const audit = (await testApp.app.database.db.execute(
      sql`select action from audit_logs where module = 'call' and changes::text like ${`%${phone}%`}`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['create']);
  });

  it('answers 412 to a user without an extension and to a company without a PBX', async () => {
    const agent = await staffUser(testApp.app, owner.clientId, 'Staff', ['chat.view', 'contact.view']);
    const contact = await createContact(owner, newPhone());
    const setupOf = async (session: Session) =>
      (await call(testApp.app, 'GET', '/api/v1/en/call/setup', { token: session.token })).body.data[0];
    expect(await setupOf(owner)).toEqual({ has_pbx: true, extension: '2001' });
    expect(await setupOf(agent)).toEqual({ has_pbx: true, extension: '' });
    const noExtension = await api(agent, 'call/dial', { contact_id: contact.id });
    expect(noExtension.status).toBe(412);
    expect(noExtension.body.info).toMatch(/no phone system extension/);

    const stranger = await signupCompany(testApp.app);
    const theirContact = await createContact(stranger, newPhone());
    const noPbx = await api(stranger, 'call/dial', { contact_id: theirContact.id });
    expect(noPbx.status).toBe(412);
    expect(noPbx.body.info).toMatch(/no Yeastar phone system/);
    expect(await setupOf(stranger)).toEqual({ has_pbx: false, extension: '' });

    const nobody = await staffUser(testApp.app, owner.clientId, 'Staff', ['task.view']);
    expect((await api(nobody, 'call/dial', { contact_id: contact.id })).status).toBe(403);
    expect((await api(nobody, 'call/search', {})).status).toBe(403);
  });
});
