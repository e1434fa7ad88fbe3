import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Deal, ImportHistoryEntry, ImportJob, ImportJobReport, Pipeline } from '@conversa/domain';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from '../../core/crypto/secret-box';
import { contacts, leads, listDinamic } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { createEventBus } from '../../core/events';
import { createLocalFileStore } from '../../core/storage/file-store';
import { TINY_PNG } from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { contactImportTarget } from '../contacts/contacts.import';
import { createImportRunner } from './import-runner';
import { createImportsRepository } from './imports.repository';

let testApp: TestApp;
let url: string;
const sockets = createTestSockets();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

let phoneCounter = 0;
/** A Chilean mobile (569 and 8 digits) no other line of this file uses. */
const phone = () => {
  phoneCounter += 1;
  return `569${String(30_000_000 + phoneCounter)}`;
};

const multipart = (field: string, name: string, content: Buffer) => {
  const boundary = `----imports${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
};

const upload = async (
  session: Session,
  module: string,
  content: Buffer,
  name = 'file.csv',
  field = 'file',
) => {
  const form = multipart(field, name, content);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/v1/es/imports/${module}`,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': form.contentType },
    payload: form.payload,
  });
  const body = response.json() as {
    data: ImportJob[];
    info: string;
    errors?: { path: string; message: string }[];
  };
  return { status: response.statusCode, body, job: body.data[0] };
};

const report = (session: Session, id: string, locale = 'es') =>
  call<ImportJobReport>(testApp.app, 'GET', `/api/v1/${locale}/imports/search/${id}`, {
    token: session.token,
  });

/** Waits for the import to end, as the history screen would see it. */
const finished = async (session: Session, id: string, timeoutMs = 20_000): Promise<ImportJobReport> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = (await report(session, id)).body.data[0];
    if (job && (job.status === 'done' || job.status === 'failed')) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`import ${id} did not finish`);
};

const importFile = async (
  session: Session,
  module: string,
  content: Buffer,
  name?: string,
  timeoutMs?: number,
) => {
  const answer = await upload(session, module, content, name);
  expect(answer.status).toBe(200);
  return finished(session, answer.job?.id ?? '', timeoutMs);
};

const contactsOf = (session: Session, phones: string[]) =>
  testApp.app.database.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.client_id, session.clientId), inArray(contacts.phone, phones)));

const leadsOf = (session: Session) =>
  testApp.app.database.db.select().from(leads).where(eq(leads.client_id, session.clientId));

