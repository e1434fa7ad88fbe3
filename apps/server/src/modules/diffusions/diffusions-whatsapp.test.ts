import type { Device, Diffusion, DiffusionRecipient } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, templates } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { createDevice, metaSignature, postWebhook } from '../../test/channel-fixtures';
import { type FakeGraph, startFakeGraph } from '../../test/fakes/fake-graph';
import { newPhone } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';
import { createRecipientStore } from './diffusion-recipients';

const TOKEN = 'EAAB-diffusion-token';
const APP_SECRET = 'diffusion-app-secret';
const ALWAYS_OPEN = { from: '00:00', to: '23:59', days: [1, 2, 3, 4, 5, 6, 7] };
const FAST = { min_interval: 0, max_interval: 0, min_batch: 1, max_batch: 1, min_pause: 0, max_pause: 0 };

let graph: FakeGraph;
let testApp: TestApp;
let baseUrl: string;
let owner: Session;
const phoneCounter = 100_000_000_000_100;

let shared: { device: Device; phoneId: string; templateId: string } | undefined;

/** The company's WhatsApp official device (the demo plan allows one more) and its approved template. */
const whatsappDevice = async (): Promise<{ device: Device; phoneId: string; templateId: string }> => {
  if (shared) {
    const templateId = shared.templateId;
    await testApp.app.database.db
      .update(templates)
      .set({ status: 'APPROVED' })
      .where(eq(templates.id, templateId));
    return shared;
  }
  const phoneId = String(phoneCounter);
  const device = await createDevice(testApp.app, owner, 'whatsapp', {
    phone_number_id: phoneId,
    waba_id: `9${phoneId}`,
    access_token: TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'v',
  });
  const [template] = await testApp.app.database.db
    .insert(templates)
    .values({
      client_id: owner.clientId,
      device_id: device.id,
      name: 'promo',
      language: 'es',
      status: 'APPROVED',
      category: 'MARKETING',
      quality: 'GREEN',
    })
    .returning();
  shared = { device, phoneId, templateId: template?.id ?? '' };
  return shared;
};

