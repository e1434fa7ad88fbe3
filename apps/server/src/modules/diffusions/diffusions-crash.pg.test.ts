import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Device, Diffusion, DiffusionRecipient } from '@conversa/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { type FakeGraph, startFakeGraph } from '../../test/fakes/fake-graph';
import type { ReceivedRequest } from '../../test/fakes/fake-server';
import { newPhone } from '../../test/messaging-fixtures';
import {
  api,
  killServerProcess,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-process';
import { createTestDatabase } from '../../test/test-app';

const TOKEN = 'EAAB-diffusion-crash-token';
const PHONE_ID = '100000000000777';
const RECIPIENTS = 24;
const ALWAYS_OPEN = { from: '00:00', to: '23:59', days: [1, 2, 3, 4, 5, 6, 7] };
// Tiny, a little random: 0 or 1 s between messages, a 1 s pause after batches of 4 to 6.
const PACING = { min_interval: 0, max_interval: 1, min_batch: 4, max_batch: 6, min_pause: 1, max_pause: 1 };

/**
 * Each process talks to a fake Graph API of its own, so the test knows which process handed a message to
 * the provider, and the union of both fakes is everything WhatsApp received.
 */
let graphA: FakeGraph;
let graphB: FakeGraph;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let serverA: ServerProcess | undefined;
let serverB: ServerProcess | undefined;

const env = (graph: FakeGraph) => ({
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  SECRET_KEY: 'diffusion-crash-secret-key-0000000000000',
  SEED_DEMO: 'true',
  REDIS_URL: '',
  PUBLIC_URL: 'https://conversa.example',
  GRAPH_API_URL: graph.apiUrl,
  PROVIDER_TIMEOUT_MS: '2000',
  // The killed process's sender job is taken over once its lease runs out: short so the test is quick.
  JOB_LEASE_MS: '5000',
});

const isSend = (request: ReceivedRequest) =>
  request.method === 'POST' && request.path.endsWith(`/${PHONE_ID}/messages`);
const sendsOf = (graph: FakeGraph) => graph.received(isSend);
const sendCount = () => sendsOf(graphA).length + sendsOf(graphB).length;

beforeAll(async () => {
  [graphA, graphB] = await Promise.all([startFakeGraph(TOKEN, 'A'), startFakeGraph(TOKEN, 'B')]);
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'conversa-diffusion-crash-'));
  // A migrates and seeds first; B then starts on the ready database.
  serverA = await startServerProcess(env(graphA));
  serverB = await startServerProcess(env(graphB));
}, 120_000);

