import { createHmac } from 'node:crypto';
import {
  type Integration,
  maskSecret,
  type Pipeline,
  WEBHOOK_USER_AGENT,
  type WebhookDelivery,
  type WebhookEvent,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createSecretBox } from '../../core/crypto/secret-box';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { seedDatabase } from '../../seed/seed';
import { staffUser } from '../../test/company-fixture';
import { type FakeServer, type ReceivedRequest, startFakeServer } from '../../test/fakes/fake-server';
import { createSandboxDevice, deliver, newPhone, type SandboxDevice } from '../../test/messaging-fixtures';
import {
  call,
  createTestDatabase,
  login,
  type Session,
  signupCompany,
  type TestApp,
  testConfig,
} from '../../test/test-app';
import { webhookRetrySchedule } from './webhook-delivery';

/** Short waits instead of a day's schedule: three attempts, the window spent after the third. */
const RETRY_DELAYS_MS = [40, 40];

let testApp: TestApp;
let receiver: FakeServer;
let owner: Session;
/** The /down receiver answers 503 until a test brings it up. */
let isDownUp = false;

beforeAll(async () => {
  receiver = await startFakeServer((request) => {
    if (request.path === '/down')
      return isDownUp ? { json: { ok: true } } : { status: 503, json: { error: 'busy' } };
    return { json: { ok: true } };
  });
  const database = await createTestDatabase();
  // The receiver is on loopback: OUTBOUND_ALLOW_HOSTS exempts exactly its host and port.
  const config = testConfig({
    databaseUrl: database.url,
    outboundAllowHosts: [new URL(receiver.url).host],
  });
  const app = await buildApp(config, { webhookRetryDelaysMs: RETRY_DELAYS_MS });
  await seedDatabase(app.database.db, {
    masterEmail: config.masterEmail,
    masterPassword: config.masterPassword,
    seedDemo: config.seedDemo,
    demo: { secretKey: config.secretKey, dataDir: config.dataDir, logger: app.log },
  });
  testApp = {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  await testApp.app.database.db.execute(
    sql`update plans set devices = 50 where id = (select plan_id from clients where id = ${owner.clientId})`,
  );
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await receiver?.close();
});

const api = <T = Integration>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  session = owner,
) => call<T>(testApp.app, method, `/api/v1/en/${path}`, { token: session.token, body });

