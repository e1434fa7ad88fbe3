import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Contact, Device, Message } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../core/db/seed-logins';
import { DELIVERY_UNKNOWN_AFTER_RESTART } from '../modules/messages/message-dispatch';
import { metaSignature } from '../test/channel-fixtures';
import { type FakeGraph, startFakeGraph } from '../test/fakes/fake-graph';
import { newPhone } from '../test/messaging-fixtures';
import { api, killServerProcess, type ServerProcess, startServerProcess } from '../test/server-process';
import { createTestDatabase } from '../test/test-app';

const TOKEN = 'EAAB-crash-token-0001';
const APP_SECRET = 'crash-app-secret';
const PHONE_ID = '100000000000001';

let graph: FakeGraph;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let first: ServerProcess | undefined;
let second: ServerProcess | undefined;

const env = () => ({
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  SECRET_KEY: 'crash-test-secret-key-000000000000000000',
  SEED_DEMO: 'true',
  REDIS_URL: '',
  PUBLIC_URL: 'https://conversa.example',
  GRAPH_API_URL: graph.apiUrl,
  PROVIDER_TIMEOUT_MS: '2000',
  // A crashed worker's job is taken over once its lease runs out: kept short so the test is quick.
  JOB_LEASE_MS: '5000',
});

beforeAll(async () => {
  graph = await startFakeGraph(TOKEN);
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'conversa-crash-'));
  first = await startServerProcess(env());
}, 120_000);

afterAll(async () => {
  await killServerProcess(first);
  await killServerProcess(second);
  await graph?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a sender killed after the provider accepted a message', () => {
  it('does not send it again when it restarts: the message shows delivery unknown', async () => {
    if (!first) throw new Error('server did not start');
    const session = await api<{ access_token: string }>(first, 'POST', '/api/v1/en/login', undefined, {
      email: DEMO_LOGINS.owner.email,
      password: DEMO_LOGINS.owner.password,
    });
    const token = session.body.data[0]?.access_token ?? '';
    const created = await api<Device>(first, 'POST', '/api/v1/en/device/create', token, {
      name: 'Crash line',
      setting: {
        conect: {
          type: 'whatsapp',
          config: {
            phone_number_id: PHONE_ID,
            waba_id: '2',
            access_token: TOKEN,
            app_secret: APP_SECRET,
            verify_token: 'v',
          },
        },
      },
    });
    const device = created.body.data[0];
    expect(device?.status).toBe('connected');

    const phone = newPhone();
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '2',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: PHONE_ID },
                contacts: [{ wa_id: phone, profile: { name: 'Crash Customer' } }],
                messages: [
                  { from: phone, id: 'wamid.crash-in', timestamp: '1', type: 'text', text: { body: 'Hola' } },
                ],
              },
            },
          ],
        },
      ],
    });
    const delivered = await fetch(`${first.url}/webhooks/whatsapp/${device?.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(raw, APP_SECRET) },
      body: raw,
    });
    expect(delivered.status).toBe(200);
    const contacts = await api<Contact>(first, 'POST', '/api/v1/en/contact/search', token, {
      filters: [{ key: 'info.phone', condition: 'equalto', value: phone }],
    });
    const contact = contacts.body.data[0];
    await api(first, 'POST', `/api/v1/en/contact/lock/${contact?.id}`, token);

    // The provider takes the message and, before its answer reaches us, the sender dies.
    graph.script(new RegExp(`/${PHONE_ID}/messages$`), [{ hang: true }]);
    const isSend = (request: { method: string; path: string }) =>
      request.method === 'POST' && request.path.endsWith(`/${PHONE_ID}/messages`);
    const sent = await api<Message>(first, 'POST', '/api/v1/en/message/create', token, {
      type: 'chat',
      body: 'exactly once, please',
      device_id: device?.id,
      contact_id: contact?.id,
    });
    expect(sent.status).toBe(200);
    await graph.waitFor(isSend);
    await killServerProcess(first);

    second = await startServerProcess(env());
    const restarted = second;
    const history = async () =>
      (await api<Message>(restarted, 'POST', `/api/v1/en/message/contact/${contact?.id}`, token, { page: 1 }))
        .body.data;
    await expect
      .poll(async () => (await history()).find((message) => message.fromMe)?.status, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe('error');
    const outbound = (await history()).find((message) => message.fromMe);
    expect(outbound?.error).toBe(DELIVERY_UNKNOWN_AFTER_RESTART);
    // Give a wrongly retrying worker every chance to show itself.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(graph.received(isSend)).toHaveLength(1);
  }, 120_000);
});
