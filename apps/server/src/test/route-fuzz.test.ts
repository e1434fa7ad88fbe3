import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactByPhone,
  createSandboxDevice,
  deliver,
  newPhone,
  type SandboxDevice,
} from './messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from './test-app';

/**
 * The route walker: every operation of the published OpenAPI document (REST routes and webhooks) receives
 * the fuzz set in its path, query and body, and none of them may answer 500 or crash. Cases are generated
 * from each schema's properties, so a new route is walked without touching this file.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
  minLength?: number;
  minItems?: number;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const NUL = 'a\u0000b';
/** Half an emoji: a lone UTF-16 surrogate, which JSON carries as "\ud83d" and PostgreSQL's jsonb refuses. */
const HALF_EMOJI = 'a\ud83db';
const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
};
const deepArray = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
};

/** Values a field of any type receives in place of its valid one. */
const FIELD_VALUES: unknown[] = [
  NUL,
  { [NUL]: 'x' },
  [NUL],
  '0000-01-01',
  '275760-09-13T00:00:00.000Z',
  '2026-02-30',
  1e20,
  2147483648,
  1.5,
  -1,
  null,
  {},
  [{}],
  deep(40),
  Array.from({ length: 5000 }, (_, index) => index),
];

/** The routes declared `config.providerPayload`: a provider's body is never refused for its text. */
const PROVIDER_PAYLOADS = [
  'POST /webhooks/{provider}/{deviceId}',
  'POST /webhooks/payments/{provider}',
  'POST /billing/return/{provider}',
  'POST /webhooks/integrations/yeastar/{integrationId}',
  'POST /webhooks/integrations/calendly/{integrationId}',
];

/** The refusal of half an emoji, in the English of the API's routes and the Spanish of the others. */
const HALF_EMOJI_MESSAGES = {
  en: 'This field contains an incomplete character (a cut emoji or symbol)',
  es: 'Este campo contiene un carácter incompleto (un emoji o símbolo cortado)',
};

/** Values a path or query parameter receives (text in the URL). */
const URL_VALUES = [NUL, '1e20', '2147483648', '1.5', '275760-09-13', 'x'.repeat(2000)];

/** Whole bodies of the wrong shape. */
const BODY_VALUES: unknown[] = [undefined, [{}], 'text', 42, null, deep(64), deepArray(64)];

/** Filter keys a search body may name; unknown ones answer 400, the others reach the SQL builder. */
const FILTER_KEYS = [
  'name',
  'email',
  'info.full_name',
  'create_date',
  'last_message_at',
  'message.numpending',
  'price_clp',
  'tags',
  'owner',
  'active',
  'starred',
  'description',
  'status',
];
const FILTER_VALUES: unknown[] = [
  NUL,
  '0000-01-01',
  '275760-09-13',
  '2026-02-30',
  1e20,
  2147483648,
  1.5,
  8.64e15 + 1,
  'text',
];

/** A search route whose filter keys are probed before their values are fuzzed. */
type SearchRoute = {
  method: Method;
  url: string;
  bodyBase: unknown;
  headers: Record<string, string> | undefined;
};

type FuzzCase = {
  method: Method;
  url: string;
  label: string;
  /** The body field the case changes, by its path (`filters.0.value`). */
  field?: string;
  body?: unknown;
  payload?: Buffer;
  headers?: Record<string, string>;
};

const firstOf = (schema: JsonSchema): JsonSchema => schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;

/** A plausible valid value, so that a mutated field is not hidden behind another invalid one. */
const sample = (schema: JsonSchema, name: string, ids: Ids): unknown => {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) return sample(firstOf(schema), name, ids);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const value: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (schema.required?.includes(key)) value[key] = sample(property, key, ids);
    }
    return value;
  }
  if (type === 'array') {
    const count = schema.minItems ?? 0;
    return Array.from({ length: count }, () => sample(schema.items ?? {}, name, ids));
  }
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (name.includes('email')) return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
  if (name.includes('phone')) return '+56 9 8765 4321';
  if (name === 'password') return 'Fuzz#Pass2026';
  if (name === 'timezone') return 'America/Santiago';
  if (name === 'contact_id') return ids.contact;
  if (name === 'device_id') return ids.device;
  if (name === 'user_id') return ids.user;
  if (schema.pattern?.includes('#')) return '#123456';
  if (schema.pattern?.includes('0-9a-f]{32}')) return randomUUID().replaceAll('-', '');
  return 'Fuzz value';
};

