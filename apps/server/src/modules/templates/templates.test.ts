import type { AuditEntry, Device, Template } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { createDevice, listen, metaSignature, postWebhook } from '../../test/channel-fixtures';
import { type FakeGraph, startFakeGraph } from '../../test/fakes/fake-graph';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

const TOKEN = 'EAAB-template-token-5678';
const APP_SECRET = 'template-app-secret';
const PHONE_ID = '206540352242922';
const WABA_ID = '202290129340398';

let testApp: TestApp;
let graph: FakeGraph;
let baseUrl: string;
let owner: Session;
let device: Device;
const sockets = createTestSockets();

beforeAll(async () => {
  graph = await startFakeGraph(TOKEN);
  testApp = await createTestApp({ graphApiUrl: graph.apiUrl, publicUrl: 'https://conversa.example' });
  baseUrl = await listen(testApp.app);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createDevice(testApp.app, owner, 'whatsapp', {
    phone_number_id: PHONE_ID,
    waba_id: WABA_ID,
    access_token: TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'verify-templates',
  });
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
  await graph?.close();
});

let counter = 0;
const uniqueName = (prefix: string) => {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
};

const createBody = (overrides: Record<string, unknown> = {}) => ({
  device_id: device.id,
  name: uniqueName('order_ready'),
  language: 'es_CL',
  category: 'UTILITY',
  header: 'Pedido {{1}}',
  header_example: 'A-1',
  body: 'Hola {{1}}, tu pedido {{2}} está listo.',
  body_examples: ['Ana', 'A-1'],
  footer: 'Gracias por tu compra',
  buttons: [{ type: 'QUICK_REPLY', text: 'Ok' }],
  ...overrides,
});

const create = (body: Record<string, unknown>, session = owner) =>
  call<Template>(testApp.app, 'POST', '/api/v1/en/template/create', { token: session.token, body });

const templateWebhook = (field: string, value: Record<string, unknown>) => {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: WABA_ID, time: Math.floor(Date.now() / 1000), changes: [{ field, value }] }],
  });
  return postWebhook(baseUrl, `/webhooks/whatsapp/${device.id}`, raw, {
    'x-hub-signature-256': metaSignature(raw, APP_SECRET),
  });
};

const readOne = async (id: string) =>
  (await call<Template>(testApp.app, 'GET', `/api/v1/en/template/search/${id}`, { token: owner.token })).body
    .data[0];

const auditOf = async (id: string) =>
  (
    await call<AuditEntry>(testApp.app, 'POST', '/api/v1/en/log/search', {
      token: owner.token,
      body: { filters: [{ key: 'record_id', condition: 'equalto', value: id }] },
    })
  ).body.data.map((row) => `${row.module}:${row.action}`);

