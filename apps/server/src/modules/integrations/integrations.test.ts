import { type Integration, maskSecret } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../core/crypto/secret-box';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { staffUser } from '../../test/company-fixture';
import { type FakeOpenai, startFakeOpenai } from '../../test/fakes/fake-openai';
import { createSandboxDevice, type SandboxDevice } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

const API_KEY = 'sk-test-integrations-0001';

let testApp: TestApp;
let openai: FakeOpenai;
let owner: Session;

beforeAll(async () => {
  openai = await startFakeOpenai(API_KEY);
  testApp = await createTestApp({ openaiApiUrl: openai.url });
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  // Each bot here needs a device of its own: the demo plan's device limit is raised for the file.
  await testApp.app.database.db.execute(
    sql`update plans set devices = 50 where id = (select plan_id from clients where id = ${owner.clientId})`,
  );
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await openai?.close();
});

const api = <T = Integration>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call<T>(testApp.app, method, `/api/v1/en/${path}`, { token: owner.token, body });

const chatgptBot = (deviceIds: string[], config: Record<string, unknown> = {}) => ({
  type: 'chatgpt',
  name: `Bot ${Math.random().toString(36).slice(2, 6)}`,
  device_ids: deviceIds,
  config: { api_key: API_KEY, system_prompt: 'Eres el asistente de una clínica dental.', ...config },
});