/** Each property (nested ones by their path) replaced by each fuzz value, the others kept valid. */
const propertyCases = (
  schema: JsonSchema,
  base: unknown,
  path: string[],
  emit: (label: string, body: unknown, field?: string) => void,
  values: unknown[] = FIELD_VALUES,
) => {
  const object = firstOf(schema);
  if (!object.properties || typeof base !== 'object' || base === null || Array.isArray(base)) return;
  const record = base as Record<string, unknown>;
  for (const [key, property] of Object.entries(object.properties)) {
    const field = [...path, key].join('.');
    for (const value of values) emit(`${field}=${show(value)}`, { ...record, [key]: value }, field);
    propertyCases(
      property,
      record[key],
      [...path, key],
      (label, inner, innerField) => emit(label, { ...record, [key]: inner }, innerField),
      values,
    );
    const items = firstOf(property).items;
    if (items?.properties) {
      const item = sample(items, key, IDS_UNUSED);
      propertyCases(
        items,
        item,
        [...path, key, '0'],
        (label, inner, innerField) => emit(label, { ...record, [key]: [inner] }, innerField),
        values,
      );
    }
  }
  emit(`${path.join('.') || 'body'}+unknown key`, { ...record, unknown_key: 'x' });
};

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
};

type Ids = { contact: string; device: string; user: string; note: string; message: string; client: string };
const IDS_UNUSED: Ids = { contact: '', device: '', user: '', note: '', message: '', client: '' };

/** A real record of the owner's company for each path parameter, so the fuzz reaches the writes. */
const idFor = (path: string, name: string, method: Method, ids: Ids): string => {
  if (method === 'DELETE') return randomUUID();
  if (name === 'contactId') return ids.contact;
  if (name === 'clientId') return ids.client;
  if (name === 'userId') return ids.user;
  if (path.includes('/contact/')) return ids.contact;
  if (path.includes('/device/')) return ids.device;
  if (path.includes('/user/')) return ids.user;
  if (path.includes('/note/')) return ids.note;
  if (path.includes('/message/')) return ids.message;
  if (path.includes('/client/')) return ids.client;
  return randomUUID();
};

const multipart = (
  fields: [string, string][],
  files: number,
  content = 'hello',
  fileField = 'attachment',
): { payload: Buffer; type: string } => {
  const boundary = `fuzz${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (let index = 0; index < files; index += 1) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="f${index}.txt"\r\n` +
          `content-type: text/plain\r\n\r\n${content}\r\n`,
      ),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
};