describe('template management against the WhatsApp Cloud API', () => {
  it('submits a template to the device’s WhatsApp Business account and keeps it PENDING', async () => {
    const body = createBody();
    const answer = await create(body);
    expect(answer.status).toBe(200);
    const template = answer.body.data[0];
    expect(template).toMatchObject({
      device_id: device.id,
      name: body.name,
      language: 'es_CL',
      category: 'UTILITY',
      status: 'PENDING',
      quality: 'UNKNOWN',
      example: 'Hola {{1}}, tu pedido {{2}} está listo.',
    });
    const submitted = graph.received(
      (request) => request.method === 'POST' && request.path === `/v23.0/${WABA_ID}/message_templates`,
    );
    expect(submitted.at(-1)?.json).toEqual({
      name: body.name,
      language: 'es_CL',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}', example: { header_text: ['A-1'] } },
        {
          type: 'BODY',
          text: 'Hola {{1}}, tu pedido {{2}} está listo.',
          example: { body_text: [['Ana', 'A-1']] },
        },
        { type: 'FOOTER', text: 'Gracias por tu compra' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Ok' }] },
      ],
    });
    expect(await auditOf(String(template?.id))).toEqual(['template:create']);
  });

  it('applies the status and quality webhooks and announces each change', async () => {
    const template = (await create(createBody())).body.data[0] as Template;
    const providerId = String(graph.templates.get(WABA_ID)?.find((row) => row.name === template.name)?.id);
    const { seen } = await sockets.listen(baseUrl, owner.token);

    expect(
      await templateWebhook('message_template_status_update', {
        event: 'REJECTED',
        message_template_id: Number(providerId),
        message_template_name: template.name,
        message_template_language: 'es_CL',
        reason: 'INCORRECT_CATEGORY',
      }),
    ).toBe(200);
    expect(await readOne(template.id)).toMatchObject({ status: 'REJECTED', reason: 'INCORRECT_CATEGORY' });

    await templateWebhook('message_template_status_update', {
      event: 'APPROVED',
      message_template_id: Number(providerId),
      message_template_name: template.name,
      message_template_language: 'es_CL',
      reason: 'NONE',
    });
    await templateWebhook('message_template_quality_update', {
      previous_quality_score: 'UNKNOWN',
      new_quality_score: 'YELLOW',
      message_template_id: Number(providerId),
      message_template_name: template.name,
      message_template_language: 'es_CL',
    });
    expect(await readOne(template.id)).toMatchObject({ status: 'APPROVED', reason: '', quality: 'YELLOW' });

    await expect
      .poll(() =>
        seen
          .filter((notification) => notification.module === 'template' && notification.ref === template.id)
          .map((notification) => {
            const [data] = notification.data as Template[];
            return `${notification.action}:${data?.status}/${data?.quality}`;
          }),
      )
      .toEqual(['update:REJECTED/UNKNOWN', 'update:APPROVED/UNKNOWN', 'update:APPROVED/YELLOW']);
  });

  it('refuses a template change PostgreSQL cannot hold and keeps the template as it was', async () => {
    const template = (await create(createBody())).body.data[0] as Template;
    const providerId = String(graph.templates.get(WABA_ID)?.find((row) => row.name === template.name)?.id);
    const status = await templateWebhook('message_template_status_update', {
      event: 'REJECTED',
      message_template_id: providerId,
      message_template_name: template.name,
      message_template_language: 'es_CL',
      reason: 'bad\u0000reason',
    });
    expect(status).toBe(400);
    expect(await readOne(template.id)).toMatchObject({ status: 'PENDING', reason: '' });
  });

  it('copies the quality on synchronize', async () => {
    const template = (await create(createBody())).body.data[0] as Template;
    const stored = graph.templates.get(WABA_ID)?.find((row) => row.name === template.name);
    if (stored) Object.assign(stored, { status: 'APPROVED', quality_score: { score: 'RED' } });
    const synced = await call<Template>(testApp.app, 'GET', '/api/v1/en/template/synchronize', {
      token: owner.token,
    });
    expect(synced.status).toBe(200);
    expect(synced.body.data.find((row) => row.name === template.name)).toMatchObject({
      status: 'APPROVED',
      quality: 'RED',
    });
  });

  it('deletes at the provider by name, then here, with an audit row', async () => {
    const template = (await create(createBody())).body.data[0] as Template;
    const answer = await call(testApp.app, 'DELETE', `/api/v1/en/template/deleteone/${template.id}`, {
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    const deleted = graph.received(
      (request) => request.method === 'DELETE' && request.query.get('name') === template.name,
    );
    expect(deleted).toHaveLength(1);
    expect(graph.templates.get(WABA_ID)?.some((row) => row.name === template.name)).toBe(false);
    const gone = await call(testApp.app, 'GET', `/api/v1/en/template/search/${template.id}`, {
      token: owner.token,
    });
    expect(gone.status).toBe(404);
    expect(await auditOf(template.id)).toEqual(['template:delete', 'template:create']);
  });

  it('answers the provider’s refusal as 400 and its failure as 502, with its message', async () => {
    const body = createBody();
    expect((await create(body)).status).toBe(200);
    // The same name and language already here is refused before the provider is asked.
    expect((await create(body)).status).toBe(409);

    const atProviderOnly = createBody();
    graph.templates.set(WABA_ID, [
      ...(graph.templates.get(WABA_ID) ?? []),
      { id: '1', name: atProviderOnly.name, language: 'es_CL', status: 'APPROVED' },
    ]);
    const refused = await create(atProviderOnly);
    expect(refused.status).toBe(400);
    expect(refused.body.info).toBe(
      `WhatsApp refused it: Content in this language already exists for ${atProviderOnly.name}`,
    );

    graph.script(/message_templates$/, [
      { status: 500, json: { error: { message: 'An unknown error occurred', code: 1 } } },
    ]);
    const failed = await create(createBody());
    expect(failed.status).toBe(502);
    expect(failed.body.info).toBe('WhatsApp did not answer properly: An unknown error occurred');
  });

  describe('an edit', () => {
    const edit = (id: string, body: Record<string, unknown>, session = owner) =>
      call<Template>(testApp.app, 'PUT', `/api/v1/en/template/updateone/${id}`, {
        token: session.token,
        body,
      });
    const newContent = {
      body: 'Hola {{1}}, tu pedido ya salió.',
      body_examples: ['Ana'],
      footer: 'Gracias',
    };
    /** A created template the provider has reviewed: its status there and here, as the webhook brings it. */
    const reviewed = async (status: 'APPROVED' | 'REJECTED') => {
      const template = (await create(createBody())).body.data[0] as Template;
      const atProvider = graph.templates.get(WABA_ID)?.find((row) => row.name === template.name);
      if (!atProvider) throw new Error('not submitted');
      atProvider.status = status;
      await templateWebhook('message_template_status_update', {
        event: status,
        message_template_id: Number(atProvider.id),
        message_template_name: template.name,
        message_template_language: 'es_CL',
        reason: status === 'REJECTED' ? 'INCORRECT_CATEGORY' : 'NONE',
      });
      expect(await readOne(template.id)).toMatchObject({ status });
      return { template, providerId: String(atProvider.id) };
    };

    it('replaces an approved template’s content at the provider, in place, and it goes back to review', async () => {
      const { template, providerId } = await reviewed('APPROVED');
      const answer = await edit(template.id, newContent);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data[0]).toMatchObject({
        id: template.id,
        name: template.name,
        language: 'es_CL',
        category: 'UTILITY',
        status: 'PENDING',
        example: 'Hola {{1}}, tu pedido ya salió.',
      });
      const sent = graph.received(
        (request) => request.method === 'POST' && request.path === `/v23.0/${providerId}`,
      );
      expect(sent.map((request) => request.json)).toEqual([
        {
          components: [
            { type: 'BODY', text: 'Hola {{1}}, tu pedido ya salió.', example: { body_text: [['Ana']] } },
            { type: 'FOOTER', text: 'Gracias' },
          ],
        },
      ]);
      expect(await readOne(template.id)).toMatchObject({
        status: 'PENDING',
        example: answer.body.data[0]?.example,
      });
      expect(await auditOf(template.id)).toEqual(['template:update', 'template:create']);
    });

    it('changes the category of a rejected template, never of an approved one, and refuses one under review', async () => {
      const rejected = await reviewed('REJECTED');
      const recategorised = await edit(rejected.template.id, { ...newContent, category: 'MARKETING' });
      expect(recategorised.status, JSON.stringify(recategorised.body)).toBe(200);
      expect(recategorised.body.data[0]).toMatchObject({
        category: 'MARKETING',
        status: 'PENDING',
        reason: '',
      });

      const approved = await reviewed('APPROVED');
      const refused = await edit(approved.template.id, { ...newContent, category: 'MARKETING' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.map((issue) => issue.path)).toEqual(['category']);
      // Under review now: WhatsApp edits it no more until it answers.
      const pending = await edit(rejected.template.id, newContent);
      expect(pending.status).toBe(406);
      expect(
        graph.received(
          (request) => request.method === 'POST' && request.path === `/v23.0/${approved.providerId}`,
        ),
      ).toEqual([]);
      expect(await readOne(approved.template.id)).toMatchObject({ status: 'APPROVED', category: 'UTILITY' });
    });

    it('answers 403 without template.edit and 404 for another company’s template, changing nothing', async () => {
      const { template } = await reviewed('APPROVED');
      const viewer = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
      expect((await edit(template.id, newContent, viewer)).status).toBe(403);
      const other = await signupCompany(testApp.app);
      expect((await edit(template.id, newContent, other)).status).toBe(404);
      expect(await readOne(template.id)).toMatchObject({ status: 'APPROVED', example: template.example });
    });
  });

  it('names the field of a bad body', async () => {
    const fieldsOf = async (overrides: Record<string, unknown>) =>
      (await create(createBody(overrides))).body.errors?.map((issue) => issue.path);
    expect(await fieldsOf({ name: 'Order Ready' })).toEqual(['name']);
    expect(await fieldsOf({ body_examples: ['Ana'] })).toEqual(['body_examples.1']);
    expect(await fieldsOf({ body: '{{1}} llegó', body_examples: ['x'] })).toEqual(['body']);
    expect(await fieldsOf({ category: 'PROMO' })).toEqual(['category']);
    expect(await fieldsOf({ buttons: [{ type: 'URL', text: 'Ver', url: 'not a link' }] })).toEqual([
      'buttons.0.url',
    ]);
  });

  it('refuses a device that cannot have templates, another company’s, and callers without the permission', async () => {
    const sandbox = await createDevice(testApp.app, owner, 'sandbox', {});
    const notOfficial = await create(createBody({ device_id: sandbox.id }));
    expect(notOfficial.status).toBe(400);
    expect(notOfficial.body.errors?.map((issue) => issue.path)).toEqual(['device_id']);

    const other = await signupCompany(testApp.app);
    expect((await create(createBody(), other)).status).toBe(404);
    const mine = (await create(createBody())).body.data[0] as Template;
    const foreignDelete = await call(testApp.app, 'DELETE', `/api/v1/en/template/deleteone/${mine.id}`, {
      token: other.token,
    });
    expect(foreignDelete.status).toBe(404);
    expect(await readOne(mine.id)).toMatchObject({ id: mine.id });

    const viewer = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    expect((await create(createBody(), viewer)).status).toBe(403);
    const viewerDelete = await call(testApp.app, 'DELETE', `/api/v1/en/template/deleteone/${mine.id}`, {
      token: viewer.token,
    });
    expect(viewerDelete.status).toBe(403);
  });
});
