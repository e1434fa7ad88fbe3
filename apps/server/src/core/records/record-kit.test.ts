import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  CONDITIONS_BY_FIELD_TYPE,
  CONTACT_FIELDS,
  type Condition,
  DEAL_FIELDS,
  LEAD_FIELDS,
  LIST_FIELD_PAIRS,
  type ListField,
  PAYMENT_FIELDS,
  type RecordField,
  TASK_FIELDS,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../modules/payments/payments.fixtures';
import { staffUser } from '../../test/company-fixture';
import { createSandboxDevice, deliver, newPhone, type SandboxDevice } from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { listDinamic } from '../db/schema';
import type { PublishedNotification } from '../realtime/realtime-events.repository';
import { valueAt } from './record-module';

/**
 * One walk of the record kit's routes for every module on it. A new module adds one entry to KIT_MODULES:
 * how to create one of its records, what an update and a bulk update change, and how to give every field
 * a value (so each filter condition can be tried on a real record).
 */

type ApiRecord = { id: string } & Record<string, unknown>;
type Fixture = { app: TestApp['app']; owner: Session; device: SandboxDevice; helper: Session };

type KitModule = {
  name: string;
  fields: readonly RecordField[];
  /** A valid create body for a record whose name holds `word`, on the kit's status (or deal stage) `column`. */
  createBody: (word: string, column: string) => Record<string, unknown>;
  /** Gives every field of a created record a value (a message, an assignee, a conversion…). */
  fill: (fixture: Fixture, record: ApiRecord) => Promise<void>;
  /** Records the module's records need before any is created (a payment's deal). */
  setup?: (fixture: Fixture) => Promise<void>;
  /** The key searched for the record's word. */
  nameKey: string;
  /** The kanban's default field, filled by createBody's `column`; null when no field groups the records. */
  kanbanKey: string | null;
  /** Whether the records carry tags (exported by their names). */
  hasTags: boolean;
  update: { body: Record<string, unknown>; expect: Record<string, unknown> };
  bulk: { update: Record<string, unknown>; expect: Record<string, unknown> };
  /** A text field of the create body, for the NUL and deep-object cases. */
  textBodyKey: string;
  /** The least `X/kanban` body a module's own board schema accepts (a deal's pipeline), for the unknown key. */
  kanbanBase?: Record<string, unknown>;
};

/** The statuses and tags the kit's bodies name: items of the owner's company's lists, made in beforeAll. */
const KIT_ITEM_NAMES: Record<ListField, readonly string[]> = {
  status_id: ['column-a', 'column-open', 'column-won', 'status-bulk'],
  tags: ['tag-kit', 'tag-bulk'],
};
const kitItems = LIST_FIELD_PAIRS.flatMap(({ module, field }) =>
  KIT_ITEM_NAMES[field].map((name) => ({ id: randomUUID(), module, field, name })),
);
const itemId = (module: string, field: ListField, name: string): string => {
  const item = kitItems.find((kit) => kit.module === module && kit.field === field && kit.name === name);
  if (!item) throw new Error(`no kit item ${module}.${field}.${name}`);
  return item.id;
};
const itemName = (id: unknown) => kitItems.find((kit) => kit.id === id)?.name ?? id;