/** The customer writes first (opening the 24 h window) through the signed webhook. */
const inbound = async (device: Device, phoneId: string, phone: string, body = 'Hola') => {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'w',
        changes: [
          {
            field: 'messages',
            value: {
              metadata: { phone_number_id: phoneId },
              contacts: [{ wa_id: phone, profile: { name: 'Cliente' } }],
              messages: [
                {
                  from: phone,
                  id: `wamid.in-${phone}-${Math.random()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const status = await postWebhook(baseUrl, `/webhooks/whatsapp/${device.id}`, raw, {
    'x-hub-signature-256': metaSignature(raw, APP_SECRET),
  });
  expect(status).toBe(200);
};

const api = <T = Diffusion>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  call<T>(testApp.app, method, `/api/v1/en/${path}`, { token: owner.token, body });

/** A started diffusion to these phones (contacts by phone), answered once it stopped. */
const run = async (
  device: Device,
  phones: string[],
  message: Record<string, unknown>,
  pacing: Record<string, number> = FAST,
): Promise<Diffusion> => {
  const created = await api('POST', 'diffusion/create', {
    name: 'WhatsApp promo',
    device_id: device.id,
    message,
    send_window: ALWAYS_OPEN,
    pacing,
    audience: { module: 'contact', filters: [{ key: 'info.phone', condition: 'in', value: phones }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data[0]?.id ?? '';
  expect((await api('POST', `diffusion/start/${id}`)).status).toBe(200);
  await expect
    .poll(async () => (await api('GET', `diffusion/search/${id}`)).body.data[0]?.status, { timeout: 30_000 })
    .toMatch(/completed|paused/);
  return (await api('GET', `diffusion/search/${id}`)).body.data[0] as Diffusion;
};

const contactsFor = async (phones: string[]) => {
  for (const phone of phones) {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: owner.token,
      body: { name: `Cliente ${phone.slice(-4)}`, phone },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
};

const sendsTo = (phoneId: string) => graph.sends(phoneId);
/** The sends this test made: those after `before` (the count when it began). */
const sendsSince = (phoneId: string, before: number) => sendsTo(phoneId).slice(before);
const graphError = (code: number, status = 400) => ({
  status,
  json: { error: { message: `error ${code}`, type: 'OAuthException', code, fbtrace_id: 'x' } },
});

beforeAll(async () => {
  graph = await startFakeGraph(TOKEN);
  testApp = await createTestApp({ graphApiUrl: graph.apiUrl });
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await graph?.close();
});

describe('diffusions on WhatsApp (fake Graph API)', () => {
  it('skips a text outside the 24 h window and sends it inside', async () => {
    const { device, phoneId } = await whatsappDevice();
    const [open, closed] = [newPhone(), newPhone()] as [string, string];
    const before = sendsTo(phoneId).length;
    await inbound(device, phoneId, open);
    await contactsFor([closed]);
    const done = await run(device, [open, closed], { type: 'chat', body: 'Oferta' });
    expect(done.status).toBe('completed');
    expect(done.totals).toMatchObject({ sent: 1, skipped: 1 });
    expect(sendsSince(phoneId, before).map((send) => send.to)).toEqual([open]);
    const skipped = await api<DiffusionRecipient>('POST', `diffusion/recipients/${done.id}`, {
      filters: [{ key: 'reason', condition: 'equalto', value: 'window' }],
    });
    expect(skipped.body.data.map((row) => row.phone)).toEqual([closed]);
  }, 60_000);

  it('sends a template to the whole audience at the pacing, with a pause between batches', async () => {
    const { device, phoneId, templateId } = await whatsappDevice();
    const phones = [newPhone(), newPhone(), newPhone(), newPhone()];
    await contactsFor(phones);
    const pacing = {
      min_interval: 1,
      max_interval: 1,
      min_batch: 2,
      max_batch: 2,
      min_pause: 2,
      max_pause: 2,
    };
    const done = await run(
      device,
      phones,
      { type: 'template', template_id: templateId, parameters: ['$firstname'] },
      pacing,
    );
    expect(done.totals).toMatchObject({ recipients: 4, sent: 4 });
    const times = graph
      .received((request) => request.method === 'POST' && request.path.endsWith(`/${phoneId}/messages`))
      .map((request) => request.at)
      .slice(-4);
    const gaps = times.slice(1).map((at, index) => at - (times[index] ?? at));
    // Batches of two: an interval of 1 s inside a batch, a pause of 2 s between batches.
    expect(gaps[0]).toBeGreaterThanOrEqual(950);
    expect(gaps[1]).toBeGreaterThanOrEqual(1950);
    expect(gaps[2]).toBeGreaterThanOrEqual(950);
    expect(gaps[2]).toBeLessThan(1950);
  }, 60_000);

  it.each([
    [130429, 'throughput'],
    [131048, 'spam'],
    [131056, 'pair_rate'],
  ])(
    'pauses itself on WhatsApp error %i (%s)',
    async (code, reason) => {
      const { device, phoneId, templateId } = await whatsappDevice();
      const phones = [newPhone(), newPhone()];
      await contactsFor(phones);
      const before = sendsTo(phoneId).length;
      graph.script(new RegExp(`/${phoneId}/messages$`), [graphError(code)]);
      const done = await run(device, phones, { type: 'template', template_id: templateId, parameters: [] });
      expect(done.status).toBe('paused');
      expect(done.pause_reason).toBe(reason);
      expect(sendsSince(phoneId, before)).toHaveLength(1);
    },
    60_000,
  );

  it('marks a phone opted out on 131050 and skips it in every later diffusion', async () => {
    const { device, phoneId, templateId } = await whatsappDevice();
    const phones = [newPhone(), newPhone()] as [string, string];
    await contactsFor(phones);
    const before = sendsTo(phoneId).length;
    graph.script(new RegExp(`/${phoneId}/messages$`), [graphError(131050)]);
    const template = { type: 'template', template_id: templateId, parameters: [] };
    const first = await run(device, phones, template);
    expect(first.status).toBe('completed');
    expect(first.totals).toMatchObject({ sent: 1, skipped: 1 });
    const again = await run(device, phones, template);
    expect(again.totals).toMatchObject({ sent: 1, skipped: 1 });
    expect(sendsSince(phoneId, before)).toHaveLength(3);
  }, 60_000);

  it("pauses at the number's messaging limit before sending past it", async () => {
    const { device, phoneId, templateId } = await whatsappDevice();
    const before = sendsTo(phoneId).length;
    const started = await createRecipientStore(testApp.app.database.db).startedLast24h(device.id);
    await testApp.app.database.db
      .update(devices)
      .set({ messaging_limit: started + 2 })
      .where(eq(devices.id, device.id));
    const phones = [newPhone(), newPhone(), newPhone()];
    await contactsFor(phones);
    const done = await run(device, phones, { type: 'template', template_id: templateId, parameters: [] });
    expect(done.status).toBe('paused');
    expect(done.pause_reason).toBe('messaging_limit');
    expect(done.totals).toMatchObject({ sent: 2, pending: 1 });
    expect(sendsSince(phoneId, before)).toHaveLength(2);
    await testApp.app.database.db
      .update(devices)
      .set({ messaging_limit: null })
      .where(eq(devices.id, device.id));
  }, 60_000);

  it('pauses when more than 5% of its recent sends failed', async () => {
    const { device, phoneId, templateId } = await whatsappDevice();
    const phones = Array.from({ length: 8 }, () => newPhone());
    await contactsFor(phones);
    const before = sendsTo(phoneId).length;
    // "Message undeliverable": a failure of that one recipient, not a reason to pause by itself.
    graph.script(
      new RegExp(`/${phoneId}/messages$`),
      Array.from({ length: 6 }, () => graphError(131026)),
    );
    const done = await run(device, phones, { type: 'template', template_id: templateId, parameters: [] });
    expect(done.status).toBe('paused');
    expect(done.pause_reason).toBe('failure_rate');
    expect(done.totals).toMatchObject({ failed: 6, pending: 2 });
    expect(sendsSince(phoneId, before)).toHaveLength(6);
  }, 60_000);

  it('pauses when its template falls to quality RED', async () => {
    const { device, phoneId, templateId } = await whatsappDevice();
    const phones = [newPhone()];
    await contactsFor(phones);
    const before = sendsTo(phoneId).length;
    await testApp.app.database.db
      .update(templates)
      .set({ quality: 'RED' })
      .where(eq(templates.id, templateId));
    const done = await run(device, phones, { type: 'template', template_id: templateId, parameters: [] });
    await testApp.app.database.db
      .update(templates)
      .set({ quality: 'GREEN' })
      .where(eq(templates.id, templateId));
    expect(done.status).toBe('paused');
    expect(done.pause_reason).toBe('template_quality');
    expect(sendsSince(phoneId, before)).toHaveLength(0);
  }, 60_000);

  it('pauses when its template is no longer approved', async () => {
    const { device, phoneId, templateId } = await whatsappDevice();
    const phones = [newPhone()];
    const before = sendsTo(phoneId).length;
    await contactsFor(phones);
    const created = await api('POST', 'diffusion/create', {
      name: 'Paused template',
      device_id: device.id,
      message: { type: 'template', template_id: templateId, parameters: [] },
      send_window: ALWAYS_OPEN,
      pacing: FAST,
      audience: { module: 'contact', filters: [{ key: 'info.phone', condition: 'in', value: phones }] },
    });
    const id = created.body.data[0]?.id ?? '';
    await testApp.app.database.db
      .update(templates)
      .set({ status: 'PAUSED' })
      .where(eq(templates.id, templateId));
    expect((await api('POST', `diffusion/start/${id}`)).status).toBe(200);
    await expect
      .poll(async () => (await api('GET', `diffusion/search/${id}`)).body.data[0]?.pause_reason, {
        timeout: 20_000,
      })
      .toBe('template_status');
    expect(sendsSince(phoneId, before)).toHaveLength(0);
  }, 60_000);
});
