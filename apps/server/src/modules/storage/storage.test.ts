import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Message, StorageFile } from '@conversa/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from '../../core/crypto/secret-box';
import { clients, files, importJobs, plans } from '../../core/db/schema';
import { createLocalFileStore, newFileKey } from '../../core/storage/file-store';
import { createDevice, listen, metaSignature, postWebhook } from '../../test/channel-fixtures';
import { type FakeGraph, startFakeGraph } from '../../test/fakes/fake-graph';
import {
  contactByPhone,
  createSandboxDevice,
  deliver,
  multipartBody,
  newPhone,
  type SandboxDevice,
  TINY_PNG,
} from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { backfillFileRows } from './storage-backfill';

const GRAPH_TOKEN = 'EAAB-storage-token-1234';
const APP_SECRET = 'storage-app-secret';

let testApp: TestApp;
let graph: FakeGraph;
let baseUrl: string;
let owner: Session;
let other: Session;

beforeAll(async () => {
  graph = await startFakeGraph(GRAPH_TOKEN);
  testApp = await createTestApp({ graphApiUrl: graph.apiUrl });
  baseUrl = await listen(testApp.app);
  [owner, other] = await Promise.all([signupCompany(testApp.app), signupCompany(testApp.app)]);
});
afterAll(async () => {
  await testApp?.close();
  await graph?.close();
});

const HTML = Buffer.from('<html><body><script>alert(1)</script></body></html>');

const formOf = (name: string, content: Buffer, field = 'file') => {
  const boundary = `----storage${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        'content-type: text/plain\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
};

const upload = async (session: Session, name: string, content: Buffer, locale = 'en') => {
  const form = formOf(name, content);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/v1/${locale}/storage/create`,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': form.contentType },
    payload: form.payload,
  });
  const body = response.json() as { status_codes: number; info: string; data: StorageFile[] };
  return { status: response.statusCode, body, file: body.data[0] as StorageFile };
};

const search = (session: Session, body: Record<string, unknown> = {}) =>
  call<StorageFile>(testApp.app, 'POST', '/api/v1/en/storage/search', { token: session.token, body });

const usageOf = async (session: Session) => (await search(session)).body.pagination?.usage;

/** How many files of the company the local store holds (each is its bytes plus a `.json` of its type). */
const bytesInStore = async (session: Session) =>
  (await readdir(join(testApp.config.dataDir, 'storage')).catch(() => [] as string[])).filter(
    (name) => name.startsWith(session.clientId) && !name.endsWith('.json'),
  ).length;

/** The app's own store, for writing files as they were written before files had rows. */
const appStore = () =>
  createLocalFileStore(join(testApp.config.dataDir, 'storage'), createUrlSigner(testApp.config.secretKey));

/** Gives the company a plan of its own whose storage is `bytes`. */
const limitStorage = async (session: Session, bytes: number) => {
  const db = testApp.app.database.db;
  const [company] = await db.select().from(clients).where(eq(clients.id, session.clientId));
  const [plan] = await db
    .select()
    .from(plans)
    .where(eq(plans.id, company?.plan_id ?? ''));
  if (!plan) throw new Error('the company has no plan');
  const { id: _id, create_date: _created, ...rest } = plan;
  const code = `tiny-${Math.random().toString(36).slice(2, 8)}`;
  const [tiny] = await db
    .insert(plans)
    .values({ ...rest, code, name: code, is_default: false, storage: bytes })
    .returning();
  await db.update(clients).set({ plan_id: tiny?.id }).where(eq(clients.id, session.clientId));
};