const KIT_MODULES: KitModule[] = [
  {
    name: 'contact',
    fields: CONTACT_FIELDS,
    createBody: (word, column) => ({
      name: `Kit ${word}`,
      phone: newPhone(),
      email: `${word.toLowerCase()}@example.com`,
      document: `doc-${word}`,
      tags: [itemId('contact', 'tags', 'tag-kit')],
      stage: itemId('contact', 'status_id', column),
    }),
    async fill({ app, owner, device, helper }, record) {
      await deliver(app, device, { phone: String(valueAt(record, 'info.phone')) });
      const assigned = await call(app, 'PUT', '/api/v1/en/contact/updatemany', {
        token: owner.token,
        body: {
          ids: [record.id],
          update: { owner: [helper.userId], derivedto: helper.userId, starred: true },
        },
      });
      expect(assigned.status).toBe(200);
    },
    nameKey: 'info.full_name',
    kanbanKey: 'stage',
    hasTags: true,
    update: {
      body: { info: { first_name: 'Renamed', last_name: 'Person' }, starred: false },
      expect: { 'info.full_name': 'Renamed Person', starred: false },
    },
    bulk: {
      update: {
        stage: itemId('contact', 'status_id', 'status-bulk'),
        tags: [itemId('contact', 'tags', 'tag-bulk')],
      },
      expect: {
        stage: itemId('contact', 'status_id', 'status-bulk'),
        tags: [itemId('contact', 'tags', 'tag-bulk')],
      },
    },
    textBodyKey: 'name',
  },
  {
    name: 'lead',
    fields: LEAD_FIELDS,
    createBody: (word, column) => ({
      first_name: 'Kit',
      last_name: word,
      phone: newPhone(),
      email: `${word.toLowerCase()}@example.com`,
      document: `doc-${word}`,
      tags: [itemId('lead', 'tags', 'tag-kit')],
      status_id: itemId('lead', 'status_id', column),
      source: 'Web',
    }),
    async fill({ app, owner, helper }, record) {
      const owned = await call(app, 'PUT', `/api/v1/en/lead/updateone/${record.id}`, {
        token: owner.token,
        body: { owner: [helper.userId] },
      });
      expect(owned.status).toBe(200);
      const converted = await call(app, 'POST', `/api/v1/en/lead/convert/${record.id}`, {
        token: owner.token,
      });
      expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    },
    nameKey: 'full_name',
    kanbanKey: 'status_id',
    hasTags: true,
    update: {
      body: { first_name: 'Renamed', last_name: 'Person', source: 'Fair' },
      expect: { full_name: 'Renamed Person', source: 'Fair' },
    },
    bulk: {
      update: {
        status_id: itemId('lead', 'status_id', 'status-bulk'),
        tags: [itemId('lead', 'tags', 'tag-bulk')],
      },
      expect: {
        status_id: itemId('lead', 'status_id', 'status-bulk'),
        tags: [itemId('lead', 'tags', 'tag-bulk')],
      },
    },
    textBodyKey: 'first_name',
  },
  {
    name: 'payment',
    fields: PAYMENT_FIELDS,
    async setup({ app, owner }) {
      const contact = await call<{ id: string }>(app, 'POST', '/api/v1/en/contact/create', {
        token: owner.token,
        body: { name: 'Kit Payer', phone: newPhone() },
      });
      const deal = await insertDeal(app.database.db, owner.clientId, {
        name: 'Kit deal',
        amount: 10_000,
        contactId: contact.body.data[0]?.id ?? null,
      });
      paymentDealId = deal.id;
    },
    createBody: (word) => ({
      deal_id: paymentDealId,
      payment_date: '2026-03-10',
      payment_method: `Kit ${word}`,
      amount: 123.45,
      note: `Note ${word}`,
    }),
    // The deal (number, name, contact) and every field are set by the create.
    fill: async () => {},
    nameKey: 'payment_method',
    kanbanKey: null,
    hasTags: false,
    update: {
      body: { payment_method: 'Renamed method', amount: 99.5 },
      expect: { payment_method: 'Renamed method', amount: 99.5 },
    },
    bulk: { update: { payment_date: '2026-01-15' }, expect: { payment_date: '2026-01-15' } },
    textBodyKey: 'note',
  },
  {
    name: 'task',
    fields: TASK_FIELDS,
    async setup({ app, owner }) {
      const contact = await call<{ id: string }>(app, 'POST', '/api/v1/en/contact/create', {
        token: owner.token,
        body: { name: 'Kit Follow-up', phone: newPhone() },
      });
      taskContactId = contact.body.data[0]?.id ?? '';
    },
    createBody: (word, column) => ({
      title: `Kit ${word}`,
      description: `About ${word}`,
      priority: 'high',
      due_date: '2099-01-02T10:00:00.000Z',
      owner: [fixture.owner.userId],
      module: 'contact',
      contact_id: taskContactId,
      tags: [itemId('task', 'tags', 'tag-kit')],
      status_id: itemId('task', 'status_id', column),
      notify_enable: true,
      notify_before: '2099-01-01T08:00:00.000Z',
    }),
    // The participants, the reminder and every other filtered field are set by the create.
    fill: async () => {},
    nameKey: 'title',
    kanbanKey: 'status_id',
    hasTags: true,
    update: {
      body: { title: 'Renamed task', priority: 'low' },
      expect: { title: 'Renamed task', priority: 'low' },
    },
    bulk: {
      update: {
        status_id: itemId('task', 'status_id', 'status-bulk'),
        tags: [itemId('task', 'tags', 'tag-bulk')],
      },
      expect: {
        status_id: itemId('task', 'status_id', 'status-bulk'),
        tags: [itemId('task', 'tags', 'tag-bulk')],
      },
    },
    textBodyKey: 'title',
  },
  {
    name: 'deal',
    fields: DEAL_FIELDS,
    async setup({ app, owner }) {
      const answer = await call<{ id: string; stages: { id: string; name: string }[] }>(
        app,
        'POST',
        '/api/v1/en/pipeline/create',
        {
          token: owner.token,
          body: { name: 'Kit pipeline', stages: [{ name: 'column-a' }, { name: 'column-b' }] },
        },
      );
      dealPipeline.id = answer.body.data[0]?.id ?? '';
      for (const stage of answer.body.data[0]?.stages ?? []) dealPipeline.stages.set(stage.name, stage.id);
    },
    createBody: (word, column) => ({
      name: `Kit ${word}`,
      pipeline_id: dealPipeline.id,
      pipeline_stage_id: dealPipeline.stages.get(column) ?? column,
      amount: 1000,
      branch: `Branch ${word}`,
      tags: [itemId('deal', 'tags', 'tag-kit')],
      closing_date: '2026-05-01',
      expected_date: '2026-06-01',
    }),
    // A contact, an owner and a lost outcome with its reason: the fields a create leaves empty.
    async fill({ app, owner, helper }, record) {
      const contact = await call<{ id: string }>(app, 'POST', '/api/v1/en/contact/create', {
        token: owner.token,
        body: { name: 'Kit Buyer', phone: newPhone() },
      });
      const lost = await call(app, 'PUT', `/api/v1/en/deal/updateone/${record.id}`, {
        token: owner.token,
        body: {
          contact_id: contact.body.data[0]?.id,
          owner: [helper.userId],
          stage: 'lost',
          lost_reason: 'Too expensive',
        },
      });
      expect(lost.status, JSON.stringify(lost.body)).toBe(200);
    },
    nameKey: 'name',
    // Its board is a pipeline's (deal/kanban, deals.test.ts), not the kit's grouping.
    kanbanKey: null,
    hasTags: true,
    update: {
      body: { name: 'Renamed deal', amount: 2500 },
      expect: { name: 'Renamed deal', amount: 2500, balance: 2500 },
    },
    bulk: {
      update: { branch: 'Bulk branch', tags: [itemId('deal', 'tags', 'tag-bulk')] },
      expect: { branch: 'Bulk branch', tags: [itemId('deal', 'tags', 'tag-bulk')] },
    },
    textBodyKey: 'name',
    kanbanBase: { pipeline_id: 'any' },
  },
];

