import type { Diffusion, DiffusionPreviewRecipient, DiffusionRecipient, Message } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { staffUser } from '../../test/company-fixture';
import {
  createSandboxDevice,
  deliver,
  newPhone,
  outbox,
  type SandboxDevice,
} from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let owner: Session;
let device: SandboxDevice;

const ALWAYS_OPEN = { from: '00:00', to: '23:59', days: [1, 2, 3, 4, 5, 6, 7] };
const FAST = { min_interval: 0, max_interval: 0, min_batch: 1, max_batch: 1, min_pause: 0, max_pause: 0 };

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createSandboxDevice(testApp.app, owner.token);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const api = <T = Diffusion>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call<T>(testApp.app, method, `/api/v1/en/${path}`, { token: owner.token, body });

const draft = async (overrides: Record<string, unknown> = {}) => {
  const created = await api('POST', 'diffusion/create', {
    name: `Promo ${Math.random().toString(36).slice(2, 6)}`,
    device_id: device.id,
    message: { type: 'chat', body: 'Hola, tenemos ofertas' },
    send_window: ALWAYS_OPEN,
    pacing: FAST,
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data[0] as Diffusion;
};

const settled = async (id: string) => {
  await expect
    .poll(async () => (await api('GET', `diffusion/search/${id}`)).body.data[0]?.status, { timeout: 20_000 })
    .toMatch(/completed|paused|cancelled/);
  return (await api('GET', `diffusion/search/${id}`)).body.data[0] as Diffusion;
};

describe('diffusions', () => {
  it('freezes a tagged audience, sends each recipient once through the chat, and skips who opted out', async () => {
    const phones = [newPhone(), newPhone(), newPhone()];
    for (const phone of phones) await deliver(testApp.app, device, { phone, body: 'Hola' });
    await deliver(testApp.app, device, { phone: phones[2] as string, body: 'BAJA' });
    // A pressed button titled like an opt-out word (an appointment's "Cancelar") does not opt out.
    await deliver(testApp.app, device, {
      phone: phones[1] as string,
      type: 'button',
      body: 'Cancelar',
      payload: 'cf:row-1:cancel',
    });
    const diffusion = await draft({
      audience: {
        module: 'contact',
        filters: [{ key: 'info.phone', condition: 'in', value: phones }],
        list_ids: [],
      },
    });
    const started = await api('POST', `diffusion/start/${diffusion.id}`);
    expect(started.status).toBe(200);
    const done = await settled(diffusion.id);
    expect(done.status).toBe('completed');
    expect(done.totals).toMatchObject({ recipients: 3, sent: 2, skipped: 1, pending: 0, failed: 0 });
    for (const phone of phones.slice(0, 2)) {
      const received = await outbox(testApp.app, device, phone);
      expect(received.filter((message) => message.body === 'Hola, tenemos ofertas')).toHaveLength(1);
    }
    expect(await outbox(testApp.app, device, phones[2] as string)).toHaveLength(0);
    const rows = await api<DiffusionRecipient>('POST', `diffusion/recipients/${diffusion.id}`, {
      filters: [{ key: 'state', condition: 'equalto', value: 'skipped' }],
    });
    expect(rows.body.data).toMatchObject([{ phone: phones[2], reason: 'optout' }]);

    // An answer after the send counts as a reply, once per recipient however many messages it writes.
    await deliver(testApp.app, device, { phone: phones[0] as string, body: 'Me interesa' });
    await deliver(testApp.app, device, { phone: phones[0] as string, body: '¿Cuánto cuesta?' });
    await expect
      .poll(async () => (await api('GET', `diffusion/search/${diffusion.id}`)).body.data[0]?.totals.replied)
      .toBe(1);
    expect((await api('GET', `diffusion/search/${diffusion.id}`)).body.data[0]?.count_current_responses).toBe(
      1,
    );
  }, 60_000);

  it("sends each recipient a text with their own first name and the author's name, stored as sent", async () => {
    const customers = [
      { phone: newPhone(), name: 'Camila Rojas' },
      { phone: newPhone(), name: 'Diego Soto' },
    ];
    for (const customer of customers) await deliver(testApp.app, device, { ...customer, body: 'Hola' });
    const audience = {
      module: 'contact',
      filters: [{ key: 'info.phone', condition: 'in', value: customers.map((item) => item.phone) }],
      list_ids: [],
    };
    // Before anything is sent, the form's preview gets one of these real customers.
    const preview = await api<DiffusionPreviewRecipient>('POST', 'diffusion/preview', { audience });
    expect(preview.status).toBe(200);
    const previewed = customers.find((item) => item.phone === preview.body.data[0]?.phone);
    expect(preview.body.data[0]).toMatchObject({
      first_name: previewed?.name.split(' ')[0],
      full_name: previewed?.name,
    });
    const diffusion = await draft({
      message: { type: 'chat', body: 'Hola $firstname, te escribe $username' },
      audience,
    });
    expect((await api('POST', `diffusion/start/${diffusion.id}`)).status).toBe(200);
    expect((await settled(diffusion.id)).totals).toMatchObject({ sent: 2, failed: 0 });
    for (const { phone, name } of customers) {
      const firstName = name.split(' ')[0];
      const received = (await outbox(testApp.app, device, phone)).map((message) => message.body);
      const personal = received.filter((body) => body.startsWith(`Hola ${firstName}, te escribe `));
      expect(personal, JSON.stringify(received)).toHaveLength(1);
      expect(personal[0]).not.toContain('$');
      const stored = await api<Message>('POST', 'message/search', { phone });
      expect(stored.body.data.filter((message) => message.fromMe).map((message) => message.body)).toEqual(
        personal,
      );
    }
  }, 60_000);

  it("says when a diffusion started outside its send window will start, in the company's time zone", async () => {
    const found = (await testApp.app.database.db.execute(
      sql`select timezone from clients where id = ${owner.clientId}`,
    )) as unknown as { rows: { timezone: string }[] };
    const timeZone = found.rows[0]?.timezone ?? '';
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(
      new Date(Date.now() + 86_400_000),
    );
    const tomorrow = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday) + 1;
    const diffusion = await draft({
      send_window: { from: '10:00', to: '11:00', days: [tomorrow] },
      audience: {
        module: 'contact',
        filters: [{ key: 'info.phone', condition: 'equalto', value: newPhone() }],
      },
    });
    const started = await api('POST', `diffusion/start/${diffusion.id}`);
    expect(started.status).toBe(200);
    expect(started.body.data[0]?.status).toBe('running');
    const tomorrowText = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone }).format(
      new Date(Date.now() + 86_400_000),
    );
    expect(started.body.info).toContain('The diffusion will start sending on');
    expect(started.body.info).toContain(tomorrowText);
    expect(started.body.info).toContain('10:00');
    expect(started.body.info).toContain(`(${timeZone} time)`);

    const open = await draft({
      audience: {
        module: 'contact',
        filters: [{ key: 'info.phone', condition: 'equalto', value: newPhone() }],
      },
    });
    expect((await api('POST', `diffusion/start/${open.id}`)).body.info).toBe('Diffusion started');
  });

  it('answers 400 naming the field for bad pacing, a window that never opens, an empty parameter', async () => {
    const base = { name: 'Bad', device_id: device.id, message: { type: 'chat', body: 'x' } };
    const pacing = await api('POST', 'diffusion/create', {
      ...base,
      pacing: { ...FAST, min_interval: 10, max_interval: 5 },
    });
    expect(pacing.status).toBe(400);
    expect(pacing.body.errors?.map((error) => error.path)).toContain('pacing.max_interval');
    const window = await api('POST', 'diffusion/create', {
      ...base,
      send_window: { ...ALWAYS_OPEN, days: [] },
    });
    expect(window.status).toBe(400);
    expect(window.body.errors?.map((error) => error.path)).toContain('send_window.days');
    const parameter = await api('POST', 'diffusion/create', {
      ...base,
      message: { type: 'template', template_id: 'x', parameters: ['ok', ''] },
    });
    expect(parameter.status).toBe(400);
    expect(parameter.body.errors?.map((error) => error.path)).toContain('message.parameters.1');
    const list = await api('POST', 'diffusion/create', {
      ...base,
      audience: { module: 'contact', filters: [], list_ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(list.status).toBe(400);
    expect(list.body.errors?.map((error) => error.path)).toContain('audience.list_ids.0');
    const device404 = await api('POST', 'diffusion/create', {
      ...base,
      device_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(device404.status).toBe(404);
  });

  it('imports a CSV into a draft, refuses changes while running and cancels at once', async () => {
    const diffusion = await draft({ pacing: { ...FAST, min_interval: 60, max_interval: 60 } });
    const [first, second] = [newPhone(), newPhone()];
    const csv = `telefono,nombre,valor\n${first},Ana,10\n${second},Luis,20\nnot-a-phone,X,1\n`;
    const file = importForm(diffusion.id, csv);
    const imported = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/en/diffusionmsg/import',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data[0].totals.recipients).toBe(2);
    const started = await api('POST', `diffusion/start/${diffusion.id}`);
    expect(started.body.data[0]?.status).toBe('running');
    const update = await api('PUT', `diffusion/updateone/${diffusion.id}`, { name: 'Other' });
    expect(update.status).toBe(406);
    const remove = await api('DELETE', `diffusion/deleteone/${diffusion.id}`);
    expect(remove.status).toBe(406);
    const cancelled = await api('POST', `diffusion/cancel/${diffusion.id}`);
    expect(cancelled.body.data[0]?.status).toBe('cancelled');
    // A recipient claimed before the cancel, its message still waiting for the pacing, is dropped by the
    // sender's next run (armed by the cancel), never sent.
    await expect
      .poll(async () => (await api('GET', `diffusion/search/${diffusion.id}`)).body.data[0]?.totals.pending, {
        timeout: 20_000,
      })
      .toBe(0);
    const done = await settled(diffusion.id);
    expect(done.totals.sent + done.totals.skipped).toBe(2);
  }, 60_000);
});

describe('tenancy and permissions', () => {
  /** Every route naming a diffusion, called as `session`: [label, answer status]. */
  const everyRoute = async (session: Session, id: string) => {
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      call(testApp.app, method, `/api/v1/en/${path}`, { token: session.token, body });
    const file = importForm(id, `telefono\n${newPhone()}\n`);
    const imported = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v1/en/diffusionmsg/import',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': file.contentType },
      payload: file.payload,
    });
    return [
      ['read', (await as('GET', `diffusion/search/${id}`)).status],
      ['update', (await as('PUT', `diffusion/updateone/${id}`, { name: 'Taken' })).status],
      ['recipients', (await as('POST', `diffusion/recipients/${id}`, {})).status],
      ['import', imported.statusCode],
      ['start', (await as('POST', `diffusion/start/${id}`)).status],
      ['pause', (await as('POST', `diffusion/pause/${id}`)).status],
      ['resume', (await as('POST', `diffusion/resume/${id}`)).status],
      ['cancel', (await as('POST', `diffusion/cancel/${id}`)).status],
      ['delete', (await as('DELETE', `diffusion/deleteone/${id}`)).status],
    ] as const;
  };

  it("answers 404 for another company's diffusion on every route, changing nothing", async () => {
    const mine = await draft({ name: 'Only mine' });
    const stranger = await signupCompany(testApp.app);
    const answers = await everyRoute(stranger, mine.id);
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(answers.map(([route]) => [route, 404])));
    const listed = await call<Diffusion>(testApp.app, 'POST', '/api/v1/en/diffusion/search', {
      token: stranger.token,
      body: {},
    });
    expect(listed.body.data.map((diffusion) => diffusion.id)).not.toContain(mine.id);
    const after = (await api('GET', `diffusion/search/${mine.id}`)).body.data[0];
    expect(after).toMatchObject({ name: 'Only mine', status: 'draft' });
    expect(after?.totals.recipients).toBe(0);
  });

  it('answers 403 to a user without the marketing key each route needs', async () => {
    const mine = await draft({ name: 'Guarded' });
    const nobody = await staffUser(testApp.app, owner.clientId, 'Staff', ['contact.view']);
    const answers = await everyRoute(nobody, mine.id);
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(answers.map(([route]) => [route, 403])));
    const search = await call(testApp.app, 'POST', '/api/v1/en/diffusion/search', {
      token: nobody.token,
      body: {},
    });
    expect(search.status).toBe(403);

    // marketing.view reads, and nothing else.
    const viewer = await staffUser(testApp.app, owner.clientId, 'Staff', ['marketing.view']);
    expect(Object.fromEntries(await everyRoute(viewer, mine.id))).toEqual({
      read: 200,
      recipients: 200,
      update: 403,
      import: 403,
      start: 403,
      pause: 403,
      resume: 403,
      cancel: 403,
      delete: 403,
    });
    const body = { name: 'Not allowed', device_id: device.id, message: { type: 'chat', body: 'x' } };
    const create = (session: Session) =>
      call(testApp.app, 'POST', '/api/v1/en/diffusion/create', { token: session.token, body });
    expect((await create(viewer)).status).toBe(403);
    const creator = await staffUser(testApp.app, owner.clientId, 'Staff', ['marketing.create']);
    expect((await create(creator)).status).toBe(200);

    // marketing.edit changes and runs it but does not delete it; marketing.delete does.
    const editor = await staffUser(testApp.app, owner.clientId, 'Staff', ['marketing.edit']);
    const edit = (path: string, method: 'PUT' | 'DELETE' = 'PUT', payload?: unknown) =>
      call(testApp.app, method, `/api/v1/en/${path}`, { token: editor.token, body: payload });
    expect((await edit(`diffusion/updateone/${mine.id}`, 'PUT', { name: 'Renamed' })).status).toBe(200);
    expect((await edit(`diffusion/deleteone/${mine.id}`, 'DELETE')).status).toBe(403);
    const remover = await staffUser(testApp.app, owner.clientId, 'Staff', ['marketing.delete']);
    const removed = await call(testApp.app, 'DELETE', `/api/v1/en/diffusion/deleteone/${mine.id}`, {
      token: remover.token,
    });
    expect(removed.status).toBe(200);
    expect((await api('GET', `diffusion/search/${mine.id}`)).status).toBe(404);
  });
});

/** A browser's multipart body: the diffusion id and the CSV as the `file` part. */
const importForm = (diffusionId: string, csv: string) => {
  const boundary = `----diffusion${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="diffusion_id"\r\n\r\n${diffusionId}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="people.csv"\r\n` +
      `content-type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
};
