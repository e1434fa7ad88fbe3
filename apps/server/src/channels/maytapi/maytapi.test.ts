import type { Device, Message } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../core/crypto/secret-box';
import { devices, messages } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { translate } from '../../core/i18n/i18n';
import type { PublishedNotification } from '../../core/realtime/realtime-events.repository';
import {
  contactsWithPhone,
  createDevice,
  listen,
  sendFile,
  sendText,
  storedMessage,
  storedMessageById,
  storedMessages,
  TINY_MP4,
  TINY_OGG,
  TINY_PDF,
  takeConversation,
} from '../../test/channel-fixtures';
import { type FakeMaytapi, startFakeMaytapi } from '../../test/fakes/fake-maytapi';
import { createTestMessagesService } from '../../test/messages-service';
import { TINY_PNG } from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { BANNED_REASON } from './maytapi.adapter';

const CREDENTIALS = { productId: 'prod-7781', phoneId: 'phone-4412', apiKey: 'maytapi-key-secret-0001' };
const CONFIG = {
  product_id: CREDENTIALS.productId,
  phone_id: CREDENTIALS.phoneId,
  api_key: CREDENTIALS.apiKey,
};

let testApp: TestApp;
let maytapi: FakeMaytapi;
let baseUrl: string;
let owner: Session;
let device: Device;
/** The webhook registered for `device`, its secret in the query. */
let webhook: string;
let seen: PublishedNotification[];
const sockets = createTestSockets();

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

beforeAll(async () => {
  maytapi = await startFakeMaytapi(CREDENTIALS);
  testApp = await createTestApp({
    maytapiApiUrl: maytapi.url,
    publicUrl: 'https://conversa.example',
    outboundAllowHosts: [new URL(maytapi.url).host],
  });
  baseUrl = await listen(testApp.app);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  ({ seen } = await sockets.listen(baseUrl, owner.token));
  device = await createDevice(testApp.app, owner, 'maytapi', CONFIG);
  webhook = maytapi.webhook();
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
  await maytapi?.close();
});

let phoneCounter = 0;
const newPhone = () => {
  phoneCounter += 1;
  return `5691${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter).padStart(2, '0')}`;
};
let idCounter = 0;
const newId = () => {
  idCounter += 1;
  return `false_${Date.now()}_${idCounter}@c.us_3EB0AA${idCounter}`;
};

const messageEvent = (phone: string, message: Record<string, unknown>, name = 'Ana Pérez') => ({
  type: 'message',
  message: { id: newId(), fromMe: false, ...message },
  user: { id: `${phone}@c.us`, name, phone },
  conversation: `${phone}@c.us`,
  conversation_name: name,
  receiver: '56911112222',
  timestamp: Math.floor(Date.now() / 1000),
  reply: `https://api.maytapi.com/api/${CREDENTIALS.productId}/${CREDENTIALS.phoneId}/sendMessage`,
});

const deliver = (
  event: Record<string, unknown>,
  options: { secret?: string | null; webhook?: string } = {},
) => maytapi.post(baseUrl, event, { webhook, ...options });

const current = async (id = device.id) => {
  const answer = await call<Device>(testApp.app, 'GET', `/api/v1/en/device/search/${id}`, {
    token: owner.token,
  });
  const found = answer.body.data[0];
  if (!found) throw new Error('device not found');
  return found;
};

const askQr = (id = device.id, token = owner.token) =>
  call<{ session: string; qr: string }>(testApp.app, 'GET', `/api/v1/en/device/qr/${id}`, { token });

/** The device update notifications for the device that carry this session and QR. */
const announced = (session: string, qr: string) =>
  seen.filter((notification) => {
    const record = notification.data[0] as Device | undefined;
    return (
      notification.module === 'device' &&
      notification.action === 'update' &&
      record?.id === device.id &&
      record.setting.conect.session === session &&
      record.setting.conect.qr === qr
    );
  });

const settled = (id: string) =>
  expect
    .poll(async () => (await storedMessageById(testApp.app, id))?.status, { timeout: 15_000 })
    .not.toBe('queue');