/** The kit's deal pipeline (setup): its id and its stages by name. */
const dealPipeline = { id: '', stages: new Map<string, string>() };

/** The contact the kit's tasks follow (setup). */
let taskContactId = '';

/** The deal the kit's payments are recorded on (setup). */
let paymentDealId = '';

let testApp: TestApp;
let fixture: Fixture;
let stranger: Session;
let outsider: Session;
let url: string;
const sockets = createTestSockets();
let seen: PublishedNotification[];
let counter = 0;

/** A word no other record of the test holds. */
const uniqueWord = (prefix: string) => {
  counter += 1;
  return `${prefix}${counter}x${Math.random().toString(36).slice(2, 6)}`;
};

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  const owner = await signupCompany(testApp.app);
  stranger = await signupCompany(testApp.app);
  await testApp.app.database.db
    .insert(listDinamic)
    .values(kitItems.map((item) => ({ ...item, client_id: owner.clientId })));
  const makeUser = (name: string, access: string[]) => staffUser(testApp.app, owner.clientId, name, access);
  // The helper is the owner and assignee records get; the outsider holds none of the kit's keys.
  const helper = await makeUser('Kit Helper', ['chat.view']);
  outsider = await makeUser('Kit Outsider', ['note.view']);
  fixture = { app: testApp.app, owner, helper, device: await createSandboxDevice(testApp.app, owner.token) };
  for (const module of KIT_MODULES) await module.setup?.(fixture);
  seen = (await sockets.listen(url, owner.token)).seen;
}, 60_000);
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const api = (module: KitModule, path: string) => `/api/v1/en/${module.name}/${path}`;