const casesOf = (
  path: string,
  method: Method,
  operation: Operation,
  ids: Ids,
  webhook: SandboxDevice,
  searches: SearchRoute[],
  fieldValues: unknown[] = FIELD_VALUES,
): FuzzCase[] => {
  const parameters = operation.parameters ?? [];
  const pathValues: Record<string, string> = {};
  for (const parameter of parameters.filter((item) => item.in === 'path')) {
    if (parameter.name === 'locale') pathValues.locale = 'en';
    else if (parameter.name === 'provider') pathValues.provider = 'sandbox';
    else if (parameter.name === 'deviceId') pathValues.deviceId = webhook.id;
    else pathValues[parameter.name] = idFor(path, parameter.name, method, ids);
  }
  const urlOf = (values: Record<string, string>, query: Record<string, string> = {}) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
    const search = new URLSearchParams(query).toString();
    return search ? `${filled}?${search}` : filled;
  };
  const queryBase: Record<string, string> = {};
  for (const parameter of parameters.filter((item) => item.in === 'query')) {
    queryBase[parameter.name] = parameter.name === 'phone' ? '56987654321' : '1';
  }
  const headers = path.startsWith('/webhooks/') ? { 'x-sandbox-secret': webhook.secret } : undefined;
  const jsonBody = operation.requestBody?.content?.['application/json']?.schema;
  // Multipart routes read their parts themselves, so the document shows them without a body schema.
  const takesMultipart = method === 'POST' && !jsonBody && !path.startsWith('/webhooks/');
  const base = jsonBody
    ? sample(jsonBody, '', ids)
    : path.startsWith('/webhooks/')
      ? {
          from: { phone: '56911112222', name: 'Fuzz' },
          message: { id: randomUUID(), type: 'chat', body: 'hola' },
        }
      : undefined;
  const cases: FuzzCase[] = [];
  const add = (label: string, url: string, body: unknown = base, field?: string) =>
    cases.push({ method, url, label, body, ...(field ? { field } : {}), ...(headers ? { headers } : {}) });

  for (const name of Object.keys(pathValues).filter((item) => item !== 'locale' && item !== 'provider')) {
    for (const value of URL_VALUES)
      add(`path ${name}=${show(value)}`, urlOf({ ...pathValues, [name]: value }, queryBase));
  }
  for (const name of Object.keys(queryBase)) {
    for (const value of URL_VALUES)
      add(`query ${name}=${show(value)}`, urlOf(pathValues, { ...queryBase, [name]: value }));
  }
  const url = urlOf(pathValues, queryBase);
  if (method === 'POST' || method === 'PUT') {
    for (const value of BODY_VALUES) add(`body=${show(value)}`, url, value);
    const schema: JsonSchema =
      jsonBody ??
      (path.startsWith('/webhooks/')
        ? {
            type: 'object',
            properties: {
              from: { type: 'object', properties: { phone: {}, name: {} } },
              message: { type: 'object', properties: { id: {}, type: {}, body: {} } },
              status: { type: 'object', properties: { id: {}, status: {} } },
            },
          }
        : {
            type: 'object',
            properties: { type: {}, body: {}, device_id: {}, contact_id: {}, temp_id: {}, lat: {}, lng: {} },
          });
    const bodyBase = base ?? { type: 'chat', body: 'hola', device_id: ids.device, contact_id: ids.contact };
    propertyCases(schema, bodyBase, [], (label, body, field) => add(label, url, body, field), fieldValues);
    if (firstOf(schema).properties?.filters) {
      searches.push({ method, url, bodyBase, headers });
      add('sort by NUL key', url, { ...(bodyBase as object), sort: { key: NUL, order: 'asc' } });
    }
  }
  if (takesMultipart) {
    const valid: [string, string][] = [
      ['type', 'chat'],
      ['body', 'hola'],
      ['device_id', ids.device],
      ['contact_id', ids.contact],
    ];
    const variants: [string, ReturnType<typeof multipart>][] = [
      ['multipart NUL field', multipart([...valid.filter(([name]) => name !== 'body'), ['body', NUL]], 0)],
      ['multipart NUL field name', multipart([...valid, [NUL, 'x']], 0)],
      [
        'multipart 200 fields',
        multipart(
          Array.from({ length: 200 }, (_, index): [string, string] => [`f${index}`, 'x']),
          0,
        ),
      ],
      ['multipart 5 files', multipart(valid, 5)],
      [
        'multipart 25 fields then a file',
        multipart(
          Array.from({ length: 25 }, (_, index): [string, string] => [`f${index}`, 'x']),
          1,
        ),
      ],
      ['multipart without a boundary', { ...multipart(valid, 1), type: 'multipart/form-data' }],
      ['multipart no parts', multipart([], 0)],
      ['multipart file with NUL', multipart([], 1, 'name,phone\nAna\u0000 Pérez,+56 9 8765 1111\n')],
    ];
    for (const [label, { payload, type }] of variants) {
      cases.push({ method, url, label, payload, headers: { ...headers, 'content-type': type } });
    }
  }
  if (cases.length === 0) add('as is', url);
  return cases;
};