describe('the unofficial gateway (Maytapi): connecting and the QR session', () => {
  it('registers the webhook with a generated secret and reads the session, with the QR as a data URL', async () => {
    expect(device).toMatchObject({
      status: 'disconnected',
      mode: 'unofficial',
      setting: {
        conect: {
          type: 'maytapi',
          status: 'disconnected',
          session: 'qr',
          qr: dataUrl(maytapi.qr()),
          webhook_url: `https://conversa.example/webhooks/maytapi/${device.id}`,
          config: {
            product_id: CREDENTIALS.productId,
            phone_id: CREDENTIALS.phoneId,
            api_key: '••••0001',
          },
        },
      },
    });
    expect(String(device.setting.conect.config.webhook_secret)).toMatch(/^••••/);
    const [row] = await testApp.app.database.db.select().from(devices).where(eq(devices.id, device.id));
    const stored = String(row?.setting.conect.config.webhook_secret);
    const secret = createSecretBox(testApp.config.secretKey).decrypt(stored);
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(secret).not.toBe(CREDENTIALS.apiKey);
    const registered = maytapi.received((request) => request.path.endsWith('/setWebhook')).at(-1);
    expect(registered?.headers['x-maytapi-key']).toBe(CREDENTIALS.apiKey);
    expect(registered?.json).toEqual({
      webhook: `https://conversa.example/webhooks/maytapi/${device.id}?secret=${encodeURIComponent(secret)}`,
      ack_delivery: true,
    });
    expect(
      maytapi.received(
        (request) => request.path === `/${CREDENTIALS.productId}/${CREDENTIALS.phoneId}/qrCode`,
      ),
    ).not.toHaveLength(0);
  });

  it('keeps a device whose credentials the gateway refused, disconnected and without a QR', async () => {
    const refused = await createDevice(testApp.app, owner, 'maytapi', { ...CONFIG, api_key: 'not-the-key' });
    expect(refused).toMatchObject({
      status: 'disconnected',
      setting: { conect: { session: 'disconnected', qr: '' } },
    });
    await call(testApp.app, 'DELETE', `/api/v1/en/device/deleteone/${refused.id}`, { token: owner.token });
  });

  it('follows a renewed QR and the phone being linked through status events, announcing each change', async () => {
    const renewed = dataUrl(maytapi.renewQr());
    expect(await deliver({ type: 'status', status: 'qr-screen' })).toBe(200);
    expect((await current()).setting.conect).toMatchObject({ session: 'qr', qr: renewed });
    await expect.poll(() => announced('qr', renewed).length).toBeGreaterThan(0);
    expect((await askQr()).body.data).toEqual([{ session: 'qr', qr: renewed }]);

    maytapi.setState('CONNECTED');
    expect(await deliver({ type: 'status', status: 'active' })).toBe(200);
    expect(await current()).toMatchObject({
      status: 'connected',
      setting: { conect: { status: 'connected', session: 'connected', qr: '' } },
    });
    await expect.poll(() => announced('connected', '').length).toBeGreaterThan(0);
    expect((await askQr()).body.data).toEqual([{ session: 'connected', qr: '' }]);
  });

  it("keeps the event's word when the gateway cannot be read at once", async () => {
    maytapi.script(/\/status$/, [{ status: 503, json: { success: false, message: 'busy' } }]);
    expect(await deliver({ type: 'status', status: 'idle' })).toBe(200);
    expect(await current()).toMatchObject({
      status: 'disconnected',
      setting: { conect: { session: 'disconnected', qr: '' } },
    });
  });

  it('polls the gateway while not connected, so a linked phone shows without any event', async () => {
    maytapi.setState('PAIRING');
    expect(await deliver({ type: 'status', status: 'qr-screen' })).toBe(200);
    expect((await current()).setting.conect.session).toBe('qr');
    maytapi.setState('CONNECTED');
    await expect
      .poll(async () => (await current()).setting.conect.session, { timeout: 25_000, interval: 500 })
      .toBe('connected');
    expect((await current()).status).toBe('connected');
  }, 30_000);

  it('answers device/qr only for a gateway device of the company', async () => {
    const list = await call<Device>(testApp.app, 'POST', '/api/v1/en/device/search', {
      token: owner.token,
      body: {},
    });
    const other = list.body.data.find((listed) => listed.setting.conect.type !== 'maytapi');
    if (!other) throw new Error('the demo company has no other device');
    expect((await askQr(other.id)).status).toBe(406);
    expect((await askQr('0b6f5c1e-8d1a-4e4b-9a51-2f3c4d5e6f70')).status).toBe(404);
    const stranger = await signupCompany(testApp.app);
    expect((await askQr(device.id, stranger.token)).status).toBe(404);
    const viewer = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    expect((await askQr(device.id, viewer.token)).status).toBe(403);
  });
});