const xlsxOf = async (rows: unknown[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Hoja 1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

describe('importing contacts', () => {
  it('answers the queued import at once, then stores the good lines and reports the bad ones by line', async () => {
    const owner = await signupCompany(testApp.app);
    const [ana, luis, known] = [phone(), phone(), phone()];
    await call(testApp.app, 'POST', '/api/v1/es/contact/create', {
      token: owner.token,
      body: { name: 'Ya Existe', phone: known },
    });
    const vip = await call<{ id: string }>(testApp.app, 'POST', '/api/v1/es/listdinamic/create', {
      token: owner.token,
      body: { module: 'contact', field: 'tags', name: 'VIP', color: '#00aa00' },
    });
    const csv = [
      'Nombre;Teléfono;Correo;Etiquetas;Notas',
      `Ana Pérez;+${ana};ana@correo.cl;vip, Nueva;hola`,
      `"Soto; Luis";${luis};;;`,
      `Repetido Uno;${known};;;`,
      'Sin Teléfono;;;;',
      '',
      `Correo Malo;${phone()};no-es-correo;;`,
      `Ana Otra Vez;${ana};;;`,
    ].join('\n');

    const answer = await upload(owner, 'contact', Buffer.from(csv), 'contactos.csv');
    expect(answer.status).toBe(200);
    expect(answer.body.info).toBe('Importación iniciada: te avisaremos al terminar');
    expect(answer.job).toMatchObject({ module: 'contact', status: 'queued', filename: 'contactos.csv' });

    const job = await finished(owner, answer.job?.id ?? '');
    expect(job).toMatchObject({ status: 'done', total: 6, processed: 6, created: 2, skipped: 2, failed: 2 });
    expect(job.finished_at).not.toBeNull();
    expect(job.errors).toEqual([
      { line: 5, path: 'phone', message: 'Este campo es obligatorio' },
      { line: 7, path: 'email', message: 'Ingresa un correo electrónico válido' },
    ]);
    const english = (await report(owner, job.id, 'en')).body.data[0];
    expect(english?.errors[1]?.message).toBe('Enter a valid e-mail');

    const stored = await contactsOf(owner, [ana, luis, known]);
    const byPhone = new Map(stored.map((row) => [row.phone, row]));
    expect(byPhone.get(ana)).toMatchObject({ first_name: 'Ana', last_name: 'Pérez', email: 'ana@correo.cl' });
    expect(byPhone.get(luis)?.full_name).toBe('Soto; Luis');
    expect(byPhone.get(known)?.full_name).toBe('Ya Existe');
    // Tags are the company's list items: 'vip' is the existing VIP, 'Nueva' a new tag in the default colour.
    const tags = await testApp.app.database.db
      .select()
      .from(listDinamic)
      .where(and(eq(listDinamic.client_id, owner.clientId), eq(listDinamic.field, 'tags')));
    const nueva = tags.find((tag) => tag.name === 'Nueva');
    expect(nueva?.color).toBe('#f44336');
    expect(byPhone.get(ana)?.tags).toEqual([vip.body.data[0]?.id, nueva?.id]);

    const audit = await call<{ action: string; changes: Record<string, unknown> }>(
      testApp.app,
      'POST',
      '/api/v1/es/log/search',
      { token: owner.token, body: { filters: [{ key: 'record_id', condition: 'equalto', value: job.id }] } },
    );
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        action: 'import',
        module: 'contact',
        changes: expect.objectContaining({ created: [null, 2], skipped: [null, 2], failed: [null, 2] }),
      }),
    ]);
  });

  it('reads the first sheet of an XLSX file', async () => {
    const owner = await signupCompany(testApp.app);
    const camila = phone();
    const xlsx = await xlsxOf([
      ['First name', 'Last name', 'Phone', 'Country'],
      ['Camila', 'Rojas Díaz', Number(camila), 'CL'],
      ['Sin', 'Teléfono', '', 'CL'],
    ]);
    const sheetJob = await importFile(owner, 'contact', xlsx, 'contactos.xlsx');
    expect(sheetJob).toMatchObject({
      status: 'done',
      created: 1,
      failed: 1,
      errors: [{ line: 3, path: 'phone' }],
    });
    expect((await contactsOf(owner, [camila]))[0]).toMatchObject({
      first_name: 'Camila',
      last_name: 'Rojas Díaz',
    });
  });

  // 26 to 50 s measured on two cores shared with other test runs (load 12 to 18): the margin is for those.
  it('imports every line of a 50,000-line CSV', async () => {
    const owner = await signupCompany(testApp.app);
    const lines = ['name,phone'];
    for (let index = 0; index < 50_000; index += 1) lines.push(`Persona ${index},569${40_000_000 + index}`);
    const job = await importFile(owner, 'contact', Buffer.from(lines.join('\n')), 'grande.csv', 110_000);
    expect(job).toMatchObject({ status: 'done', total: 50_000, created: 50_000, failed: 0, errors: [] });
    expect(await testApp.app.database.db.$count(contacts, eq(contacts.client_id, owner.clientId))).toBe(
      50_000,
    );
  }, 120_000);

  it('refuses at once a file that is not a sheet, an empty one, one with no lines, and a missing one', async () => {
    const owner = await signupCompany(testApp.app);
    const image = await upload(owner, 'contact', TINY_PNG, 'foto.png');
    expect(image.status).toBe(400);
    expect(image.body.errors).toEqual([{ path: 'file', message: 'Sube un archivo CSV o XLSX' }]);
    const broken = await upload(
      owner,
      'contact',
      (await xlsxOf([['name'], ['Ana']])).subarray(0, 400),
      'a.xlsx',
    );
    expect(broken.status).toBe(400);
    for (const content of [Buffer.alloc(0), Buffer.from('nombre;telefono\n\n')]) {
      const empty = await upload(owner, 'contact', content);
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual([
        { path: 'file', message: 'El archivo no tiene filas para importar' },
      ]);
    }
    const otherField = await upload(
      owner,
      'contact',
      Buffer.from(`name,phone\nAna Pérez,${phone()}`),
      'a.csv',
      'attachment',
    );
    expect(otherField.status).toBe(400);
    const none = await call(testApp.app, 'POST', '/api/v1/es/imports/contact', {
      token: owner.token,
      body: {},
    });
    expect(none.status).toBe(400);
    const history = await call(testApp.app, 'POST', '/api/v1/es/imports/search', {
      token: owner.token,
      body: {},
    });
    expect(history.body.pagination?.total).toBe(0);
  });

  it('tells the starter, and only them, how the import goes', async () => {
    const owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const supervisor = await login(
      testApp.app,
      DEMO_LOGINS.supervisor.email,
      DEMO_LOGINS.supervisor.password,
    );
    const starter = await sockets.listen(url, owner.token);
    const colleague = await sockets.listen(url, supervisor.token);
    const lines = [
      'name,phone',
      ...Array.from({ length: 1200 }, (_, index) => `Cliente ${index},${phone()}`),
    ];
    const job = await importFile(owner, 'contact', Buffer.from(lines.join('\n')));
    await expect
      .poll(() => starter.seen.some((seen) => seen.module === 'import' && seen.action === 'done'))
      .toBe(true);

    const ofImport = starter.seen.filter((seen) => seen.module === 'import' && seen.ref === job.id);
    expect(ofImport.map((seen) => seen.action)).toContain('progress');
    expect(ofImport.at(-1)).toMatchObject({
      action: 'done',
      msg: 'Importación terminada',
      data: [expect.objectContaining({ id: job.id, status: 'done', created: 1200, errors: [] })],
    });
    // The module's open lists hear once that records came in.
    await expect
      .poll(() => colleague.seen.find((seen) => seen.module === 'contact' && seen.action === 'import'))
      .toMatchObject({ data: [{ id: job.id, created: 1200 }] });
    expect(colleague.seen.filter((seen) => seen.module === 'import')).toEqual([]);
  });
});