const webhook = async (path: string, events: WebhookEvent[], secret?: string): Promise<Integration> => {
  const answer = await api('POST', 'integration/create', {
    type: 'crmx2',
    name: `CRM ${path}`,
    config: {
      url: path.startsWith('http') ? path : `${receiver.url}${path}`,
      events,
      ...(secret ? { secret } : {}),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Integration;
};

const deliveries = async (integrationId: string, body: unknown = {}) => {
  const answer = await api<WebhookDelivery>('POST', `webhook/deliveries/${integrationId}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

/** The integration's deliveries once none is pending any more. */
const settled = async (integrationId: string, count: number) => {
  await expect
    .poll(async () => (await deliveries(integrationId)).filter((row) => row.status !== 'pending').length, {
      timeout: 10_000,
    })
    .toBe(count);
  return deliveries(integrationId);
};

const hits = (path: string, event?: string) =>
  receiver.received(
    (request) =>
      request.path === path && (event === undefined || request.headers['x-conversa-event'] === event),
  );

const verify = (request: ReceivedRequest, secret: string) => {
  const expected = `sha256=${createHmac('sha256', secret).update(request.raw).digest('hex')}`;
  expect(request.headers['x-conversa-signature']).toBe(expected);
  expect(request.headers['content-type']).toBe('application/json');
  expect(request.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
  expect(request.headers['x-conversa-delivery']).toBe(request.json.id);
  expect(request.headers['x-conversa-event']).toBe(request.json.event);
  expect(request.json.client_id).toBe(owner.clientId);
  expect(Number.isNaN(Date.parse(String(request.json.occurred_at)))).toBe(false);
};

const storedConfig = async (id: string) => {
  const result = (await testApp.app.database.db.execute(
    sql`select config from integrations where id = ${id}`,
  )) as unknown as { rows: { config: Record<string, unknown> }[] };
  return result.rows[0]?.config ?? {};
};

describe('the retry schedule', () => {
  it('waits longer each time and stops within the day', () => {
    const minutes = webhookRetrySchedule().map((wait) => wait / 60_000);
    expect(minutes).toEqual([0.5, 2, 10, 30, 60, 120, 240, 480, 480]);
    expect(webhookRetrySchedule(3 * 60_000)).toEqual([30_000, 120_000]);
  });
});

describe('crmx2 webhooks', () => {
  let main: Integration;
  let secret: string;
  let device: SandboxDevice;

  beforeAll(async () => {
    main = await webhook('/main', [
      'contact.created',
      'lead.updated',
      'deal.stage_changed',
      'message.received',
    ]);
    secret = String(main.config.secret);
    device = await createSandboxDevice(testApp.app, owner.token);
  });

  it('answers the generated secret whole once, masked after, and stores it encrypted', async () => {
    expect(main).toMatchObject({ type: 'crmx2', device_ids: [], status: 'connected' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const read = await api('GET', `integration/search/${main.id}`);
    expect(read.body.data[0]?.config.secret).toBe(maskSecret(secret));
    const listed = await api('POST', 'integration/search', {});
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const stored = await storedConfig(main.id);
    expect(String(stored.secret)).toMatch(/^enc:v1:/);
    expect(createSecretBox(testApp.config.secretKey).decrypt(String(stored.secret))).toBe(secret);
    const announced = (await testApp.app.database.db.execute(
      sql`select data from realtime_events where module = 'integration' and ref = ${main.id}`,
    )) as unknown as { rows: unknown[] };
    expect(announced.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(announced.rows)).not.toContain(secret);

    // An update keeps the masked secret, refuses a short one, and takes a new one (masked in its answer).
    const kept = await api('PUT', `integration/updateone/${main.id}`, {
      config: { ...read.body.data[0]?.config },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(
      createSecretBox(testApp.config.secretKey).decrypt(String((await storedConfig(main.id)).secret)),
    ).toBe(secret);
    const short = await api('PUT', `integration/updateone/${main.id}`, { config: { secret: 'too-short' } });
    expect(short.status).toBe(400);
    expect(short.body.errors?.map((error) => error.path)).toEqual(['config.secret']);
    const devices = await api('PUT', `integration/updateone/${main.id}`, { device_ids: [device.id] });
    expect(devices.status).toBe(400);
    const given = await webhook('/given', ['task.deleted'], 'my-own-secret-0123456789');
    expect(given.config.secret).toBe('my-own-secret-0123456789');
    const changed = await api('PUT', `integration/updateone/${given.id}`, {
      config: { secret: 'another-secret-0123456789' },
    });
    expect(changed.body.data[0]?.config.secret).toBe(maskSecret('another-secret-0123456789'));
    await api('DELETE', `integration/deleteone/${given.id}`);
  });

  it('delivers a contact created, a lead updated, a deal moved and a customer message, signed, once each', async () => {
    const contact = await api<{ id: string }>('POST', 'contact/create', {
      name: 'Webhook Wendy',
      phone: newPhone(),
    });
    expect(contact.status).toBe(200);
    const lead = await api<{ id: string }>('POST', 'lead/create', { first_name: 'Leo', phone: newPhone() });
    const leadId = lead.body.data[0]?.id ?? '';
    expect((await api('PUT', `lead/updateone/${leadId}`, { last_name: 'Updated' })).status).toBe(200);
    const pipeline = (await api<Pipeline>('POST', 'pipeline/search', {})).body.data[0] as Pipeline;
    const deal = await api<{ id: string }>('POST', 'deal/create', { name: 'Hooked deal' });
    const dealId = deal.body.data[0]?.id ?? '';
    const target = pipeline.stages[1]?.id ?? '';
    expect((await api('PUT', `deal/updateone/${dealId}`, { pipeline_stage_id: target })).status).toBe(200);
    const phone = newPhone();
    expect((await deliver(testApp.app, device, { phone, body: 'Hola, ¿tienen hora?' })).status).toBe(200);

    const contactHit = await receiver.waitFor(
      (request) =>
        request.path === '/main' && (request.json.data as { id?: string })?.id === contact.body.data[0]?.id,
    );
    expect(contactHit.json.event).toBe('contact.created');
    verify(contactHit, secret);
    const leadHit = await receiver.waitFor(
      (request) => request.path === '/main' && request.json.event === 'lead.updated',
    );
    verify(leadHit, secret);
    expect(leadHit.json.data).toMatchObject({ id: leadId, last_name: 'Updated' });
    const moveHit = await receiver.waitFor(
      (request) =>
        request.path === '/main' &&
        request.json.event === 'deal.stage_changed' &&
        (request.json.data as { to_pipeline_stage_id?: string }).to_pipeline_stage_id === target,
    );
    verify(moveHit, secret);
    expect(moveHit.json.data).toMatchObject({
      deal_id: dealId,
      from_pipeline_stage_id: pipeline.stages[0]?.id,
    });
    const messageHit = await receiver.waitFor(
      (request) => request.path === '/main' && request.json.event === 'message.received',
    );
    verify(messageHit, secret);
    expect(messageHit.json.data).toMatchObject({ body: 'Hola, ¿tienen hora?', fromMe: false });

    const log = await settled(main.id, hits('/main').length);
    expect(
      log.every((row) => row.status === 'delivered' && row.attempts === 1 && row.response_status === 200),
    ).toBe(true);
    // Each delivery reached the receiver once.
    const ids = hits('/main').map((request) => request.json.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(log.map((row) => row.id).sort()).toEqual([...ids].sort());
    // Events the subscription did not ask for were not sent.
    const sent = new Set(hits('/main').map((request) => request.json.event));
    for (const event of ['lead.created', 'deal.created', 'deal.updated', 'contact.updated', 'message.sent']) {
      expect(sent.has(event), event).toBe(false);
    }
    // The log filters by event and answers newest first.
    const onlyLeads = await deliveries(main.id, {
      filters: [{ key: 'event', condition: 'equalto', value: 'lead.updated' }],
    });
    expect(onlyLeads.map((row) => row.id)).toEqual([leadHit.json.id]);
    const dates = log.map((row) => row.create_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await api('GET', `integration/search/${main.id}`)).body.data[0]?.last_sync_at).not.toBeNull();
  });

  it('retries a failing receiver, fails for good at the end of the schedule, and replays on demand', async () => {
    const flaky = await webhook('/flaky', ['task.created']);
    const down = await webhook('/down', ['task.created']);
    const hidden = await webhook('http://10.20.30.40/hook', ['task.created']);
    receiver.script(/^\/flaky$/, [
      { status: 500, json: { error: 'oops' } },
      { status: 500, json: { error: 'oops' } },
    ]);
    const contactId = (
      await api<{ id: string }>('POST', 'contact/create', { name: 'Task Tom', phone: newPhone() })
    ).body.data[0]?.id;
    const task = await api<{ id: string }>('POST', 'task/create', {
      title: 'Call back',
      due_date: new Date(Date.now() + 86_400_000).toISOString(),
      owner: [owner.userId],
      module: 'contact',
      contact_id: contactId,
    });
    expect(task.status, JSON.stringify(task.body)).toBe(200);

    const [flakyRow] = await settled(flaky.id, 1);
    expect(flakyRow).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200, error: '' });
    expect(hits('/flaky').map((request) => request.json.id)).toEqual([
      flakyRow?.id,
      flakyRow?.id,
      flakyRow?.id,
    ]);
    verify(hits('/flaky')[2] as ReceivedRequest, String(flaky.config.secret));

    const [downRow] = await settled(down.id, 1);
    expect(downRow).toMatchObject({
      status: 'failed',
      attempts: 3,
      response_status: 503,
      next_attempt_at: null,
    });
    expect(downRow?.error).toMatch(/^503/);
    expect((await api('GET', `integration/search/${down.id}`)).body.data[0]).toMatchObject({
      status: 'error',
    });

    const [hiddenRow] = await settled(hidden.id, 1);
    expect(hiddenRow).toMatchObject({ status: 'failed', attempts: 1, response_status: null });
    expect(hiddenRow?.error).toBe('10.20.30.40 is not a public address');

    isDownUp = true;
    const replayed = await api<WebhookDelivery>('POST', `webhook/replay/${downRow?.id}`);
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200);
    expect(replayed.body.info).toBe('Delivery sent again');
    expect(replayed.body.data[0]).toMatchObject({ id: downRow?.id, status: 'pending' });
    await expect
      .poll(async () => (await deliveries(down.id))[0]?.status, { timeout: 10_000 })
      .toBe('delivered');
    const downHits = hits('/down');
    expect(downHits).toHaveLength(4);
    expect(downHits[3]?.json).toEqual(downHits[0]?.json);
    verify(downHits[3] as ReceivedRequest, String(down.config.secret));
    expect((await api('GET', `integration/search/${down.id}`)).body.data[0]).toMatchObject({
      status: 'connected',
      error: '',
    });

    // Every attempt told the setting readers.
    const notified = (await testApp.app.database.db.execute(
      sql`select action from realtime_events where module = 'webhook' and ref = ${down.id}`,
    )) as unknown as { rows: { action: string }[] };
    expect(notified.rows.length).toBeGreaterThanOrEqual(5);
    expect(new Set(notified.rows.map((row) => row.action))).toEqual(new Set(['update']));
  });

  it('sends a signed ping on Test and shows the receiver answer', async () => {
    isDownUp = false;
    const pinged = await webhook('/down', ['contact.deleted']);
    const failing = await api('POST', `integration/test/${pinged.id}`);
    expect(failing.status).toBe(200);
    expect(failing.body.data[0]).toMatchObject({ status: 'error' });
    expect(failing.body.data[0]?.error).toMatch(/^503/);

    const works = await api('POST', `integration/test/${main.id}`);
    expect(works.body.info).toBe('The connection works');
    expect(works.body.data[0]).toMatchObject({ status: 'connected', error: '' });
    const ping = hits('/main', 'ping').at(-1) as ReceivedRequest;
    verify(ping, secret);
    expect(ping.json.data).toEqual({});
    // A ping is no logged delivery.
    expect((await deliveries(main.id)).some((row) => row.id === ping.json.id)).toBe(false);
  });

  it("answers 404 for another company's integration or delivery, 403 without the setting keys", async () => {
    const [delivery] = await deliveries(main.id);
    const stranger = await signupCompany(testApp.app);
    expect((await api('POST', `webhook/deliveries/${main.id}`, {}, stranger)).status).toBe(404);
    expect((await api('POST', `webhook/replay/${delivery?.id}`, undefined, stranger)).status).toBe(404);
    const nobody = await staffUser(testApp.app, owner.clientId, 'Staff', ['contact.view']);
    expect((await api('POST', `webhook/deliveries/${main.id}`, {}, nobody)).status).toBe(403);
    expect((await api('POST', `webhook/replay/${delivery?.id}`, undefined, nobody)).status).toBe(403);
    const viewer = await staffUser(testApp.app, owner.clientId, 'Staff', ['setting.view']);
    expect((await api('POST', `webhook/deliveries/${main.id}`, {}, viewer)).status).toBe(200);
    expect((await api('POST', `webhook/replay/${delivery?.id}`, undefined, viewer)).status).toBe(403);
  });
});