/** The keys a search route accepts (an unknown one answers 400 naming it), each with every extreme value. */
const filterCases = async (app: FastifyInstance, search: SearchRoute, token: string): Promise<FuzzCase[]> => {
  const cases: FuzzCase[] = [];
  const bodyWith = (key: string, condition: string, value: unknown) => ({
    ...(search.bodyBase as object),
    filters: [{ key, condition, value }],
  });
  for (const key of FILTER_KEYS) {
    const probe = { ...search, label: 'probe', body: bodyWith(key, 'notempty', null) };
    const answer = await send(app, probe, token, '10.8.0.1');
    if (answer.statusCode === 400) continue;
    for (const value of FILTER_VALUES) {
      for (const [condition, filterValue] of [
        ['equalto', value],
        ['contains', value],
        ['between', [value, value]],
      ] as const) {
        cases.push({
          method: search.method,
          url: search.url,
          label: `filters ${key} ${condition} ${show(value)}`,
          body: bodyWith(key, condition, filterValue),
          ...(search.headers ? { headers: search.headers } : {}),
        });
      }
    }
  }
  return cases;
};

let testApp: TestApp;
let owner: Session;
let master: Session;
let ids: Ids;
let webhookDevice: SandboxDevice;
let document: OpenApi;

const send = async (app: FastifyInstance, fuzz: FuzzCase, token: string, address: string) => {
  const response = await app.inject({
    method: fuzz.method,
    url: fuzz.url,
    remoteAddress: address,
    headers: { authorization: `Bearer ${token}`, ...fuzz.headers },
    ...(fuzz.payload
      ? { payload: fuzz.payload }
      : fuzz.body === undefined
        ? {}
        : {
            payload: JSON.stringify(fuzz.body),
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              ...fuzz.headers,
            },
          }),
  });
  return response;
};