describe('the report of a file with many bad lines', () => {
  it('keeps the first 1,000 bad lines and counts them all', async () => {
    const owner = await signupCompany(testApp.app);
    const lines = ['name,phone', ...Array.from({ length: 1500 }, (_, index) => `Sin Teléfono ${index},`)];
    const job = await importFile(owner, 'contact', Buffer.from(lines.join('\n')));
    expect(job).toMatchObject({ status: 'done', processed: 1500, created: 0, failed: 1500 });
    expect(job.errors).toHaveLength(1000);
    expect(job.errors.at(-1)).toEqual({ line: 1001, path: 'phone', message: 'Este campo es obligatorio' });
  });
});

describe('importing leads', () => {
  it('stores the leads of an XLSX file, skipping phones some lead already has', async () => {
    const owner = await signupCompany(testApp.app);
    const [ana, luis] = [phone(), phone()];
    const xlsx = await xlsxOf([
      ['Nombre', 'Apellidos', 'Teléfono', 'Origen', 'Tags'],
      ['Ana', 'Pérez', ana, 'Feria', 'web'],
      ['Luis', 'Soto', luis, '', ''],
      ['Ana', 'Repetida', ana, '', ''],
      ['', 'Sin Nombre', phone(), '', ''],
    ]);
    // 'Nombre' alone is a whole name: a lead's first name comes from its first word.
    const first = await importFile(owner, 'lead', xlsx, 'leads.xlsx');
    expect(first).toMatchObject({ status: 'done', created: 2, skipped: 1, failed: 1 });
    expect(first.errors).toEqual([{ line: 5, path: 'first_name', message: 'Este campo es obligatorio' }]);
    const again = await importFile(owner, 'lead', Buffer.from(`first_name,phone\nLuis,${luis}\n`));
    expect(again).toMatchObject({ created: 0, skipped: 1 });
    const stored = await leadsOf(owner);
    expect(stored).toHaveLength(2);
    expect(stored.find((lead) => lead.phone === ana)).toMatchObject({
      first_name: 'Ana',
      last_name: 'Pérez',
      full_name: 'Ana Pérez',
      source: 'Feria',
    });
  });
});

