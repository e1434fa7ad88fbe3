import { join } from 'node:path';
import type { Contact, Extraction, StorageFile } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from '../../core/crypto/secret-box';
import { extractions } from '../../core/db/schema';
import { createLocalFileStore } from '../../core/storage/file-store';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { createStoredFiles } from '../storage/stored-files';
import { sweepExpiredExtractions } from './extraction-sweep';

let testApp: TestApp;
let owner: Session;
let other: Session;
let url: string;
const sockets = createTestSockets();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  [owner, other] = await Promise.all([signupCompany(testApp.app), signupCompany(testApp.app)]);
  for (const [name, phone] of [
    ['Ana "La Jefa" Soto', '56911110001'],
    ['Ana, María', '56911110002'],
    ['=Ana Formula', '56911110003'],
    ['Pedro Otro', '56911110004'],
  ]) {
    const answer = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: owner.token,
      body: { name, phone },
    });
    expect(answer.status).toBe(200);
  }
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const ANA = { filters: [{ key: 'info.full_name', condition: 'contains', value: 'ana' }] };

const create = (session: Session, body: Record<string, unknown>) =>
  call<Extraction>(testApp.app, 'POST', '/api/v1/en/extraction/create', { token: session.token, body });

const findOne = (session: Session, id: string) =>
  call<Extraction>(testApp.app, 'GET', `/api/v1/en/extraction/search/${id}`, { token: session.token });