afterAll(async () => {
  await killServerProcess(serverA);
  await stopServerProcess(serverB);
  await Promise.all([graphA?.close(), graphB?.close()]);
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** The company's WhatsApp device (pointed at the fakes) and an approved template, as a sync would store it. */
const whatsappWithTemplate = async (server: ServerProcess, token: string) => {
  const created = await api<Device>(server, 'POST', '/api/v1/en/device/create', token, {
    name: 'Diffusion line',
    setting: {
      conect: {
        type: 'whatsapp',
        config: {
          phone_number_id: PHONE_ID,
          waba_id: '7',
          access_token: TOKEN,
          app_secret: 'diffusion-crash-app-secret',
          verify_token: 'v',
        },
      },
    },
  });
  const device = created.body.data[0];
  expect(device?.status).toBe('connected');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const inserted = await client.query<{ id: string }>(
      `insert into templates (client_id, device_id, name, language, status, category, quality)
       select client_id, id, 'promo', 'es', 'APPROVED', 'MARKETING', 'GREEN' from devices where id = $1
       returning id`,
      [device?.id],
    );
    return { deviceId: device?.id ?? '', templateId: inserted.rows[0]?.id ?? '' };
  } finally {
    await client.end();
  }
};

describe('a diffusion run by two server processes, one killed while the provider holds a message', () => {
  it('sends every phone at most once and marks the handed-over one delivery unknown', async () => {
    if (!serverA || !serverB) throw new Error('servers did not start');
    const [a, b] = [serverA, serverB];
    const session = await api<{ access_token: string }>(a, 'POST', '/api/v1/en/login', undefined, {
      email: DEMO_LOGINS.owner.email,
      password: DEMO_LOGINS.owner.password,
    });
    const token = session.body.data[0]?.access_token ?? '';
    const { deviceId, templateId } = await whatsappWithTemplate(a, token);

    const created = await api<Diffusion>(a, 'POST', '/api/v1/en/diffusion/create', token, {
      name: 'Crash promo',
      device_id: deviceId,
      message: { type: 'template', template_id: templateId, parameters: [] },
      send_window: ALWAYS_OPEN,
      pacing: PACING,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data[0]?.id ?? '';
    const phones = Array.from({ length: RECIPIENTS }, () => newPhone());
    const form = new FormData();
    form.append('diffusion_id', id);
    form.append(
      'file',
      new Blob([`telefono,nombre\n${phones.map((p) => `${p},Cliente`).join('\n')}\n`]),
      'a.csv',
    );
    const imported = await fetch(`${b.url}/api/v1/en/diffusionmsg/import`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(imported.status).toBe(200);

    const diffusion = async (server: ServerProcess) =>
      (await api<Diffusion>(server, 'GET', `/api/v1/en/diffusion/search/${id}`, token)).body.data[0];
    const recipientsIn = async (server: ServerProcess, state: string) =>
      (
        await api<DiffusionRecipient>(server, 'POST', `/api/v1/en/diffusion/recipients/${id}`, token, {
          filters: [{ key: 'state', condition: 'equalto', value: state }],
          offset: 50,
        })
      ).body.data;
    /** Paused through `server`, once the run in hand (on either process) has settled its recipient. */
    const pauseOn = async (server: ServerProcess) => {
      expect((await api(server, 'POST', `/api/v1/en/diffusion/pause/${id}`, token)).status).toBe(200);
      await expect
        .poll(async () => (await recipientsIn(server, 'sending')).length, { timeout: 10_000 })
        .toBe(0);
    };
    const resumeOn = async (server: ServerProcess) =>
      expect((await api(server, 'POST', `/api/v1/en/diffusion/resume/${id}`, token)).status).toBe(200);

    // Started on A, then resumed on B: the one sender job moves between the processes, each picking up
    // where the other left the recipients.
    expect((await api(a, 'POST', `/api/v1/en/diffusion/start/${id}`, token)).status).toBe(200);
    await expect.poll(sendCount, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    await pauseOn(b);
    const beforeB = sendCount();
    await resumeOn(b);
    await expect.poll(sendCount, { timeout: 20_000 }).toBeGreaterThanOrEqual(beforeB + 4);
    await pauseOn(a);

    // A takes the job again and its next message reaches the provider, which never answers: A is killed
    // with the recipient `sending` and its message handed over ('dispatching').
    graphA.script(new RegExp(`/${PHONE_ID}/messages$`), [{ hang: true }]);
    const sentByABefore = sendsOf(graphA).length;
    await resumeOn(a);
    const handedOver = await graphA.waitFor(
      (request) => isSend(request) && sendsOf(graphA).indexOf(request) >= sentByABefore,
      20_000,
    );
    await killServerProcess(a);
    expect(await diffusion(b)).toMatchObject({ status: 'running' });

    // B takes the job over after its lease and finishes the diffusion.
    await expect
      .poll(async () => (await diffusion(b))?.status, { timeout: 60_000, interval: 500 })
      .toBe('completed');
    // Give a wrongly resending worker every chance to show itself.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const received = [...sendsOf(graphA), ...sendsOf(graphB)].map((request) => String(request.json.to));
    const perPhone = new Map<string, number>();
    for (const to of received) perPhone.set(to, (perPhone.get(to) ?? 0) + 1);
    expect([...perPhone.entries()].filter(([, count]) => count > 1)).toEqual([]);
    expect(new Set(received)).toEqual(new Set(phones));
    expect(sendsOf(graphB).length).toBeGreaterThan(0);

    const lost = String(handedOver.json.to);
    const failed = await recipientsIn(b, 'failed');
    expect(failed).toMatchObject([{ phone: lost, reason: 'delivery_unknown' }]);
    const { totals } = (await diffusion(b)) as Diffusion;
    expect(totals).toMatchObject({ recipients: RECIPIENTS, pending: 0, failed: 1 });
    expect(totals.sent + totals.delivered + totals.read + totals.failed + totals.skipped).toBe(
      totals.recipients,
    );
  }, 180_000);
});