const created = async (body: unknown): Promise<Integration> => {
  const answer = await api('POST', 'integration/create', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Integration;
};

const storedConfig = async (id: string) => {
  const result = (await testApp.app.database.db.execute(
    sql`select config from integrations where id = ${id}`,
  )) as unknown as { rows: { config: Record<string, unknown> }[] };
  return result.rows[0]?.config ?? {};
};

const pathsOf = (answer: { body: { errors?: { path: string }[] } }) =>
  answer.body.errors?.map((error) => error.path) ?? [];

describe('integrations', () => {
  let device: SandboxDevice;

  beforeAll(async () => {
    device = await createSandboxDevice(testApp.app, owner.token);
  });

  it('stores the API key encrypted, answers it masked, and keeps it when the masked value comes back', async () => {
    const bot = await created(chatgptBot([device.id], { temperature: 0.3 }));
    expect(bot).toMatchObject({
      type: 'chatgpt',
      device_ids: [device.id],
      answer_new_conversations: true,
      status: 'unchecked',
      error: '',
    });
    expect(bot.config).toMatchObject({
      api_key: maskSecret(API_KEY),
      bot_model: 'gpt-4o-mini',
      temperature: 0.3,
      context_message_limit: 10,
      tool_type: 'json_schema',
    });
    const stored = await storedConfig(bot.id);
    expect(String(stored.api_key)).toMatch(/^enc:v1:/);
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
    expect(createSecretBox(testApp.config.secretKey).decrypt(String(stored.api_key))).toBe(API_KEY);

    const read = await api('GET', `integration/search/${bot.id}`);
    expect(read.body.data[0]?.config.api_key).toBe(maskSecret(API_KEY));
    const listed = await api('POST', 'integration/search', {
      filters: [{ key: 'type', condition: 'equalto', value: 'chatgpt' }],
    });
    expect(listed.body.data.map((row) => row.id)).toContain(bot.id);
    expect(JSON.stringify(listed.body)).not.toContain(API_KEY);
    const dialogflows = await api('POST', 'integration/search', {
      filters: [{ key: 'type', condition: 'equalto', value: 'dialogflow' }],
    });
    expect(dialogflows.body.data.map((row) => row.id)).not.toContain(bot.id);

    const updated = await api('PUT', `integration/updateone/${bot.id}`, {
      name: 'Recepción',
      config: { ...bot.config, temperature: 0.9 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data[0]).toMatchObject({ name: 'Recepción', config: { temperature: 0.9 } });
    expect(
      createSecretBox(testApp.config.secretKey).decrypt(String((await storedConfig(bot.id)).api_key)),
    ).toBe(API_KEY);

    // Each write left an audit row and a realtime notification.
    const audit = (await testApp.app.database.db.execute(
      sql`select action from audit_logs where module = 'integration' and record_id = ${bot.id} order by id`,
    )) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((row) => row.action)).toEqual(['create', 'update']);
    const notified = (await testApp.app.database.db.execute(
      sql`select action, data from realtime_events where module = 'integration' and ref = ${bot.id} order by seq`,
    )) as unknown as { rows: { action: string; data: Integration[] }[] };
    expect(notified.rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(notified.rows)).not.toContain(API_KEY);

    const removed = await api('DELETE', `integration/deleteone/${bot.id}`);
    expect(removed.status).toBe(200);
    expect((await api('GET', `integration/search/${bot.id}`)).status).toBe(404);
  });

  it('refuses a device another bot answers on (409 naming the field) and a device of no one (400)', async () => {
    const shared = await createSandboxDevice(testApp.app, owner.token);
    const other = await createSandboxDevice(testApp.app, owner.token);
    const first = await created(chatgptBot([shared.id]));
    const twice = await api('POST', 'integration/create', chatgptBot([other.id, shared.id]));
    expect(twice.status).toBe(409);
    expect(pathsOf(twice)).toEqual(['device_ids.1']);
    const second = await created(chatgptBot([other.id]));
    const moved = await api('PUT', `integration/updateone/${second.id}`, { device_ids: [shared.id] });
    expect(moved.status).toBe(409);
    expect(pathsOf(moved)).toEqual(['device_ids.0']);
    // Its own device is no conflict.
    expect((await api('PUT', `integration/updateone/${first.id}`, { device_ids: [shared.id] })).status).toBe(
      200,
    );

    const unknown = await api(
      'POST',
      'integration/create',
      chatgptBot(['00000000-0000-4000-8000-000000000000']),
    );
    expect(unknown.status).toBe(400);
    expect(pathsOf(unknown)).toEqual(['device_ids.0']);
  });

  it('answers 400 naming the config field for a bad setting, on create and on update', async () => {
    const bad = await api('POST', 'integration/create', chatgptBot([], { temperature: 5 }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({
      path: 'config.temperature',
      message: 'Outside the allowed range',
    });
    const bot = await created(chatgptBot([]));
    const badUpdate = await api('PUT', `integration/updateone/${bot.id}`, { config: { max_tokens: 'many' } });
    expect(badUpdate.status).toBe(400);
    expect(pathsOf(badUpdate)).toContain('config.max_tokens');
    const unknownKey = await api('PUT', `integration/updateone/${bot.id}`, { config: { prompt: 'x' } });
    expect(unknownKey.status).toBe(400);
    expect(pathsOf(unknownKey)).toContain('config.prompt');
    const stranger = await api('PUT', `integration/updateone/${bot.id}`, {
      config: { handoff_user_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(stranger.status).toBe(400);
    expect(pathsOf(stranger)).toEqual(['config.handoff_user_id']);
    const mine = await api('PUT', `integration/updateone/${bot.id}`, {
      config: { handoff_user_id: owner.userId },
    });
    expect(mine.status).toBe(200);
  });

  it('tests the credentials against the provider: connected when they work, error saying why when not', async () => {
    const bot = await created(chatgptBot([]));
    const works = await api('POST', `integration/test/${bot.id}`);
    expect(works.status).toBe(200);
    expect(works.body.info).toBe('The connection works');
    expect(works.body.data[0]).toMatchObject({ status: 'connected', error: '' });
    expect(works.body.data[0]?.last_sync_at).not.toBeNull();
    const seen = openai.received((request) => request.path === '/models').at(-1);
    expect(seen?.headers.authorization).toBe(`Bearer ${API_KEY}`);

    await api('PUT', `integration/updateone/${bot.id}`, { config: { api_key: 'sk-wrong-key-9999' } });
    const fails = await api('POST', `integration/sync/${bot.id}`);
    expect(fails.status).toBe(200);
    expect(fails.body.info).toMatch(/^The connection failed: 401/);
    expect(fails.body.data[0]).toMatchObject({ status: 'error' });
    expect(fails.body.data[0]?.error).toMatch(/401: Incorrect API key/);
    expect(fails.body.data[0]?.last_sync_at).toBe(works.body.data[0]?.last_sync_at);

    await api('PUT', `integration/updateone/${bot.id}`, { config: { bot_model: 'llama-3-local' } });
    await api('PUT', `integration/updateone/${bot.id}`, { config: { api_key: API_KEY } });
    const noModel = await api('POST', `integration/test/${bot.id}`);
    expect(noModel.body.data[0]?.error).toBe('the model llama-3-local is not offered');
  });

  it("answers 404 for another company's integration and 403 without the setting keys", async () => {
    const bot = await created(chatgptBot([]));
    const stranger = await signupCompany(testApp.app);
    const as = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      call(testApp.app, method, `/api/v1/en/${path}`, { token: session.token, body });
    const everyRoute = async (session: Session) => ({
      read: (await as(session, 'GET', `integration/search/${bot.id}`)).status,
      update: (await as(session, 'PUT', `integration/updateone/${bot.id}`, { name: 'x' })).status,
      test: (await as(session, 'POST', `integration/test/${bot.id}`)).status,
      sync: (await as(session, 'POST', `integration/sync/${bot.id}`)).status,
      delete: (await as(session, 'DELETE', `integration/deleteone/${bot.id}`)).status,
    });
    expect(await everyRoute(stranger)).toEqual({ read: 404, update: 404, test: 404, sync: 404, delete: 404 });
    const theirs = await as(stranger, 'POST', 'integration/search', {});
    expect((theirs.body.data as Integration[]).map((row) => row.id)).not.toContain(bot.id);
    const theirDevice = await createSandboxDevice(testApp.app, stranger.token);
    const foreignDevice = await api('POST', 'integration/create', chatgptBot([theirDevice.id]));
    expect(foreignDevice.status).toBe(400);
    expect(pathsOf(foreignDevice)).toEqual(['device_ids.0']);

    const nobody = await staffUser(testApp.app, owner.clientId, 'Staff', ['contact.view']);
    expect(await everyRoute(nobody)).toEqual({ read: 403, update: 403, test: 403, sync: 403, delete: 403 });
    expect((await as(nobody, 'POST', 'integration/search', {})).status).toBe(403);
    const viewer = await staffUser(testApp.app, owner.clientId, 'Staff', ['setting.view']);
    expect(await everyRoute(viewer)).toEqual({ read: 200, update: 403, test: 403, sync: 403, delete: 403 });
    expect((await as(viewer, 'POST', 'integration/create', chatgptBot([]))).status).toBe(403);
    const editor = await staffUser(testApp.app, owner.clientId, 'Staff', ['setting.view', 'setting.edit']);
    expect((await as(editor, 'POST', 'integration/create', chatgptBot([]))).status).toBe(200);
    expect((await api('GET', `integration/search/${bot.id}`)).body.data[0]?.name).toBe(bot.name);
  });
});