/** The extraction once the background job has finished it. */
const finished = async (session: Session, id: string): Promise<Extraction> => {
  let record: Extraction | undefined;
  await expect
    .poll(
      async () => {
        record = (await findOne(session, id)).body.data[0];
        return record?.status;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toMatch(/^(done|failed)$/);
  return record as Extraction;
};

const extract = async (body: Record<string, unknown>, session = owner) => {
  const answer = await create(session, body);
  expect(answer.status).toBe(200);
  return finished(session, (answer.body.data[0] as Extraction).id);
};

const download = (link: string) => testApp.app.inject({ method: 'GET', url: link });

describe('extractions', () => {
  it('answers at once queued, then writes the CSV of the filtered records, quoted as RFC 4180', async () => {
    const answer = await create(owner, {
      module: 'contact',
      ...ANA,
      sort: { key: 'info.full_name', order: 'asc' },
      columns: ['info.full_name', 'info.phone'],
    });
    expect(answer.status).toBe(200);
    const queued = answer.body.data[0] as Extraction;
    expect(queued).toMatchObject({ status: 'queued', url: null, format: 'csv', expires_in: 86_400 });
    expect(queued.created_by).toBe(owner.userId);

    const done = await finished(owner, queued.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 3 });
    const before = Date.now();
    expect(done.url).toMatch(
      new RegExp(`^/api/v1/en/extraction/download/${done.id}\\?exp=\\d+&sig=[\\w-]+$`),
    );
    const expiresAt = Date.parse(done.url_expires_at ?? '');
    expect(Math.abs(expiresAt - (before + 86_400_000))).toBeLessThan(5_000);
    expect(Number(new URL(done.url ?? '', url).searchParams.get('exp')) * 1000).toBe(expiresAt);

    const file = await download(done.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.body).toBe(
      'full_name,phone\r\n' +
        "'=Ana Formula,56911110003\r\n" +
        '"Ana ""La Jefa"" Soto",56911110001\r\n' +
        '"Ana, María",56911110002\r\n',
    );
    expect(done.size).toBe(file.rawPayload.length);

    const stored = await call<StorageFile>(testApp.app, 'GET', `/api/v1/en/storage/search/${done.file_id}`, {
      token: owner.token,
    });
    expect(stored.body.data[0]).toMatchObject({
      module: 'extraction',
      reference_id: done.id,
      size: done.size,
    });
  });

  it('writes an XLSX a spreadsheet reads back: the header, then one row per record', async () => {
    const done = await extract({
      module: 'contact',
      ...ANA,
      sort: { key: 'info.full_name', order: 'asc' },
      columns: ['info.phone', 'info.full_name'],
      format: 'xlsx',
    });
    const file = await download(done.url ?? '');
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows).toEqual([
      ['phone', 'full_name'],
      ['56911110003', '=Ana Formula'],
      ['56911110001', 'Ana "La Jefa" Soto'],
      ['56911110002', 'Ana, María'],
    ]);
  });

  it('tells the company its progress and, once, that it is done', async () => {
    const { seen } = await sockets.listen(url, owner.token);
    const answer = await create(owner, { module: 'contact', columns: ['info.full_name'] });
    const id = (answer.body.data[0] as Extraction).id;
    const ofThis = (action: string) =>
      seen.filter((n) => n.module === 'extraction' && n.action === action && n.ref === id);
    await expect.poll(() => ofThis('done').length, { timeout: 15_000 }).toBe(1);
    expect(ofThis('done')[0]?.data[0]).toMatchObject({ id, status: 'done', rows: 4 });
    expect(ofThis('progress').length).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ofThis('done')).toHaveLength(1);
    expect(ofThis('failed')).toHaveLength(0);
  });

  it('refuses an unknown column or filter key with 400 naming it, and stores nothing', async () => {
    const column = await create(owner, { module: 'contact', columns: ['info.full_name', 'nope'] });
    expect(column.status).toBe(400);
    expect(column.body.errors?.[0]?.path).toBe('columns.1');
    const filter = await create(owner, {
      module: 'contact',
      filters: [{ key: 'unknown', condition: 'equalto', value: 'x' }],
      columns: ['info.full_name'],
    });
    expect(filter.status).toBe(400);
    expect(filter.body.errors?.[0]?.path).toBe('filters.0.key');
    const module = await create(owner, { module: 'message', columns: ['body'] });
    expect(module.status).toBe(400);
    expect(module.body.errors?.[0]?.path).toBe('module');
    const short = await create(owner, { module: 'contact', columns: ['info.full_name'], expires_in: 4 });
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0]?.path).toBe('expires_in');
    const company = await signupCompany(testApp.app);
    await create(company, { module: 'contact', columns: ['nope'] });
    const listed = await call(testApp.app, 'POST', '/api/v1/en/extraction/search', {
      token: company.token,
      body: {},
    });
    expect(listed.body.pagination?.total).toBe(0);
  });

  it('a link past its exp, or with exp or sig changed, answers 404 and nothing of the file', async () => {
    const done = await extract({ module: 'contact', columns: ['info.full_name'], expires_in: 5 });
    const link = done.url ?? '';
    expect(Date.parse(done.url_expires_at ?? '') - Date.now()).toBeLessThanOrEqual(5_000);
    const exp = Number(new URL(link, url).searchParams.get('exp'));
    const tamperedExp = link.replace(/exp=\d+/, `exp=${exp + 3600}`);
    const tamperedSig = link.replace(/sig=([\w-])/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    const past = link.replace(/exp=\d+/, `exp=${Math.floor(Date.now() / 1000) - 1}`);
    for (const bad of [tamperedExp, tamperedSig, past]) {
      const answer = await download(bad);
      expect(answer.statusCode).toBe(404);
      expect((answer.json() as { status_codes: number }).status_codes).toBe(404);
    }
    expect((await download(link)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 1_000));
    const expired = await download(link);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).not.toContain('full_name');
  });

  it('deletes the record and its file: the link answers 404; there is no updateone', async () => {
    const done = await extract({ module: 'contact', columns: ['info.full_name'] });
    const removed = await call(testApp.app, 'DELETE', `/api/v1/en/extraction/deleteone/${done.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect((await download(done.url ?? '')).statusCode).toBe(404);
    expect((await findOne(owner, done.id)).status).toBe(404);
    const file = await call(testApp.app, 'GET', `/api/v1/en/storage/search/${done.file_id}`, {
      token: owner.token,
    });
    expect(file.status).toBe(404);
    const update = await call(testApp.app, 'PUT', `/api/v1/en/extraction/updateone/${done.id}`, {
      token: owner.token,
      body: {},
    });
    expect(update.status).toBe(404);
  });

  it('another company’s extraction answers 404 on every route', async () => {
    const done = await extract({ module: 'contact', columns: ['info.full_name'] }, other);
    expect((await findOne(owner, done.id)).status).toBe(404);
    const removed = await call(testApp.app, 'DELETE', `/api/v1/en/extraction/deleteone/${done.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(404);
    const listed = await call<Extraction>(testApp.app, 'POST', '/api/v1/en/extraction/search', {
      token: owner.token,
      body: {},
    });
    expect(listed.body.data.map((item) => item.id)).not.toContain(done.id);
    expect((await findOne(other, done.id)).status).toBe(200);
  });

  it('needs extraction.create and the module’s export key; search needs extraction.view', async () => {
    const staff = async (access: string[]) => {
      const email = `staff-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const created = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
        token: owner.token,
        body: { name: 'Staff Person', email, password: 'Staff#Pass2026', access },
      });
      expect(created.status).toBe(200);
      return login(testApp.app, email, 'Staff#Pass2026');
    };
    const body = { module: 'contact', columns: ['info.full_name'] };
    const withoutExport = await staff(['extraction.create', 'extraction.view', 'contact.view']);
    expect((await create(withoutExport, body)).status).toBe(403);
    const withoutCreate = await staff(['contact.export', 'contact.view', 'extraction.view']);
    expect((await create(withoutCreate, body)).status).toBe(403);
    const both = await staff(['extraction.create', 'contact.export', 'contact.view']);
    const made = await create(both, body);
    expect(made.status).toBe(200);
    const search = await call(testApp.app, 'POST', '/api/v1/en/extraction/search', {
      token: both.token,
      body: {},
    });
    expect(search.status).toBe(403);
    const id = (made.body.data[0] as Extraction).id;
    const remove = await call(testApp.app, 'DELETE', `/api/v1/en/extraction/deleteone/${id}`, {
      token: both.token,
    });
    expect(remove.status).toBe(403);
    await finished(owner, id);
  });

  it('deletes a file 7 days after it was done; the record stays, with url null', async () => {
    const done = await extract({ module: 'contact', columns: ['info.full_name'] });
    const recent = await extract({ module: 'contact', columns: ['info.phone'] });
    const db = testApp.app.database.db;
    await db
      .update(extractions)
      .set({ done_date: new Date(Date.now() - 7 * 86_400_000 - 60_000) })
      .where(eq(extractions.id, done.id));
    const { config } = testApp;
    const files = createLocalFileStore(join(config.dataDir, 'storage'), createUrlSigner(config.secretKey));
    expect(await sweepExpiredExtractions(db, createStoredFiles({ db, files }))).toBe(1);
    const kept = (await findOne(owner, done.id)).body.data[0];
    expect(kept).toMatchObject({
      id: done.id,
      status: 'done',
      url: null,
      url_expires_at: null,
      file_id: null,
    });
    expect((await download(done.url ?? '')).statusCode).toBe(404);
    expect((await findOne(owner, recent.id)).body.data[0]?.url).toMatch(
      /^\/api\/v1\/en\/extraction\/download\//,
    );
  });

  it('lists newest first, a done record with a freshly signed link on every answer', async () => {
    const listed = await call<Extraction>(testApp.app, 'POST', '/api/v1/en/extraction/search', {
      token: owner.token,
      body: {},
    });
    const dates = listed.body.data.map((item) => item.create_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const done = listed.body.data.find((item) => item.status === 'done');
    expect(done?.url).toMatch(/^\/api\/v1\/en\/extraction\/download\//);
  });
});