describe('storage files and usage', () => {
  it('counts every byte of the company’s files and drops at once when one is deleted', async () => {
    const company = await signupCompany(testApp.app);
    expect(await usageOf(company)).toEqual({ used: 0, limit: 1_000_000_000 });
    const first = await upload(company, 'photo.png', TINY_PNG);
    const second = await upload(company, 'page.html', HTML);
    expect(first.status).toBe(200);
    expect(first.body.info).toBe('File uploaded');
    expect(first.file).toMatchObject({ name: 'photo.png', size: TINY_PNG.length, module: 'storage' });
    expect(first.file.created_by).toBe(company.userId);
    expect(await usageOf(company)).toEqual({ used: TINY_PNG.length + HTML.length, limit: 1_000_000_000 });

    const listed = await search(company);
    expect(listed.body.data.map((file) => file.id)).toEqual([second.file.id, first.file.id]);
    expect(listed.body.pagination).toMatchObject({ total: 2, page: 1 });

    const removed = await call(testApp.app, 'DELETE', `/api/v1/en/storage/deleteone/${first.file.id}`, {
      token: company.token,
    });
    expect(removed.status).toBe(200);
    expect(await usageOf(company)).toEqual({ used: HTML.length, limit: 1_000_000_000 });
    expect((await testApp.app.inject({ method: 'GET', url: first.file.url })).statusCode).toBe(404);
    const gone = await call(testApp.app, 'GET', `/api/v1/en/storage/search/${first.file.id}`, {
      token: company.token,
    });
    expect(gone.status).toBe(404);
  });

  it('reads the type from the bytes: a PNG named .txt is image/png, HTML is opaque', async () => {
    const png = await upload(owner, 'notes.txt', TINY_PNG);
    const html = await upload(owner, 'page.html', HTML);
    expect(png.file.mime).toBe('image/png');
    expect(html.file.mime).toBe('application/octet-stream');
    const served = await testApp.app.inject({ method: 'GET', url: png.file.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    const opaque = await testApp.app.inject({ method: 'GET', url: html.file.url });
    expect(opaque.headers['content-type']).toBe('application/octet-stream');
    expect(opaque.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a file over 10,000,000 bytes with 413 and stores nothing', async () => {
    const company = await signupCompany(testApp.app);
    const big = await upload(company, 'big.bin', Buffer.alloc(10_000_001, 1));
    expect(big.status).toBe(413);
    expect(big.body.info).toBe('File exceeds the allowed size');
    expect(await usageOf(company)).toEqual({ used: 0, limit: 1_000_000_000 });
    expect((await search(company)).body.pagination?.total).toBe(0);
    expect(await bytesInStore(company)).toBe(0);
  });

  it('refuses an upload past the plan’s storage with 412 storageLimit and stores nothing', async () => {
    const company = await signupCompany(testApp.app);
    await limitStorage(company, TINY_PNG.length + 10);
    expect((await upload(company, 'first.png', TINY_PNG)).status).toBe(200);
    const refused = await upload(company, 'second.png', TINY_PNG);
    expect(refused.status).toBe(412);
    expect(refused.body.info).toBe('Storage limit of your plan reached');
    const spanish = await upload(company, 'second.png', TINY_PNG, 'es');
    expect(spanish.body.info).toBe('Se alcanzó el límite de almacenamiento de tu plan');
    expect(await usageOf(company)).toEqual({ used: TINY_PNG.length, limit: TINY_PNG.length + 10 });
    expect((await search(company)).body.pagination?.total).toBe(1);
    expect(await bytesInStore(company)).toBe(1);
  });

  it('keeps to the limit when uploads arrive at the same time', async () => {
    const company = await signupCompany(testApp.app);
    await limitStorage(company, TINY_PNG.length * 2 + 5);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => upload(company, `at-once-${index}.png`, TINY_PNG)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 412)).toHaveLength(4);
    expect((await usageOf(company))?.used).toBe(TINY_PNG.length * 2);
  });

  it('renames a file and finds it by its new name', async () => {
    const { file } = await upload(owner, 'draft.png', TINY_PNG);
    const renamed = await call<StorageFile>(testApp.app, 'PUT', `/api/v1/en/storage/updateone/${file.id}`, {
      token: owner.token,
      body: { name: 'contract signed.png' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data[0]).toMatchObject({ id: file.id, name: 'contract signed.png', size: file.size });
    const found = await search(owner, {
      filters: [{ key: 'name', condition: 'contains', value: 'signed' }],
    });
    expect(found.body.data.map((item) => item.id)).toEqual([file.id]);
    const empty = await call(testApp.app, 'PUT', `/api/v1/en/storage/updateone/${file.id}`, {
      token: owner.token,
      body: { name: ' ' },
    });
    expect(empty.status).toBe(400);
  });

  it('answers another company’s file 404 on every route', async () => {
    const { file } = await upload(other, 'private.png', TINY_PNG);
    const routes: [method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', `/api/v1/en/storage/search/${file.id}`],
      ['PUT', `/api/v1/en/storage/updateone/${file.id}`, { name: 'mine now' }],
      ['DELETE', `/api/v1/en/storage/deleteone/${file.id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(testApp.app, method, url, { token: owner.token, body })).status).toBe(404);
    }
    const listed = await search(owner, {
      filters: [{ key: 'name', condition: 'equalto', value: 'private.png' }],
    });
    expect(listed.body.data).toEqual([]);
    expect((await testApp.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);
  });

  it('needs storage.view, storage.create, storage.edit and storage.delete', async () => {
    const { file } = await upload(owner, 'kept.png', TINY_PNG);
    const email = `viewer-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const created = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: owner.token,
      body: { name: 'Storage Viewer', email, password: 'Staff#Pass2026', access: ['storage.view'] },
    });
    expect(created.status).toBe(200);
    const viewer = await login(testApp.app, email, 'Staff#Pass2026');
    expect((await search(viewer)).status).toBe(200);
    expect((await upload(viewer, 'no.png', TINY_PNG)).status).toBe(403);
    const rename = await call(testApp.app, 'PUT', `/api/v1/en/storage/updateone/${file.id}`, {
      token: viewer.token,
      body: { name: 'no' },
    });
    expect(rename.status).toBe(403);
    const remove = await call(testApp.app, 'DELETE', `/api/v1/en/storage/deleteone/${file.id}`, {
      token: viewer.token,
    });
    expect(remove.status).toBe(403);
  });
});

describe('message attachments in storage', () => {
  let device: SandboxDevice;
  beforeAll(async () => {
    device = await createSandboxDevice(testApp.app, owner.token);
  });

  const takenConversation = async (session: Session) => {
    const phone = newPhone();
    await deliver(testApp.app, device, { phone, body: 'Hola' });
    const contact = await contactByPhone(testApp.app, session.token, phone);
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: session.token });
    return contact;
  };

  const sendImage = (session: Session, contactId: string) => {
    const form = multipartBody(
      { type: 'image', device_id: device.id, contact_id: contactId, body: '' },
      { name: 'photo.png', content: TINY_PNG, type: 'image/png' },
    );
    return testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/message/create',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
  };

  it('lists a sent attachment; deleting it leaves the message with attachment ""', async () => {
    const contact = await takenConversation(owner);
    const sent = await sendImage(owner, contact.id);
    expect(sent.statusCode).toBe(200);
    const message = (sent.json() as { data: Message[] }).data[0] as Message;
    const listed = await search(owner, {
      filters: [{ key: 'reference_id', condition: 'equalto', value: message.id }],
    });
    const file = listed.body.data[0] as StorageFile;
    expect(file).toMatchObject({
      module: 'message',
      name: 'photo.png',
      size: TINY_PNG.length,
      mime: 'image/png',
      created_by: owner.userId,
    });
    const removed = await call(testApp.app, 'DELETE', `/api/v1/en/storage/deleteone/${file.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    const history = await call<Message>(testApp.app, 'POST', `/api/v1/en/message/contact/${contact.id}`, {
      token: owner.token,
      body: {},
    });
    const shown = history.body.data.find((item) => item.id === message.id);
    expect(shown).toMatchObject({ id: message.id, attachment: '', filename: 'photo.png' });
    expect((await testApp.app.inject({ method: 'GET', url: message.attachment })).statusCode).toBe(404);
  });

  it('keeps a customer’s attachment even past the plan’s storage, with no uploader', async () => {
    const company = await signupCompany(testApp.app);
    await limitStorage(company, 0);
    const phoneId = String(Date.now());
    const whatsapp = await createDevice(testApp.app, company, 'whatsapp', {
      phone_number_id: phoneId,
      waba_id: `9${phoneId}`,
      access_token: GRAPH_TOKEN,
      app_secret: APP_SECRET,
      verify_token: 'verify-me-please',
    });
    graph.media.set(`media-${phoneId}`, { content: TINY_PNG, mimeType: 'image/png' });
    const phone = newPhone();
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: `9${phoneId}`,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550100', phone_number_id: phoneId },
                contacts: [{ profile: { name: 'Ana Pérez' }, wa_id: phone }],
                messages: [
                  {
                    from: phone,
                    id: `wamid.storage${phoneId}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'image',
                    image: { id: `media-${phoneId}`, mime_type: 'image/png' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const delivered = await postWebhook(baseUrl, `/webhooks/whatsapp/${whatsapp.id}`, raw, {
      'x-hub-signature-256': metaSignature(raw, APP_SECRET),
    });
    expect(delivered).toBe(200);
    await expect.poll(async () => (await search(company)).body.data.length, { timeout: 10_000 }).toBe(1);
    const [file] = (await search(company)).body.data;
    expect(file).toMatchObject({
      module: 'message',
      mime: 'image/png',
      size: TINY_PNG.length,
      created_by: '',
    });
    expect(await usageOf(company)).toEqual({ used: TINY_PNG.length, limit: 0 });
  });

  it('the one-time backfill gives older attachments their rows, to the byte, once', async () => {
    const contact = await takenConversation(owner);
    const sent = await sendImage(owner, contact.id);
    const message = (sent.json() as { data: Message[] }).data[0] as Message;
    const db = testApp.app.database.db;
    // As before files had rows: the attachment's bytes are in the store, without a row.
    await db.delete(files).where(eq(files.reference_id, message.id));
    const store = appStore();
    expect(await backfillFileRows(db, store)).toBeGreaterThanOrEqual(1);
    const listed = await search(owner, {
      filters: [{ key: 'reference_id', condition: 'equalto', value: message.id }],
    });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({
      module: 'message',
      name: 'photo.png',
      size: TINY_PNG.length,
      created_by: owner.userId,
    });
    expect(await backfillFileRows(db, store)).toBe(0);
  });

  it('the same backfill gives logos and waiting imports their rows, to the byte, each in its company', async () => {
    const db = testApp.app.database.db;
    const store = appStore();
    const [first, second] = await Promise.all([signupCompany(testApp.app), signupCompany(testApp.app)]);
    const firstCsv = Buffer.from('nombre,telefono\nAna,+56911111111\n');
    const secondCsv = Buffer.from('nombre,telefono\nLuis,+56922222222\nEva,+56933333333\n');
    // As before files had rows: each file's bytes in the store and its key on its record, without a row.
    const logoOf = async (company: Session) => {
      const key = await store.put(company.clientId, {
        content: TINY_PNG,
        contentType: 'image/png',
        filename: 'logo',
      });
      const [client] = await db
        .update(clients)
        .set({ imglogo: key })
        .where(eq(clients.id, company.clientId))
        .returning();
      return { key, createDate: client?.create_date };
    };
    const importOf = async (company: Session, filename: string, content?: Buffer) => {
      const key = content
        ? await store.put(company.clientId, { content, contentType: 'text/csv', filename })
        : newFileKey(company.clientId);
      const [job] = await db
        .insert(importJobs)
        .values({
          client_id: company.clientId,
          user_id: company.userId,
          module: 'contact',
          filename,
          file_key: key,
        })
        .returning();
      if (!job) throw new Error('no import');
      return { key, job };
    };
    const firstLogo = await logoOf(first);
    const firstImport = await importOf(first, 'leads.csv', firstCsv);
    const secondLogo = await logoOf(second);
    const secondImport = await importOf(second, '', secondCsv);
    const lost = await importOf(second, 'lost.csv');

    expect(await backfillFileRows(db, store)).toBeGreaterThanOrEqual(4);
    const keys = [firstLogo.key, firstImport.key, secondLogo.key, secondImport.key, lost.key];
    const rows = await db.select().from(files).where(inArray(files.key, keys));
    const rowOf = (key: string) => rows.find((row) => row.key === key);
    expect(rowOf(firstLogo.key)).toMatchObject({
      client_id: first.clientId,
      module: 'logo',
      name: 'logo',
      size: TINY_PNG.length,
      mime: 'image/png',
      reference_id: first.clientId,
      created_by: '',
      create_date: firstLogo.createDate,
    });
    expect(rowOf(firstImport.key)).toMatchObject({
      client_id: first.clientId,
      module: 'import',
      name: 'leads.csv',
      size: firstCsv.length,
      mime: 'text/csv',
      reference_id: firstImport.job.id,
      created_by: first.userId,
      create_date: firstImport.job.create_date,
    });
    expect(rowOf(secondLogo.key)).toMatchObject({
      client_id: second.clientId,
      module: 'logo',
      size: TINY_PNG.length,
      reference_id: second.clientId,
    });
    expect(rowOf(secondImport.key)).toMatchObject({
      client_id: second.clientId,
      module: 'import',
      name: 'file',
      size: secondCsv.length,
      reference_id: secondImport.job.id,
      created_by: second.userId,
    });
    // The store lost this one's bytes: no row, and none on a later run either.
    expect(rowOf(lost.key)).toBeUndefined();
    expect(rows).toHaveLength(4);
    // Each company lists and counts only its own files.
    const listedKeys = async (company: Session) =>
      (await search(company)).body.data.map((file) => `${file.module}:${file.reference_id}`).sort();
    expect(await listedKeys(first)).toEqual(
      [`import:${firstImport.job.id}`, `logo:${first.clientId}`].sort(),
    );
    expect(await listedKeys(second)).toEqual(
      [`import:${secondImport.job.id}`, `logo:${second.clientId}`].sort(),
    );
    expect((await usageOf(second))?.used).toBe(TINY_PNG.length + secondCsv.length);

    expect(await backfillFileRows(db, store)).toBe(0);
  });

  it('refuses a person’s attachment past the plan’s storage with 412 and stores no message', async () => {
    const company = await signupCompany(testApp.app);
    const ownDevice = await createSandboxDevice(testApp.app, company.token);
    const phone = newPhone();
    await deliver(testApp.app, ownDevice, { phone, body: 'Hola' });
    const contact = await contactByPhone(testApp.app, company.token, phone);
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: company.token });
    await limitStorage(company, TINY_PNG.length - 1);
    const form = multipartBody(
      { type: 'image', device_id: ownDevice.id, contact_id: contact.id, body: '' },
      { name: 'photo.png', content: TINY_PNG, type: 'image/png' },
    );
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/message/create',
      headers: { authorization: `Bearer ${company.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(refused.statusCode).toBe(412);
    expect((refused.json() as { info: string }).info).toBe('Storage limit of your plan reached');
    const history = await call<Message>(testApp.app, 'POST', `/api/v1/en/message/contact/${contact.id}`, {
      token: company.token,
      body: {},
    });
    expect(history.body.data.filter((item) => item.fromMe)).toEqual([]);
    expect(await usageOf(company)).toEqual({ used: 0, limit: TINY_PNG.length - 1 });
  });
});