describe('the gateway webhook', () => {
  it('refuses a wrong, missing or another company’s secret and stores nothing', async () => {
    const stranger = await signupCompany(testApp.app);
    await createDevice(testApp.app, stranger, 'maytapi', CONFIG);
    const theirs = new URL(maytapi.webhook()).searchParams.get('secret') ?? '';
    expect(theirs.length).toBeGreaterThanOrEqual(16);
    const phone = newPhone();
    const event = messageEvent(phone, { type: 'text', text: 'forged' });
    expect(await deliver(event, { secret: 'not-the-secret-at-all' })).toBe(401);
    expect(await deliver(event, { secret: null })).toBe(401);
    expect(await deliver(event, { secret: theirs })).toBe(401);
    expect(await contactsWithPhone(testApp.app, phone)).toEqual([]);
    expect(await storedMessage(testApp.app, device.id, String(event.message.id))).toBeUndefined();
  });

  it("ignores another phone's events and the linked phone's own messages", async () => {
    const phone = newPhone();
    const otherPhone = { ...messageEvent(phone, { type: 'text', text: 'hola' }), phone_id: 'phone-9999' };
    expect(await deliver(otherPhone)).toBe(200);
    const own = messageEvent(phone, { type: 'text', text: 'sent from the phone', fromMe: true });
    expect(await deliver(own)).toBe(200);
    expect(await contactsWithPhone(testApp.app, phone)).toEqual([]);
    expect(await storedMessage(testApp.app, device.id, String(own.message.id))).toBeUndefined();
  });

  it('stores text and every file kind, reading the file from the gateway', async () => {
    const phone = newPhone();
    maytapi.media.set('photo.png', TINY_PNG);
    const file = (name: string) => `${maytapi.url}/media/${name}`;
    const kinds = [
      [{ type: 'text', text: 'Hola' }, 'chat', 'Hola'],
      [{ type: 'image', url: file('photo.png'), mime: 'image/png', caption: 'mira' }, 'image', 'mira'],
      [{ type: 'video', url: file('clip.mp4'), mime: 'video/mp4', caption: '' }, 'video', ''],
      [{ type: 'audio', url: file('song.mp3'), mime: 'audio/mpeg' }, 'audio', ''],
      [{ type: 'ptt', url: file('voice.ogg'), mime: 'audio/ogg; codecs=opus' }, 'audio', ''],
      [
        {
          type: 'document',
          url: file('cv.pdf'),
          mime: 'application/pdf',
          filename: 'cv.pdf',
          caption: 'mi CV',
        },
        'document',
        'mi CV',
      ],
      [{ type: 'sticker', url: file('sticker.webp'), mime: 'image/webp' }, 'image', ''],
      [{ type: 'poll', text: '' }, 'unsupported', 'poll'],
    ] as const;
    maytapi.media.set('clip.mp4', TINY_MP4);
    maytapi.media.set('voice.ogg', TINY_OGG);
    maytapi.media.set('cv.pdf', TINY_PDF);
    maytapi.media.set('song.mp3', TINY_OGG);
    maytapi.media.set('sticker.webp', TINY_PNG);
    const ids: string[] = [];
    for (const [message, type, body] of kinds) {
      const event = messageEvent(phone, message);
      expect(await deliver(event)).toBe(200);
      ids.push(String(event.message.id));
      expect(await storedMessage(testApp.app, device.id, String(event.message.id))).toMatchObject({
        type,
        body,
        from_me: false,
      });
    }
    const [contact] = await contactsWithPhone(testApp.app, phone);
    expect(contact).toMatchObject({ full_name: 'Ana Pérez', phone });
    await expect
      .poll(async () => (await storedMessage(testApp.app, device.id, ids[1] ?? ''))?.attachment_key, {
        timeout: 10_000,
      })
      .toBeTruthy();
    expect(maytapi.received((request) => request.path === '/media/photo.png')).toHaveLength(1);
    await expect
      .poll(async () => (await storedMessage(testApp.app, device.id, ids[5] ?? ''))?.attachment_key, {
        timeout: 10_000,
      })
      .toBeTruthy();
  });

  it('stores a repeated delivery once', async () => {
    const phone = newPhone();
    const event = messageEvent(phone, { type: 'text', text: 'una vez' });
    expect(await deliver(event)).toBe(200);
    expect(await deliver(event)).toBe(200);
    const [contact] = await contactsWithPhone(testApp.app, phone);
    const rows = await testApp.app.database.db
      .select()
      .from(messages)
      .where(eq(messages.contact_id, contact?.id ?? ''));
    expect(rows).toHaveLength(1);
  });
});