describe('importing deals', () => {
  it('numbers the deals after the company’s, finds contacts by phone and stages by name, and reports bad lines', async () => {
    const owner = await signupCompany(testApp.app);
    const customer = phone();
    const created = await call<{ id: string }>(testApp.app, 'POST', '/api/v1/es/contact/create', {
      token: owner.token,
      body: { name: 'Ana Compradora', phone: customer },
    });
    const pipeline = (
      await call<Pipeline>(testApp.app, 'POST', '/api/v1/es/pipeline/search', {
        token: owner.token,
        body: {},
      })
    ).body.data[0] as Pipeline;
    const third = pipeline.stages[2] as Pipeline['stages'][number];
    const before = await call<Deal>(testApp.app, 'POST', '/api/v1/es/deal/create', {
      token: owner.token,
      body: { name: 'Antes del archivo' },
    });
    const csv = [
      'name,amount,currency,closing_date,tags,contact_phone,pipeline,stage',
      `Implantes,1500000,,2026-12-15,vip,${customer},${pipeline.name},${third.name.toUpperCase()}`,
      'Limpieza,45000.5,USD,,,,,',
      'Sin monto válido,mil,,,,,,',
      'Fecha mala,10,,2026-02-30,,,,',
    ].join('\n');
    const done = await importFile(owner, 'deal', Buffer.from(csv));
    expect(done).toMatchObject({ status: 'done', created: 2, skipped: 0, failed: 2 });
    expect(done.errors.map(({ line, path }) => ({ line, path }))).toEqual([
      { line: 4, path: 'amount' },
      { line: 5, path: 'closing_date' },
    ]);
    const deals = (
      await call<Deal>(testApp.app, 'POST', '/api/v1/es/deal/search', {
        token: owner.token,
        body: { sort: { key: 'numdeal', order: 'asc' } },
      })
    ).body.data as Deal[];
    expect(deals.map((deal) => [deal.numdeal, deal.name])).toEqual([
      [before.body.data[0]?.numdeal, 'Antes del archivo'],
      [2, 'Implantes'],
      [3, 'Limpieza'],
    ]);
    expect(deals[1]).toMatchObject({
      contact_id: created.body.data[0]?.id,
      pipeline_stage_id: third.id,
      amount: 1_500_000,
      currency: 'CLP',
      closing_date: '2026-12-15',
    });
    expect(deals[1]?.tags).toHaveLength(1);
    expect(deals[2]).toMatchObject({
      contact_id: '',
      pipeline_stage_id: pipeline.stages[0]?.id,
      amount: 45000.5,
    });
    // The next deal made by hand follows the imported ones.
    const after = await call<Deal>(testApp.app, 'POST', '/api/v1/es/deal/create', {
      token: owner.token,
      body: { name: 'Después' },
    });
    expect(after.body.data[0]?.numdeal).toBe(4);
  });
});

describe('the import history and samples', () => {
  it('lists the company’s imports newest first, filtered, and keeps each company to its own', async () => {
    const owner = await signupCompany(testApp.app);
    const contactJob = await importFile(owner, 'contact', Buffer.from(`name,phone\nAna Pérez,${phone()}`));
    const leadJob = await importFile(owner, 'lead', Buffer.from(`first_name,phone\nAna,${phone()}`));
    const all = await call<ImportHistoryEntry>(testApp.app, 'POST', '/api/v1/es/imports/search', {
      token: owner.token,
      body: {},
    });
    expect(all.body.data.map((job) => job.id)).toEqual([leadJob.id, contactJob.id]);
    expect(all.body.data[0]).toMatchObject({ user_id: owner.userId, user_name: 'Owner Person' });
    expect(all.body.data[0]).not.toHaveProperty('errors');
    const ofLeads = await call<ImportJob>(testApp.app, 'POST', '/api/v1/es/imports/search', {
      token: owner.token,
      body: {
        filters: [
          { key: 'module', condition: 'equalto', value: 'lead' },
          { key: 'status', condition: 'equalto', value: 'done' },
        ],
      },
    });
    expect(ofLeads.body.data.map((job) => job.id)).toEqual([leadJob.id]);
    const badKey = await call(testApp.app, 'POST', '/api/v1/es/imports/search', {
      token: owner.token,
      body: { filters: [{ key: 'errors', condition: 'notempty' }] },
    });
    expect(badKey.status).toBe(400);

    const other = await signupCompany(testApp.app);
    expect((await report(other, contactJob.id)).status).toBe(404);
    const theirs = await call<ImportJob>(testApp.app, 'POST', '/api/v1/es/imports/search', {
      token: other.token,
      body: {},
    });
    expect(theirs.body.data).toEqual([]);
    expect((await report(owner, 'not-an-id')).status).toBe(404);
  });

  it('needs the module’s import permission to import, and it or setting.view to read the history', async () => {
    const viewer = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    expect((await upload(viewer, 'contact', Buffer.from(`name,phone\nAna Pérez,${phone()}`))).status).toBe(
      403,
    );
    expect((await upload(viewer, 'lead', Buffer.from(`first_name,phone\nAna,${phone()}`))).status).toBe(403);
    const sample = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/es/imports/sample/contact',
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(sample.statusCode).toBe(403);
  });

  it('serves a sample file in both formats that imports as it is', async () => {
    const owner = await signupCompany(testApp.app);
    const csv = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/es/imports/sample/contact?format=csv',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="contact-import-sample.csv"');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'name,first_name,last_name,phone,email,document,country,tags',
    );
    expect(await importFile(owner, 'contact', csv.rawPayload)).toMatchObject({ created: 2, failed: 0 });

    const xlsx = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/es/imports/sample/lead?format=xlsx',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(await importFile(owner, 'lead', xlsx.rawPayload, 'sample.xlsx')).toMatchObject({
      created: 2,
      failed: 0,
    });
    const badFormat = await call(testApp.app, 'GET', '/api/v1/es/imports/sample/lead?format=pdf', {
      token: owner.token,
    });
    expect(badFormat.status).toBe(400);
  });
});