beforeAll(async () => {
  testApp = await createTestApp();
  const app = testApp.app;
  owner = await signupCompany(app);
  master = await login(app, testApp.config.masterEmail, testApp.config.masterPassword);
  const device = await createSandboxDevice(app, owner.token);
  webhookDevice = await createSandboxDevice(app, owner.token);
  const phone = newPhone();
  await deliver(app, device, { phone, body: 'hola' });
  const contacts = await call<{ id: string }>(app, 'POST', '/api/v1/en/contact/search', {
    token: owner.token,
    body: {},
  });
  const contact = contacts.body.data[0]?.id ?? randomUUID();
  const note = await call<{ id: string }>(app, 'POST', '/api/v1/en/note/create', {
    token: owner.token,
    body: { description: 'fuzz', contact_id: contact },
  });
  const user = await call<{ id: string }>(app, 'POST', '/api/v1/en/user/create', {
    token: owner.token,
    body: {
      name: 'Fuzz Agent',
      email: `agent-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Agent#2026x',
    },
  });
  const messages = await call<{ id: string }>(app, 'POST', `/api/v1/en/message/contact/${contact}`, {
    token: owner.token,
    body: {},
  });
  ids = {
    contact,
    device: device.id,
    user: user.body.data[0]?.id ?? randomUUID(),
    note: note.body.data[0]?.id ?? randomUUID(),
    message: messages.body.data[0]?.id ?? randomUUID(),
    client: owner.clientId,
  };
  document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
}, 120_000);
afterAll(async () => {
  await testApp?.close();
});

describe('route walker', () => {
  it('the published document lists the REST routes and the webhooks', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths).toContain('/webhooks/{provider}/{deviceId}');
  });

  it('no route answers 500 or crashes on the fuzz set (NUL, extreme dates and numbers, deep objects, wrong types)', async () => {
    const app = testApp.app;
    const failures: string[] = [];
    let sent = 0;
    let counter = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [lower, operation] of Object.entries(methods)) {
        const method = lower.toUpperCase() as Method;
        // Logout ends the walker's session; blocking its company (the id it uses for a client) signs it out.
        if (path.endsWith('/logout') || path.endsWith('/client/block/{id}')) continue;
        const searches: SearchRoute[] = [];
        const cases = casesOf(path, method, operation, ids, webhookDevice, searches);
        let token = owner.token;
        const probe = await send(app, cases[0] as FuzzCase, token, '10.9.0.1');
        if (probe.statusCode === 403) token = master.token;
        for (const search of searches) cases.push(...(await filterCases(app, search, token)));
        for (const fuzz of cases) {
          counter += 1;
          const address = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
          sent += 1;
          try {
            const response = await send(app, fuzz, token, address);
            if (response.statusCode >= 500) {
              failures.push(`${fuzz.method} ${path} [${fuzz.label}] → ${response.statusCode}`);
            }
          } catch (error) {
            failures.push(`${fuzz.method} ${path} [${fuzz.label}] crashed: ${String(error)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
  }, 300_000);

  // A URL cannot carry half an emoji: percent-encoded invalid UTF-8 is never decoded into one. Bodies can.
  it('half an emoji (a lone surrogate) in any body field: 400 naming it where a person typed it, never 500', async () => {
    const app = testApp.app;
    const failures: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [lower, operation] of Object.entries(methods)) {
        const method = lower.toUpperCase() as Method;
        if (method !== 'POST' && method !== 'PUT') continue;
        if (path.endsWith('/logout') || path.endsWith('/client/block/{id}')) continue;
        const all = casesOf(path, method, operation, ids, webhookDevice, [], [HALF_EMOJI]);
        const cases = all.filter((fuzz) => fuzz.field !== undefined);
        // A body of no declared shape (z.unknown()) still gets one field.
        const whole = all.find((fuzz) => fuzz.label.startsWith('body='));
        if (cases.length === 0 && whole) cases.push({ ...whole, body: { text: HALF_EMOJI }, field: 'text' });
        const first = cases[0];
        if (!first) continue;
        let token = owner.token;
        if ((await send(app, first, token, '10.7.0.1')).statusCode === 403) token = master.token;
        const isProviderPayload = PROVIDER_PAYLOADS.includes(`${method} ${path}`);
        const message = HALF_EMOJI_MESSAGES[path.startsWith('/api/v1/{locale}/') ? 'en' : 'es'];
        for (const fuzz of cases) {
          sent += 1;
          const response = await send(app, fuzz, token, `10.7.${(sent >> 8) & 255}.${sent & 255}`);
          const errors = JSON.stringify(response.json().errors);
          const isRefused =
            response.statusCode === 400 && errors === JSON.stringify([{ path: fuzz.field, message }]);
          if (isProviderPayload ? response.statusCode >= 500 : !isRefused) {
            failures.push(`${method} ${path} [${fuzz.label}] → ${response.statusCode} ${errors}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(900);
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('input edges answer 400 naming the field', () => {
  const invalid = (path: string, message: string) => ({
    status_codes: 400,
    data: [],
    info: 'Invalid data',
    errors: [{ path, message }],
  });

  it('a NUL character in a body, a nested key, a query or a path parameter', async () => {
    const app = testApp.app;
    const nul = 'This field cannot contain the NUL character';
    const body = await call(app, 'POST', '/api/v1/en/note/create', {
      token: owner.token,
      body: { description: NUL, contact_id: ids.contact },
    });
    expect(body.status).toBe(400);
    expect(body.body).toEqual(invalid('description', nul));

    const filter = await call(app, 'POST', '/api/v1/en/contact/search', {
      token: owner.token,
      body: { filters: [{ key: 'info.full_name', condition: 'contains', value: NUL }] },
    });
    expect(filter.body).toEqual(invalid('filters.0.value', nul));

    const spanish = await call(app, 'POST', `/api/v1/es/user/updateone/${ids.user}`, {
      token: owner.token,
      body: { custom_views: { [NUL]: 1 } },
    });
    expect(spanish.body).toMatchObject({
      status_codes: 400,
      info: 'Datos inválidos',
      errors: [{ path: 'custom_views.a\\u0000b', message: 'Este campo no puede contener el carácter NUL' }],
    });

    const query = await call(
      app,
      'GET',
      `/webhooks/sandbox/${webhookDevice.id}/outbox?phone=${encodeURIComponent(NUL)}`,
      { headers: { 'x-sandbox-secret': webhookDevice.secret } },
    );
    // Webhook routes carry no locale: their texts are Spanish, the product's default.
    expect(query.body).toEqual({
      status_codes: 400,
      data: [],
      info: 'Datos inválidos',
      errors: [{ path: 'phone', message: 'Este campo no puede contener el carácter NUL' }],
    });

    const param = await call(app, 'GET', `/api/v1/en/contact/search/${encodeURIComponent(NUL)}`, {
      token: owner.token,
    });
    expect(param.body).toEqual(invalid('id', nul));
  });

  it('half an emoji (a lone surrogate) in a typed text, an export filter or a key', async () => {
    const app = testApp.app;
    const note = await call(app, 'POST', '/api/v1/en/note/create', {
      token: owner.token,
      body: { description: `Hola ${HALF_EMOJI}`, contact_id: ids.contact },
    });
    expect(note.body).toEqual(invalid('description', HALF_EMOJI_MESSAGES.en));

    const exported = await call(app, 'POST', '/api/v1/en/deal/export', {
      token: owner.token,
      body: { format: 'csv', filters: [{ key: 'name', condition: 'contains', value: HALF_EMOJI }] },
    });
    expect(exported.body).toEqual(invalid('filters.0.value', HALF_EMOJI_MESSAGES.en));

    const spanish = await call(app, 'POST', `/api/v1/es/user/updateone/${ids.user}`, {
      token: owner.token,
      body: { custom_views: { [HALF_EMOJI]: 1 } },
    });
    expect(spanish.body).toMatchObject({
      status_codes: 400,
      info: 'Datos inválidos',
      errors: [{ path: 'custom_views.a\\ud83db', message: HALF_EMOJI_MESSAGES.es }],
    });
  });

  it('a body nested deeper than 32 levels', async () => {
    const answer = await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${ids.device}`, {
      token: owner.token,
      body: { setting: { conect: { config: deep(40) } } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toBe('Nested too deeply');
    expect(answer.body.errors?.[0]?.path).toMatch(/^setting\.conect\.config(\.a)+$/);
  });

  it('dates PostgreSQL cannot store and numbers past an integer column, in search filters', async () => {
    const search = (key: string, condition: string, value: unknown) =>
      call(testApp.app, 'POST', '/api/v1/en/contact/search', {
        token: owner.token,
        body: { filters: [{ key, condition, value }] },
      });
    const badValue = invalid('filters.0.value', 'This value does not fit the field');
    for (const value of ['0000-01-01', '2026-02-30', '0000-06-01T10:00:00Z', -62198755200000]) {
      expect((await search('create_date', 'gte', value)).body).toEqual(badValue);
    }
    expect((await search('create_date', 'between', ['2026-01-01', '+275760-09-13'])).status).toBe(400);
    for (const value of [2147483648, 1e20, 1.5, '1e20']) {
      expect((await search('message.numpending', 'equalto', value)).body).toEqual(badValue);
    }
    expect((await search('message.numpending', 'lte', 2147483647)).status).toBe(200);
    expect((await search('create_date', 'lte', '9999-12-30')).status).toBe(200);
    expect((await search('create_date', 'lte', '9999-12-31')).body).toEqual(badValue);
  });

  it('a page past the integer range', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/contact/search', {
      token: owner.token,
      body: { page: 2147483648 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.path).toBe('page');
  });

  it('an unknown IANA time zone at sign-up; a real one is stored', async () => {
    for (const timezone of ['Mars/Olympus_Mons', '+05:00', 'America/Santiago; drop table']) {
      const answer = await call(testApp.app, 'POST', '/api/v1/en/signup', {
        body: {
          company: 'Zone Company',
          email: `zone-${randomUUID().slice(0, 8)}@example.com`,
          phone: '+56 9 1234 5678',
          timezone,
          quantityemple: 2,
          nameuser: 'Zone Owner',
          password: 'Company#2026',
        },
        remoteAddress: `10.77.0.${Math.floor(Math.random() * 250) + 1}`,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([{ path: 'timezone', message: 'Choose a valid time zone' }]);
    }
    const tokyo = await signupCompany(testApp.app, { timezone: 'Asia/Tokyo' });
    const chats = await call(testApp.app, 'POST', '/api/v1/en/contact/chats', {
      token: tokyo.token,
      body: { option: 'todayMsg' },
    });
    expect(chats.status).toBe(200);
  });

  it('more multipart fields or files than allowed answer 413 with their own text, whatever comes after', async () => {
    const fields = Array.from({ length: 25 }, (_, index): [string, string] => [`field${index}`, 'x']);
    const forms = [
      multipart(fields, 0),
      multipart([['type', 'document']], 3),
      // The limit is met while the file that follows is read.
      multipart(fields, 1),
      multipart(fields, 1, 'name,phone\nAna,+56 9 8765 1111\n', 'file'),
    ];
    for (const url of ['/api/v1/en/message/create', '/api/v1/en/imports/contact']) {
      for (const { payload, type } of forms) {
        const response = await testApp.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
          payload,
        });
        expect(response.json(), url).toEqual({
          status_codes: 413,
          data: [],
          info: 'The form has more fields or files than allowed',
        });
        expect(response.statusCode).toBe(413);
      }
    }
  });

  it('a multipart form without its boundary answers 400, not 500', async () => {
    for (const url of ['/api/v1/en/message/create', '/api/v1/en/imports/contact']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'multipart/form-data' },
        payload: multipart([['type', 'chat']], 1).payload,
      });
      expect(response.json(), url).toEqual({ status_codes: 400, data: [], info: 'Invalid data' });
    }
  });

  it('a NUL character in a multipart field of a message', async () => {
    const app = testApp.app;
    const phone = newPhone();
    await deliver(app, webhookDevice, { phone });
    const contact = await contactByPhone(app, owner.token, phone);
    expect(
      (await call(app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: owner.token })).status,
    ).toBe(200);
    const { payload, type } = multipart(
      [
        ['type', 'chat'],
        ['body', NUL],
        ['device_id', webhookDevice.id],
        ['contact_id', contact.id],
      ],
      0,
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/en/message/create',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('body', 'This field cannot contain the NUL character'));
  });

  it('a row of an imported file holding a NUL character is reported, the others stored', async () => {
    const { payload, type } = multipart(
      [],
      1,
      'name,phone\nAna\u0000 Pérez,+56 9 8765 1111\nLuis Soto,+56 9 8765 2222\n',
      'file',
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/imports/contact',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(200);
    const id = String(response.json().data[0].id);
    const report = async () =>
      (await call(testApp.app, 'GET', `/api/v1/en/imports/search/${id}`, { token: owner.token })).body
        .data[0];
    await expect.poll(report, { timeout: 10_000 }).toMatchObject({
      status: 'done',
      created: 1,
      failed: 1,
      errors: [{ line: 2, path: 'name', message: 'This field cannot contain the NUL character' }],
    });
  });

  it('a provider delivery keeps a NUL in its text but refuses one in a message id', async () => {
    const withText = await deliver(testApp.app, webhookDevice, {
      phone: newPhone(),
      body: 'Hola\u0000 mundo',
    });
    expect(withText.status).toBe(200);
    const withId = await deliver(testApp.app, webhookDevice, { phone: newPhone(), id: NUL });
    expect(withId.status).toBe(400);
    expect(withId.body.errors).toEqual([
      { path: 'id', message: 'Este campo no puede contener el carácter NUL' },
    ]);
  });
});