describe('sending through the gateway', () => {
  let contactPhone: string;
  let contactId: string;

  beforeAll(async () => {
    maytapi.setState('CONNECTED');
    await deliver({ type: 'status', status: 'active' });
    contactPhone = newPhone();
    await deliver(messageEvent(contactPhone, { type: 'text', text: 'Hola' }));
    contactId = (await takeConversation(testApp.app, owner, contactPhone)).id;
  });

  it('sends a text and a file (its signed URL) and keeps the gateway id', async () => {
    const base = { device_id: device.id, contact_id: contactId };
    const text = await sendText(testApp.app, owner, { ...base, body: 'Hola Ana' });
    const image = await sendFile(
      testApp.app,
      owner,
      { ...base, type: 'image', body: 'foto' },
      { name: 'a.png', content: TINY_PNG, type: 'image/png' },
    );
    for (const message of [text, image]) await settled(message.id);
    const sentText = await storedMessageById(testApp.app, text.id);
    expect(sentText).toMatchObject({ status: 'sent', message_id: expect.stringContaining(contactPhone) });
    expect(await storedMessageById(testApp.app, image.id)).toMatchObject({ status: 'sent' });
    const bodies = maytapi.sent().filter((body) => body.to_number === contactPhone);
    expect(bodies[0]).toEqual({ to_number: contactPhone, type: 'text', message: 'Hola Ana' });
    expect(bodies[1]).toMatchObject({
      to_number: contactPhone,
      type: 'media',
      text: 'foto',
      message: expect.stringMatching(/^https:\/\/conversa\.example\/files\//),
    });
    const sends = maytapi.received((request) => request.path.endsWith('/sendMessage'));
    expect(sends.at(-1)?.headers['x-maytapi-key']).toBe(CREDENTIALS.apiKey);
  });

  it('moves statuses forward only, by the acks', async () => {
    const message = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contactId,
      body: 'ack me',
    });
    await settled(message.id);
    const msgId = String((await storedMessageById(testApp.app, message.id))?.message_id);
    const ack = (ackType: string) => ({
      type: 'ack',
      data: [{ ackCode: 2, ackType, msgId, chatId: `${contactPhone}@c.us`, rxid: msgId, time: Date.now() }],
    });
    const statusNow = async () => (await storedMessageById(testApp.app, message.id))?.status;
    expect(await deliver(ack('delivered'))).toBe(200);
    expect(await statusNow()).toBe('recive');
    expect(await deliver(ack('read'))).toBe(200);
    expect(await statusNow()).toBe('read');
    expect(await deliver(ack('sent'))).toBe(200);
    expect(await deliver(ack('delivered'))).toBe(200);
    expect(await statusNow()).toBe('read');
    expect(await deliver(ack('played'))).toBe(200);
    expect(await statusNow()).toBe('read');
  });

  it("shows the gateway's refusal, and tries again after its 5xx", async () => {
    maytapi.script(/\/sendMessage$/, [{ json: { success: false, message: 'Invalid phone number' } }]);
    const refused = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contactId,
      body: 'refused',
    });
    await settled(refused.id);
    expect(await storedMessageById(testApp.app, refused.id)).toMatchObject({
      status: 'error',
      error: 'Invalid phone number',
    });
    maytapi.script(/\/sendMessage$/, [{ status: 502, json: { success: false, message: 'Bad gateway' } }]);
    const retried = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contactId,
      body: 'retried',
    });
    await settled(retried.id);
    expect(await storedMessageById(testApp.app, retried.id)).toMatchObject({ status: 'sent' });
    expect(maytapi.sent().filter((body) => body.message === 'retried')).toHaveLength(2);
  }, 30_000);

  it('refuses a template with 412 and stores nothing', async () => {
    const before = (await storedMessages(testApp.app, device.id)).length;
    const sendsBefore = maytapi.sent().length;
    const answer = await call(testApp.app, 'POST', '/api/v1/en/message/sendtemplate', {
      token: owner.token,
      body: {
        device_id: device.id,
        contact_id: contactId,
        template: { name: 'hello_world', language: 'es', components: [] },
      },
    });
    expect(answer.status).toBe(412);
    expect(answer.body.info).toBe(translate('en', 'info.templateNotAllowed'));
    expect((await storedMessages(testApp.app, device.id)).length).toBe(before);
    expect(maytapi.sent().length).toBe(sendsBefore);
  });

  it('stops sending once the number is banned, and says why', async () => {
    const service = createTestMessagesService(testApp);
    const [contact] = await contactsWithPhone(testApp.app, contactPhone);
    if (!contact) throw new Error('no contact');
    maytapi.setState('BANNED');
    expect(await deliver({ type: 'status', status: 'banned' })).toBe(200);
    expect(await current()).toMatchObject({
      status: 'disconnected',
      setting: { conect: { session: 'banned', qr: '' } },
    });
    await expect.poll(() => announced('banned', '').length).toBeGreaterThan(0);
    const refused = await call(testApp.app, 'POST', '/api/v1/en/message/create', {
      token: owner.token,
      body: { device_id: device.id, contact_id: contactId, body: 'after the ban' },
    });
    expect(refused.status).toBe(412);
    // A message queued before the ban was known (a diffusion's) is not handed to the gateway.
    const [row] = await testApp.app.database.db.select().from(devices).where(eq(devices.id, device.id));
    if (!row) throw new Error('the device was not stored');
    const sendsBefore = maytapi.sent().length;
    const queued: Message = await service.queueBroadcast(
      { clientId: owner.clientId, userId: owner.userId },
      { device: row, contact, body: 'queued before the ban' },
      async () => undefined,
    );
    expect(await service.attemptSend(owner.clientId, queued.id, 1)).toMatchObject({ kind: 'failed' });
    expect(await storedMessageById(testApp.app, queued.id)).toMatchObject({
      status: 'error',
      error: BANNED_REASON,
    });
    expect(maytapi.sent().length).toBe(sendsBefore);
  });

  it('stops following the session once a person disconnects the device', async () => {
    const off = await call<Device>(testApp.app, 'POST', `/api/v1/en/device/disconnect/${device.id}`, {
      token: owner.token,
    });
    expect(off.body.data[0]).toMatchObject({
      status: 'disconnected',
      setting: { conect: { session: 'disconnected', qr: '' } },
    });
    maytapi.setState('CONNECTED');
    expect(await deliver({ type: 'status', status: 'active' })).toBe(200);
    expect((await current()).status).toBe('disconnected');

    maytapi.setState('PAIRING');
    const on = await call<Device>(testApp.app, 'POST', `/api/v1/en/device/connect/${device.id}`, {
      token: owner.token,
    });
    expect(on.body.info).toBe(translate('en', 'info.deviceWaitingForQr'));
    expect(on.body.data[0]).toMatchObject({
      status: 'disconnected',
      setting: { conect: { session: 'qr', qr: dataUrl(maytapi.qr()) } },
    });
    // The secret is kept: the webhook registered first still proves deliveries, and the session is followed again.
    expect(maytapi.webhook()).toBe(webhook);
    maytapi.setState('CONNECTED');
    expect(await deliver({ type: 'status', status: 'active' })).toBe(200);
    expect(await current()).toMatchObject({
      status: 'connected',
      setting: { conect: { session: 'connected' } },
    });
  });
});