const create = async (module: KitModule, word: string, column = 'column-a'): Promise<ApiRecord> => {
  const answer = await call<ApiRecord>(fixture.app, 'POST', api(module, 'create'), {
    token: fixture.owner.token,
    body: module.createBody(word, column),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as ApiRecord;
};

const findOne = (module: KitModule, id: string, token = fixture.owner.token) =>
  call<ApiRecord>(fixture.app, 'GET', api(module, `search/${id}`), { token });

const search = (module: KitModule, body: Record<string, unknown>, token = fixture.owner.token) =>
  call<ApiRecord>(fixture.app, 'POST', api(module, 'search'), { token, body: { offset: 200, ...body } });

const byWord = (module: KitModule, word: string) => [
  { key: module.nameKey, condition: 'contains', value: word },
];

const auditRows = async (recordId: string) =>
  (
    (await testApp.app.database.db.execute(
      sql`select action, module, record_id, changes, user_id, ip from audit_logs
          where client_id = ${fixture.owner.clientId} and record_id = ${recordId} order by id`,
    )) as unknown as {
      rows: {
        action: string;
        module: string;
        changes: Record<string, [unknown, unknown]>;
        user_id: string;
      }[];
    }
  ).rows;

const notificationOf = (module: string, action: string, id: string) =>
  seen.find(
    (item) =>
      item.module === module &&
      item.action === action &&
      item.data.some((data) => (data as { id?: string }).id === id),
  );

const notified = (module: string, action: string, id: string) =>
  expect.poll(() => notificationOf(module, action, id)).toBeDefined();

/** A filter on the field that `record` matches (true) or not (false), for each condition its type offers. */
const probes = (
  field: RecordField,
  value: unknown,
): { condition: Condition; value: unknown; hit: boolean }[] => {
  const scalar = Array.isArray(value) ? value[0] : value;
  const text = String(scalar);
  const day = text.slice(0, 10);
  const compared = field.type === 'date' || field.type === 'datetime' ? day : scalar;
  const byCondition: Record<Condition, { value: unknown; hit: boolean }> = {
    equalto: { value: compared, hit: true },
    contains: { value: text.slice(1, -1).toUpperCase(), hit: true },
    in: { value: [scalar, 'none-of-these'], hit: true },
    empty: { value: '', hit: false },
    notempty: { value: '', hit: true },
    gte: { value: compared, hit: true },
    lte: { value: compared, hit: true },
    gt: { value: compared, hit: false },
    lt: { value: compared, hit: false },
    between: { value: [compared, compared], hit: true },
  };
  return CONDITIONS_BY_FIELD_TYPE[field.type].map((condition) => ({ condition, ...byCondition[condition] }));
};

/** Gives a record a tag of the company's list, which an export writes by its name. */
const tagFirst = async (module: KitModule, id: string) => {
  const [item] = await testApp.app.database.db
    .insert(listDinamic)
    .values({
      client_id: fixture.owner.clientId,
      module: module.name as 'lead',
      field: 'tags',
      name: 'Kit tag',
    })
    .returning();
  await call(fixture.app, 'PUT', api(module, 'updatemany'), {
    token: fixture.owner.token,
    body: { ids: [id], update: { tags: [item?.id] } },
  });
};

describe.each(KIT_MODULES)('the record kit on $name', (module) => {
  it('creates (audit row of every field, realtime create) and reads one back', async () => {
    const record = await create(module, uniqueWord('Create'));
    expect((await findOne(module, record.id)).body.data[0]).toEqual(record);
    const [audit] = await auditRows(record.id);
    expect(audit).toMatchObject({ action: 'create', module: module.name, user_id: fixture.owner.userId });
    for (const field of module.fields) {
      expect(audit?.changes[field.key] ?? [null, null]).toEqual([null, valueAt(record, field.key) ?? null]);
    }
    await notified(module.name, 'create', record.id);
    // The notification says what happened in the writer's language, as the create route's `info` did.
    const answer = await call<ApiRecord>(fixture.app, 'POST', api(module, 'create'), {
      token: fixture.owner.token,
      body: module.createBody(uniqueWord('Told'), 'column-a'),
    });
    const told = answer.body.data[0] as ApiRecord;
    await notified(module.name, 'create', told.id);
    expect(notificationOf(module.name, 'create', told.id)?.msg).toBe(answer.body.info);
  });

  it('searches with each condition each field offers', async () => {
    const word = uniqueWord('Probe');
    const created = await create(module, word);
    await module.fill(fixture, created);
    const record = (await findOne(module, created.id)).body.data[0] as ApiRecord;
    const failures: string[] = [];
    for (const field of module.fields.filter((item) => item.filter)) {
      const value = valueAt(record, field.key);
      expect(value, `${field.key} has a value`).not.toBeNull();
      for (const probe of probes(field, value)) {
        const answer = await search(module, {
          filters: [{ key: field.key, condition: probe.condition, value: probe.value }],
        });
        const found = answer.body.data.some((item) => item.id === record.id);
        if (answer.status !== 200 || found !== probe.hit) {
          failures.push(
            `${field.key} ${probe.condition} ${JSON.stringify(probe.value)} → ${answer.status} ${found}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('updates the changed fields only, with an audit row of before and after and a realtime update', async () => {
    const record = await create(module, uniqueWord('Update'));
    const answer = await call<ApiRecord>(fixture.app, 'PUT', api(module, `updateone/${record.id}`), {
      token: fixture.owner.token,
      body: module.update.body,
    });
    expect(answer.status).toBe(200);
    const updated = answer.body.data[0] as ApiRecord;
    for (const [key, value] of Object.entries(module.update.expect))
      expect(valueAt(updated, key)).toEqual(value);
    const audits = await auditRows(record.id);
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);
    const changes = audits[1]?.changes ?? {};
    for (const [key, value] of Object.entries(module.update.expect)) {
      if (valueAt(record, key) !== value) expect(changes[key]).toEqual([valueAt(record, key), value]);
    }
    expect(Object.keys(changes).every((key) => valueAt(record, key) !== valueAt(updated, key))).toBe(true);
    await notified(module.name, 'update', record.id);
    // The same values again change nothing: no audit row.
    await call(fixture.app, 'PUT', api(module, `updateone/${record.id}`), {
      token: fixture.owner.token,
      body: module.update.body,
    });
    expect(await auditRows(record.id)).toHaveLength(2);
  });

  it('updatemany and deletemany by ids and by the search body, each record audited, one notification', async () => {
    const word = uniqueWord('Bulk');
    const [first, second, third, fourth] = [
      await create(module, `${word}a`),
      await create(module, `${word}b`),
      await create(module, `${word}c`),
      await create(module, `${word}d`),
    ] as ApiRecord[];
    const byIds = await call(fixture.app, 'PUT', api(module, 'updatemany'), {
      token: fixture.owner.token,
      body: { ids: [first?.id, second?.id], update: module.bulk.update },
    });
    expect(byIds.body.data).toEqual([{ updated: 2 }]);
    const byFind = await call(fixture.app, 'PUT', api(module, 'updatemany'), {
      token: fixture.owner.token,
      body: { find: { filters: byWord(module, word) }, update: module.bulk.update },
    });
    // The first two already hold the values: only the other two change.
    expect(byFind.body.data).toEqual([{ updated: 2 }]);
    for (const record of [first, second, third, fourth] as ApiRecord[]) {
      const stored = (await findOne(module, record.id)).body.data[0];
      for (const [key, value] of Object.entries(module.bulk.expect))
        expect(valueAt(stored, key)).toEqual(value);
      expect((await auditRows(record.id)).map((row) => row.action)).toEqual(['create', 'update']);
    }
    await notified(module.name, 'updatemany', third?.id ?? '');

    const deleteByIds = await call(fixture.app, 'PUT', api(module, 'deletemany'), {
      token: fixture.owner.token,
      body: { ids: [first?.id] },
    });
    expect(deleteByIds.body.data).toEqual([{ deleted: 1 }]);
    const deleteByFind = await call(fixture.app, 'PUT', api(module, 'deletemany'), {
      token: fixture.owner.token,
      body: { find: { filters: byWord(module, word) } },
    });
    expect(deleteByFind.body.data).toEqual([{ deleted: 3 }]);
    for (const record of [first, second, third, fourth] as ApiRecord[]) {
      expect((await findOne(module, record.id)).status).toBe(404);
      const audits = await auditRows(record.id);
      expect(audits.at(-1)).toMatchObject({ action: 'delete' });
      expect(audits.at(-1)?.changes[module.nameKey]?.[1]).toBeNull();
    }
    await notified(module.name, 'delete', fourth?.id ?? '');
    const neither = await call(fixture.app, 'PUT', api(module, 'deletemany'), {
      token: fixture.owner.token,
      body: {},
    });
    expect(neither.status).toBe(400);
    expect(neither.body.errors?.[0]?.path).toBe('ids');
  });

  it('deletes one record (audit row with its values, realtime delete)', async () => {
    const record = await create(module, uniqueWord('Delete'));
    const answer = await call(fixture.app, 'DELETE', api(module, `deleteone/${record.id}`), {
      token: fixture.owner.token,
    });
    expect(answer.status).toBe(200);
    expect((await findOne(module, record.id)).status).toBe(404);
    const audit = (await auditRows(record.id)).at(-1);
    expect(audit).toMatchObject({ action: 'delete' });
    expect(audit?.changes[module.nameKey]).toEqual([valueAt(record, module.nameKey), null]);
    await notified(module.name, 'delete', record.id);
  });

  it('exports the matching records as CSV and XLSX, with the names of tags and an audit row', async () => {
    const word = uniqueWord('Export');
    const [first, second] = [await create(module, `${word}a`), await create(module, `${word}b`)];
    const columns = module.hasTags ? [module.nameKey, 'tags'] : [module.nameKey];
    if (module.hasTags) await tagFirst(module, first?.id ?? '');
    const exported = async (format: string) => {
      const response = await fixture.app.inject({
        method: 'POST',
        url: api(module, 'export'),
        headers: { authorization: `Bearer ${fixture.owner.token}` },
        payload: {
          format,
          filters: byWord(module, word),
          sort: { key: module.nameKey, order: 'asc' },
          columns,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${module.name}s.${format}"`,
      );
      return response;
    };
    const header = columns.map((key) => key.split('.').at(-1));
    const tagsOf = (names: string) => (module.hasTags ? [names] : []);
    const expected = [
      header,
      [valueAt(first, module.nameKey), ...tagsOf('Kit tag')],
      [valueAt(second, module.nameKey), ...tagsOf('tag-kit')],
    ];

    const csv = await exported('csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      csv.body
        .trim()
        .split('\r\n')
        .map((line) => line.split(',')),
    ).toEqual(expected);

    const xlsx = await exported('xlsx');
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows).toEqual(expected);

    const audits = (
      (await testApp.app.database.db.execute(
        sql`select changes from audit_logs where client_id = ${fixture.owner.clientId} and action = 'export'
            and module = ${module.name} order by id`,
      )) as unknown as { rows: { changes: Record<string, [unknown, unknown]> }[] }
    ).rows;
    expect(audits.at(-1)?.changes.format).toEqual([null, 'xlsx']);
    expect(audits.at(-1)?.changes.columns).toEqual([null, columns]);
  });

  it("answers 404 for another company's records and for ids that are not uuids, changing nothing", async () => {
    const record = await create(module, uniqueWord('Tenant'));
    const token = stranger.token;
    for (const id of [record.id, 'not-a-uuid']) {
      expect((await findOne(module, id, token)).status).toBe(404);
      expect(
        (await call(fixture.app, 'PUT', api(module, `updateone/${id}`), { token, body: module.update.body }))
          .status,
      ).toBe(404);
      expect((await call(fixture.app, 'DELETE', api(module, `deleteone/${id}`), { token })).status).toBe(404);
      expect(
        (
          await call(fixture.app, 'PUT', api(module, 'updatemany'), {
            token,
            body: { ids: [id], update: module.bulk.update },
          })
        ).status,
      ).toBe(404);
      expect(
        (await call(fixture.app, 'PUT', api(module, 'deletemany'), { token, body: { ids: [id] } })).status,
      ).toBe(404);
    }
    // A search by the other company's filters finds nothing of ours, and bulk by find touches nothing of ours.
    const theirs = await call(fixture.app, 'PUT', api(module, 'deletemany'), { token, body: { find: {} } });
    expect(theirs.body.data).toEqual([{ deleted: 0 }]);
    expect((await findOne(module, record.id)).body.data[0]).toEqual(record);
    expect(await auditRows(record.id)).toHaveLength(1);
  });

  it('answers 403 to a user without the module’s permissions', async () => {
    const record = await create(module, uniqueWord('Forbidden'));
    const token = outsider.token;
    const routes: [string, string, unknown][] = [
      ['POST', 'search', {}],
      ['GET', `search/${record.id}`, undefined],
      ['POST', 'create', module.createBody('Nobody', 'column-a')],
      ['PUT', `updateone/${record.id}`, module.update.body],
      ['DELETE', `deleteone/${record.id}`, undefined],
      ['POST', 'export', {}],
      ['POST', 'kanban', {}],
      ['PUT', 'updatemany', { ids: [record.id], update: module.bulk.update }],
      ['PUT', 'deletemany', { ids: [record.id] }],
    ];
    for (const [method, path, body] of routes) {
      const answer = await call(fixture.app, method as 'POST', api(module, path), { token, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect((await findOne(module, record.id)).body.data[0]).toEqual(record);
  });

  it('answers 400 naming the field for unknown keys, impossible dates and numbers, NUL and deep objects', async () => {
    const nul = 'a\u0000b';
    let deep: unknown = 'bottom';
    for (let level = 0; level < 40; level += 1) deep = { a: deep };
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        'search',
        { filters: [{ key: 'unknown_key', condition: 'equalto', value: 'x' }] },
        'filters.0.key',
      ],
      [
        'POST',
        'search',
        { filters: [{ key: 'create_date', condition: 'gte', value: '0000-01-01' }] },
        'filters.0.value',
      ],
      [
        'POST',
        'search',
        { filters: [{ key: 'create_date', condition: 'lte', value: '275760-09-13' }] },
        'filters.0.value',
      ],
      ['POST', 'search', { page: 2147483648 }, 'page'],
      [
        'POST',
        'search',
        { filters: [{ key: module.nameKey, condition: 'contains', value: nul }] },
        'filters.0.value',
      ],
      ['POST', 'export', { columns: [module.nameKey, 'unknown_key'] }, 'columns.1'],
      ['POST', 'kanban', { ...module.kanbanBase, field: 'unknown_key' }, 'field'],
      ['PUT', 'updatemany', { ids: ['x'], update: { unknown_key: 'x' } }, 'update.unknown_key'],
      ['POST', 'create', { ...module.createBody('Extra', 'column-a'), unknown_key: 1 }, 'unknown_key'],
      [
        'POST',
        'create',
        { ...module.createBody('Nul', 'column-a'), [module.textBodyKey]: nul },
        module.textBodyKey,
      ],
      [
        'POST',
        'create',
        { ...module.createBody('Deep', 'column-a'), [module.textBodyKey]: deep },
        module.textBodyKey,
      ],
    ];
    for (const number of module.fields.filter((field) => field.type === 'number')) {
      cases.push([
        'POST',
        'search',
        { filters: [{ key: number.key, condition: 'equalto', value: 2147483648 }] },
        'filters.0.value',
      ]);
    }
    for (const [method, path, body, field] of cases) {
      const answer = await call(fixture.app, method as 'POST', api(module, path), {
        token: fixture.owner.token,
        body,
      });
      expect(answer.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(
        answer.body.errors?.[0]?.path.startsWith(field),
        `${answer.body.errors?.[0]?.path} names ${field}`,
      ).toBe(true);
    }
  });
});

/** Modules whose records carry dynamic-list items (tags, a status), and those fields. */
const LIST_KIT_MODULES = KIT_MODULES.map((module) => ({
  module,
  listFields: module.fields.filter((field) => field.list !== undefined),
})).filter(({ listFields }) => listFields.length > 0);

describe.each(LIST_KIT_MODULES)('the list items of $module.name records', ({ module, listFields }) => {
  it("answers 400 naming the value for another company's, an unknown or another list's item; its own are taken", async () => {
    const record = await create(module, uniqueWord('Lists'));
    const theirs = async (list: ListField) => {
      const answer = await call<{ id: string }>(fixture.app, 'POST', '/api/v1/en/listdinamic/create', {
        token: stranger.token,
        body: { module: module.name, field: list, name: uniqueWord('Theirs') },
      });
      expect(answer.status).toBe(200);
      return answer.body.data[0]?.id ?? '';
    };
    /** The kit's own item of a list that the record does not carry yet. */
    const ownOf = (owner: string, list: ListField) =>
      itemId(owner, list, list === 'tags' ? 'tag-bulk' : 'status-bulk');
    const failures: string[] = [];
    for (const field of listFields) {
      const list = field.list as ListField;
      // A tag where a status goes (or the reverse), else the same list of another module.
      const otherList =
        LIST_FIELD_PAIRS.find((pair) => pair.module === module.name && pair.field !== list) ??
        LIST_FIELD_PAIRS.find((pair) => pair.module !== module.name && pair.field === list);
      const wrong: [string, string][] = [
        ["another company's", await theirs(list)],
        ['an unknown', '00000000-0000-4000-8000-000000000000'],
        ['a non-uuid', 'vip'],
        ["another list's", ownOf(otherList?.module ?? '', otherList?.field ?? list)],
      ];
      // In a list of tags the wrong one comes after one of the company's own, and is named by its index.
      const given = (id: string) => (field.type === 'tags' ? [ownOf(module.name, list), id] : id);
      const path = field.type === 'tags' ? `${field.key}.1` : field.key;
      for (const [label, id] of wrong) {
        const writes: [string, string, Record<string, unknown>, string][] = [
          [
            'POST',
            'create',
            { ...module.createBody(uniqueWord('Wrong'), 'column-a'), [field.key]: given(id) },
            path,
          ],
          ['PUT', `updateone/${record.id}`, { [field.key]: given(id) }, path],
          ['PUT', 'updatemany', { ids: [record.id], update: { [field.key]: given(id) } }, `update.${path}`],
        ];
        for (const [method, route, body, named] of writes) {
          const answer = await call(fixture.app, method as 'POST', api(module, route), {
            token: fixture.owner.token,
            body,
          });
          const expected = [
            { path: named, message: "This is not one of the company's items for this field" },
          ];
          if (answer.status !== 400 || JSON.stringify(answer.body.errors) !== JSON.stringify(expected)) {
            failures.push(
              `${route} ${field.key}: ${label} → ${answer.status} ${JSON.stringify(answer.body)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect((await findOne(module, record.id)).body.data[0]).toEqual(record);

    for (const field of listFields) {
      const own = ownOf(module.name, field.list as ListField);
      const value = field.type === 'tags' ? [own] : own;
      const taken = await call<ApiRecord>(fixture.app, 'PUT', api(module, `updateone/${record.id}`), {
        token: fixture.owner.token,
        body: { [field.key]: value },
      });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      expect(valueAt(taken.body.data[0], field.key)).toEqual(value);
    }
  });
});

/** Modules with a field that groups their records (a payment's method is free text: none). */
const BOARD_MODULES = KIT_MODULES.filter((module) => module.kanbanKey !== null);

describe.each(BOARD_MODULES)('the record kit’s board on $name', (module) => {
  it('groups the matching records by the kanban field: a count and the first page of each column', async () => {
    const word = uniqueWord('Kanban');
    for (const [suffix, column] of [
      ['a', 'column-open'],
      ['b', 'column-open'],
      ['c', 'column-open'],
      ['d', 'column-won'],
    ]) {
      await create(module, `${word}${suffix}`, column);
    }
    const answer = await call<{ column: string; count: number; items: ApiRecord[] }>(
      fixture.app,
      'POST',
      api(module, 'kanban'),
      { token: fixture.owner.token, body: { offset: 2, filters: byWord(module, word) } },
    );
    expect(answer.status).toBe(200);
    const columns = answer.body.data.map((group) => [
      itemName(group.column),
      group.count,
      group.items.length,
    ]);
    expect(columns.sort()).toEqual([
      ['column-open', 3, 2],
      ['column-won', 1, 1],
    ]);
    expect(answer.body.pagination?.total).toBe(4);
    for (const group of answer.body.data) {
      for (const item of group.items) expect(valueAt(item, module.kanbanKey ?? '')).toBe(group.column);
    }
    const byTags = await call(fixture.app, 'POST', api(module, 'kanban'), {
      token: fixture.owner.token,
      body: { field: 'tags' },
    });
    expect(byTags.body.errors).toEqual([
      { path: 'field', message: 'Records cannot be grouped by this field' },
    ]);
  });
});