describe('an import run by its job', () => {
  /** A stored file and its import row, as imports/X leaves them, but not queued: the test runs the job. */
  const storedImport = async (lineCount: number) => {
    const owner = await signupCompany(testApp.app);
    const { app, config } = testApp;
    const files = createLocalFileStore(join(config.dataDir, 'storage'), createUrlSigner(config.secretKey));
    const phones = Array.from({ length: lineCount }, () => phone());
    const content = Buffer.from(
      ['name,phone', ...phones.map((number, index) => `Persona ${index},${number}`)].join('\n'),
    );
    const fileKey = await files.put(owner.clientId, { content, contentType: 'text/csv', filename: 'a.csv' });
    const job = await createImportsRepository(app.database.db).insert({
      client_id: owner.clientId,
      user_id: owner.userId,
      module: 'contact',
      filename: 'a.csv',
      file_key: fileKey,
    });
    const payload = { clientId: owner.clientId, jobId: job.id, ip: '127.0.0.1' };
    const deps = { db: app.database.db, events: createEventBus(app.log), files, batchSize: 100 };
    return { owner, phones, files, fileKey, job, payload, deps };
  };

  it('resumes after its last committed batch when a crash stopped it, and stores no line twice', async () => {
    const { owner, phones, files, fileKey, job, payload, deps } = await storedImport(250);
    let batches = 0;
    // The process dies while storing the second batch: its transaction never commits.
    const dying: typeof contactImportTarget = {
      ...contactImportTarget,
      insertBatch(tx, actor, inputs) {
        batches += 1;
        if (batches === 2) throw new Error('the process died');
        return contactImportTarget.insertBatch(tx, actor, inputs);
      },
    };
    await expect(createImportRunner({ ...deps, targets: [dying] }).run(payload)).rejects.toThrow(
      'the process died',
    );
    const halfway = (await report(owner, job.id)).body.data[0];
    expect(halfway).toMatchObject({ status: 'running', total: 250, processed: 100, created: 100 });

    expect(await createImportRunner({ ...deps, targets: [contactImportTarget] }).run(payload)).toBe('ended');
    expect(await finished(owner, job.id)).toMatchObject({
      status: 'done',
      processed: 250,
      created: 250,
      skipped: 0,
    });
    expect(await contactsOf(owner, phones)).toHaveLength(250);
    expect(await files.get(fileKey)).toBeUndefined();
  });

  it('goes on in further runs when one run has used its time, each after the last', async () => {
    const { owner, phones, job, payload, deps } = await storedImport(250);
    const runner = createImportRunner({ ...deps, targets: [contactImportTarget], sliceMs: 0 });
    const outcomes = [await runner.run(payload), await runner.run(payload), await runner.run(payload)];
    expect(outcomes).toEqual(['continues', 'continues', 'ended']);
    expect(await finished(owner, job.id)).toMatchObject({ status: 'done', processed: 250, created: 250 });
    expect(await contactsOf(owner, phones)).toHaveLength(250);
  });
});
