import type { Device, Message, Template } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  contactsWithPhone,
  createDevice,
  listen,
  postWebhook,
  sendFile,
  sendText,
  storedMessage,
  storedMessageById,
  storedMessages,
  takeConversation,
} from '../../test/channel-fixtures';
import { type Fake360dialog, startFake360dialog } from '../../test/fakes/fake-360dialog';
import { newPhone, TINY_PNG } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

const KEY = 'd360-api-key-0001';
const PUBLIC_URL = 'https://conversa.example';

let testApp: TestApp;
let d360: Fake360dialog;
let baseUrl: string;
let owner: Session;
let device: Device;

/** The headers 360dialog was told to send with the deliveries of a device. */
const proofOf = (deviceId: string) => d360.webhooks.get(`${PUBLIC_URL}/webhooks/dialog360/${deviceId}`) ?? {};

beforeAll(async () => {
  d360 = await startFake360dialog(KEY);
  testApp = await createTestApp({
    d360ApiUrl: d360.url,
    publicUrl: PUBLIC_URL,
    outboundAllowHosts: [new URL(d360.url).host],
  });
  baseUrl = await listen(testApp.app);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createDevice(testApp.app, owner, 'dialog360', { api_key: KEY });
});
afterAll(async () => {
  await testApp?.close();
  await d360?.close();
});

let counter = 0;
const wamid = () => {
  counter += 1;
  return `wamid.IN${Date.now()}${counter}`;
};

/** The Cloud API payload, as 360dialog forwards it unchanged. */
const payload = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550100', phone_number_id: '106540352242922' },
            ...value,
          },
        },
      ],
    },
  ],
});

const inbound = (phone: string, message: Record<string, unknown>) => {
  const id = wamid();
  const body = payload({
    contacts: [{ profile: { name: 'Ana Pérez' }, wa_id: phone }],
    messages: [{ from: phone, id, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
  });
  return { id, body };
};

const deliver = (body: unknown, headers = proofOf(device.id), deviceId = device.id) =>
  postWebhook(baseUrl, `/webhooks/dialog360/${deviceId}`, JSON.stringify(body), headers);

const settled = (messageId: string) =>
  expect
    .poll(async () => (await storedMessageById(testApp.app, messageId))?.status, { timeout: 15_000 })
    .not.toBe('queue');

const conversation = async () => {
  const phone = newPhone();
  expect(await deliver(inbound(phone, { type: 'text', text: { body: 'Hola' } }).body)).toBe(200);
  return { phone, contact: await takeConversation(testApp.app, owner, phone) };
};

const sendToNewContact = async (body: string) => {
  const { phone, contact } = await conversation();
  const message = await sendText(testApp.app, owner, { device_id: device.id, contact_id: contact.id, body });
  await settled(message.id);
  return { phone, contact, message: await storedMessageById(testApp.app, message.id) };
};

describe('360dialog devices', () => {
  it('registers its webhook with a generated secret header on connect, kept on reconnect, never shown', async () => {
    expect(device).toMatchObject({
      status: 'connected',
      mode: 'official',
      setting: {
        conect: { type: 'dialog360', webhook_url: `${PUBLIC_URL}/webhooks/dialog360/${device.id}` },
      },
    });
    const [registration] = d360.received((request) => request.path === '/v1/configs/webhook');
    expect(registration?.headers['d360-api-key']).toBe(KEY);
    const secrets = Object.values(proofOf(device.id));
    expect(secrets).toHaveLength(1);
    const secret = String(secrets[0]);
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(secret).not.toBe(KEY);
    expect(device.setting.conect.config).toEqual({
      api_key: '••••0001',
      webhook_secret: `••••${secret.slice(-4)}`,
    });
    expect(JSON.stringify(device)).not.toContain(secret);

    const again = await call<Device>(testApp.app, 'POST', `/api/v1/en/device/connect/${device.id}`, {
      token: owner.token,
    });
    expect(again.body.data[0]?.status).toBe('connected');
    expect(Object.values(proofOf(device.id))).toEqual([secret]);
  });

  it('is official whatever the body says, and a refused key leaves it disconnected with no secret', async () => {
    const answer = await call<Device>(testApp.app, 'POST', '/api/v1/en/device/create', {
      token: owner.token,
      body: {
        name: 'wrong key',
        mode: 'unofficial',
        setting: {
          conect: {
            type: 'dialog360',
            config: { api_key: 'not-the-key', webhook_secret: 'given-by-me-123456' },
          },
        },
      },
    });
    expect(answer.status).toBe(200);
    const wrong = answer.body.data[0];
    expect(wrong).toMatchObject({ status: 'disconnected', mode: 'official' });
    expect(wrong?.setting.conect.config).toEqual({ api_key: '••••-key' });
    const updated = await call<Device>(testApp.app, 'PUT', `/api/v1/en/device/updateone/${wrong?.id}`, {
      token: owner.token,
      body: { mode: 'unofficial' },
    });
    expect(updated.body.data[0]?.mode).toBe('official');
  });

  it('refuses a delivery without the secret, with a wrong one or with another company’s, storing nothing', async () => {
    const other = await signupCompany(testApp.app);
    const otherDevice = await createDevice(testApp.app, other, 'dialog360', { api_key: KEY });
    const [header] = Object.keys(proofOf(device.id));
    const phone = newPhone();
    const { id, body } = inbound(phone, { type: 'text', text: { body: 'forged' } });
    expect(await deliver(body, {})).toBe(401);
    expect(await deliver(body, { [String(header)]: 'guessed-secret-000000' })).toBe(401);
    expect(await deliver(body, proofOf(otherDevice.id))).toBe(401);
    expect(await contactsWithPhone(testApp.app, phone)).toEqual([]);
    expect(await storedMessage(testApp.app, device.id, id)).toBeUndefined();
    // The other company's secret still opens its own device only.
    expect(await deliver(body, proofOf(otherDevice.id), otherDevice.id)).toBe(200);
  });

  it('stores text, location and pressed buttons, and fetches files through 360dialog', async () => {
    const phone = newPhone();
    d360.media.set('media-image-1', { content: TINY_PNG, mimeType: 'image/png' });
    const kinds = [
      [
        { type: 'text', text: { body: 'Hola' } },
        { type: 'chat', body: 'Hola' },
      ],
      [
        { type: 'location', location: { latitude: -33.45, longitude: -70.66 } },
        { type: 'location', body: '-33.45;-70.66' },
      ],
      [
        { type: 'button', button: { text: 'Confirmar', payload: 'CONFIRM' } },
        { type: 'chat', body: 'Confirmar', button_reply: 'CONFIRM' },
      ],
      [
        {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sí' } },
        },
        { type: 'chat', body: 'Sí', button_reply: 'b1' },
      ],
      [
        { type: 'image', image: { id: 'media-image-1', mime_type: 'image/png', caption: 'mira' } },
        { type: 'image', body: 'mira' },
      ],
    ] as const;
    const ids: string[] = [];
    for (const [message, stored] of kinds) {
      const delivery = inbound(phone, message);
      ids.push(delivery.id);
      expect(await deliver(delivery.body)).toBe(200);
      expect(await storedMessage(testApp.app, device.id, delivery.id)).toMatchObject({
        ...stored,
        from_me: false,
      });
    }
    expect(await contactsWithPhone(testApp.app, phone)).toMatchObject([
      { full_name: 'Ana Pérez', numtotal: kinds.length },
    ]);
    const imageId = String(ids.at(-1));
    await expect
      .poll(async () => (await storedMessage(testApp.app, device.id, imageId))?.attachment_key, {
        timeout: 10_000,
      })
      .toBeTruthy();
    expect(await storedMessage(testApp.app, device.id, imageId)).toMatchObject({ mimetype: 'image/png' });
    const [lookup] = d360.received((request) => request.path === '/media-image-1');
    const [download] = d360.received((request) => request.path === '/whatsapp_business/attachments/');
    expect(lookup?.headers['d360-api-key']).toBe(KEY);
    expect(download?.headers['d360-api-key']).toBe(KEY);
    expect(download?.query.get('mid')).toBe('media-image-1');
  });

  it('stores a repeated delivery once', async () => {
    const phone = newPhone();
    const { id, body } = inbound(phone, { type: 'text', text: { body: 'once' } });
    expect(await Promise.all([deliver(body), deliver(body), deliver(body)])).toEqual([200, 200, 200]);
    expect(
      (await storedMessages(testApp.app, device.id)).filter((row) => row.message_id === id),
    ).toHaveLength(1);
  });

  it('sends text, image and templates as the Cloud API body to POST /messages', async () => {
    const { phone, contact, message } = await sendToNewContact('Hola Ana');
    expect(message).toMatchObject({ status: 'sent', message_id: expect.stringMatching(/^wamid\.D360/) });
    const image = await sendFile(
      testApp.app,
      owner,
      { device_id: device.id, contact_id: contact.id, type: 'image', body: 'foto' },
      { name: 'a.png', content: TINY_PNG, type: 'image/png' },
    );
    await settled(image.id);
    const template = await call<Message>(testApp.app, 'POST', '/api/v1/en/message/sendtemplate', {
      token: owner.token,
      body: {
        device_id: device.id,
        contact_id: contact.id,
        template: {
          name: 'order_ready',
          language: 'es',
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'A-7' }] }],
        },
      },
    });
    expect(template.status).toBe(200);
    await settled(String(template.body.data[0]?.id));
    const [text, file, sentTemplate] = d360.sends().filter((body) => body.to === phone);
    const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: phone };
    expect(text).toEqual({ ...base, type: 'text', text: { preview_url: false, body: 'Hola Ana' } });
    expect(file).toEqual({
      ...base,
      type: 'image',
      image: { link: expect.stringMatching(/^https:\/\/conversa\.example\/files\//), caption: 'foto' },
    });
    expect(sentTemplate).toEqual({
      ...base,
      type: 'template',
      template: {
        name: 'order_ready',
        language: { code: 'es' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'A-7' }] }],
      },
    });
    expect(
      d360.received((request) => request.json.to === phone).every((r) => r.headers['d360-api-key'] === KEY),
    ).toBe(true);
  });

  it('moves statuses only forward, and a failure shows the provider reason', async () => {
    const { message } = await sendToNewContact('x');
    const status = (value: string, extra: Record<string, unknown> = {}) =>
      payload({
        statuses: [{ id: message?.message_id, status: value, timestamp: '1', recipient_id: '1', ...extra }],
      });
    for (const value of ['read', 'delivered', 'sent']) expect(await deliver(status(value))).toBe(200);
    expect((await storedMessageById(testApp.app, String(message?.id)))?.status).toBe('read');

    const { message: other } = await sendToNewContact('y');
    const failed = payload({
      statuses: [
        {
          id: other?.message_id,
          status: 'failed',
          timestamp: '1',
          recipient_id: '1',
          errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message' }],
        },
      ],
    });
    expect(await deliver(failed)).toBe(200);
    expect(await storedMessageById(testApp.app, String(other?.id))).toMatchObject({
      status: 'error',
      error: 'Re-engagement message (#131047)',
    });
  });

  it('retries after a 5xx and sends once; after a timeout it stays in error without resending', async () => {
    d360.script(/^\/messages$/, [
      { status: 503, json: { error: { message: 'Service unavailable', code: 2 } } },
    ]);
    const { phone, message } = await sendToNewContact('retry');
    expect(message?.status).toBe('sent');
    expect(d360.received((request) => request.json.to === phone)).toHaveLength(2);

    const lost = await conversation();
    d360.script(/^\/messages$/, [{ hang: true }]);
    const sent = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: lost.contact.id,
      body: 'lost?',
    });
    await settled(sent.id);
    expect(await storedMessageById(testApp.app, sent.id)).toMatchObject({
      status: 'error',
      error: expect.stringContaining('delivery unknown'),
    });
    expect(d360.received((request) => request.json.to === lost.phone)).toHaveLength(1);
  });

  it('synchronises templates from /v1/configs/templates and creates one there', async () => {
    d360.templates.push(
      {
        id: 't1',
        name: 'order_ready',
        language: 'es',
        category: 'UTILITY',
        status: 'approved',
        namespace: 'ns',
        rejected_reason: 'NONE',
        quality_score: { score: 'GREEN' },
        components: [{ type: 'BODY', text: 'Hola {{1}}', example: { body_text: [['Ana']] } }],
      },
      {
        id: 't2',
        name: 'welcome',
        language: 'en',
        category: 'MARKETING',
        status: 'rejected',
        components: [{ type: 'BODY', text: 'Hi' }],
      },
    );
    const synced = await call<Template>(testApp.app, 'GET', '/api/v1/en/template/synchronize', {
      token: owner.token,
    });
    expect(synced.status).toBe(200);
    const mine = synced.body.data.filter((template) => template.device_id === device.id);
    expect(mine.map(({ name, status, quality }) => ({ name, status, quality }))).toEqual([
      { name: 'order_ready', status: 'APPROVED', quality: 'GREEN' },
      { name: 'welcome', status: 'REJECTED', quality: 'UNKNOWN' },
    ]);

    const created = await call<Template>(testApp.app, 'POST', '/api/v1/en/template/create', {
      token: owner.token,
      body: {
        device_id: device.id,
        name: 'visit_reminder',
        language: 'es',
        category: 'UTILITY',
        body: 'Su hora es mañana, {{1}}.',
        body_examples: ['Ana'],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.data[0]).toMatchObject({ name: 'visit_reminder', status: 'PENDING' });
    const [posted] = d360.received(
      (request) => request.method === 'POST' && request.path === '/v1/configs/templates',
    );
    expect(posted?.json).toMatchObject({
      name: 'visit_reminder',
      language: 'es',
      category: 'UTILITY',
      components: [{ type: 'BODY' }],
    });
    expect(posted?.headers['d360-api-key']).toBe(KEY);
  });
});
