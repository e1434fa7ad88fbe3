import type { Device } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  contactsWithPhone,
  createDevice,
  listen,
  metaSignature,
  postWebhook,
  sendFile,
  sendText,
  storedMessage,
  storedMessageById,
  takeConversation,
} from '../../test/channel-fixtures';
import { type FakeGraph, startFakeGraph } from '../../test/fakes/fake-graph';
import { createTestMessagesService } from '../../test/messages-service';
import { TINY_PNG } from '../../test/messaging-fixtures';
import { createTestApp, login, type Session, type TestApp } from '../../test/test-app';

const TOKEN = 'EAAB-page-token-5678';
const APP_SECRET = 'meta-app-secret';
const PAGE_ID = '682498302938465';
const IG_ID = '17841400000000001';

let testApp: TestApp;
let graph: FakeGraph;
let baseUrl: string;
let owner: Session;
let messenger: Device;
let instagram: Device;

beforeAll(async () => {
  graph = await startFakeGraph(TOKEN);
  // The fake's CDN is on loopback: allowed by name, as OUTBOUND_ALLOW_HOSTS would in a test environment.
  testApp = await createTestApp({
    graphApiUrl: graph.apiUrl,
    publicUrl: 'https://conversa.example',
    outboundAllowHosts: [new URL(graph.url).host],
  });
  baseUrl = await listen(testApp.app);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  messenger = await createDevice(testApp.app, owner, 'messenger', {
    page_id: PAGE_ID,
    page_access_token: TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'messenger-verify',
  });
  instagram = await createDevice(testApp.app, owner, 'instagram', {
    ig_account_id: IG_ID,
    access_token: TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'instagram-verify',
  });
});
afterAll(async () => {
  await testApp?.close();
  await graph?.close();
});

let counter = 0;
const nextId = (prefix: string) => {
  counter += 1;
  return `${prefix}${Date.now()}${counter}`;
};

const deliver = (device: Device, body: unknown, secret = APP_SECRET) => {
  const raw = JSON.stringify(body);
  return postWebhook(baseUrl, `/webhooks/${device.setting.conect.type}/${device.id}`, raw, {
    'x-hub-signature-256': metaSignature(raw, secret),
  });
};

const envelope = (object: 'page' | 'instagram', ownId: string, messaging: Record<string, unknown>[]) => ({
  object,
  entry: [{ id: ownId, time: Date.now(), messaging }],
});

const settled = (id: string) =>
  expect
    .poll(async () => (await storedMessageById(testApp.app, id))?.status, { timeout: 15_000 })
    .not.toBe('queue');

describe.each([
  {
    label: 'Messenger',
    object: 'page' as const,
    ownId: PAGE_ID,
    device: () => messenger,
    verify: 'messenger-verify',
  },
  {
    label: 'Instagram',
    object: 'instagram' as const,
    ownId: IG_ID,
    device: () => instagram,
    verify: 'instagram-verify',
  },
])('$label through the Graph API', ({ object, ownId, device, verify }) => {
  const event = (sender: string, message: Record<string, unknown>) => ({
    sender: { id: sender },
    recipient: { id: ownId },
    timestamp: Date.now(),
    message: { mid: nextId('m_'), ...message },
  });

  it('is connected, answers the handshake with its verify token, and refuses unsigned deliveries', async () => {
    expect(device()).toMatchObject({ status: 'connected' });
    const url = `${baseUrl}/webhooks/${device().setting.conect.type}/${device().id}?hub.mode=subscribe&hub.challenge=42`;
    expect(await (await fetch(`${url}&hub.verify_token=${verify}`)).text()).toBe('42');
    expect((await fetch(`${url}&hub.verify_token=nope`)).status).toBe(403);
    const sender = nextId('9');
    const body = envelope(object, ownId, [event(sender, { text: 'forged' })]);
    expect(await deliver(device(), body, 'wrong-secret')).toBe(401);
    expect(await contactsWithPhone(testApp.app, sender)).toEqual([]);
  });

  it('stores text, attachments and locations; ignores echoes of our own messages', async () => {
    const sender = nextId('7');
    graph.media.set(`/cdn/${sender}.png`, { content: TINY_PNG, mimeType: 'image/png' });
    const text = event(sender, { text: 'Hola' });
    const image = event(sender, {
      attachments: [{ type: 'image', payload: { url: `${graph.url}/cdn/${sender}.png` } }],
    });
    const file = event(sender, {
      attachments: [{ type: 'file', payload: { url: `${graph.url}/cdn/none.pdf` } }],
    });
    const video = event(sender, {
      attachments: [{ type: 'video', payload: { url: `${graph.url}/cdn/none.mp4` } }],
    });
    const audio = event(sender, {
      attachments: [{ type: 'audio', payload: { url: `${graph.url}/cdn/none.mp4` } }],
    });
    const place = event(sender, {
      attachments: [{ type: 'location', payload: { coordinates: { lat: 1.5, long: 2.5 } } }],
    });
    const echo = { ...event(ownId, { text: 'our reply', is_echo: true }), recipient: { id: sender } };
    expect(
      await deliver(device(), envelope(object, ownId, [text, image, file, video, audio, place, echo])),
    ).toBe(200);
    const stored = (item: { message: { mid: string } }) =>
      storedMessage(testApp.app, device().id, item.message.mid);
    expect(await stored(text)).toMatchObject({ type: 'chat', body: 'Hola' });
    expect(await stored(image)).toMatchObject({ type: 'image' });
    expect(await stored(file)).toMatchObject({ type: 'document' });
    expect(await stored(video)).toMatchObject({ type: 'video' });
    expect(await stored(audio)).toMatchObject({ type: 'audio' });
    expect(await stored(place)).toMatchObject({ type: 'location', body: '1.5;2.5' });
    expect(await stored(echo)).toBeUndefined();
    expect(await contactsWithPhone(testApp.app, sender)).toHaveLength(1);
    await expect.poll(async () => (await stored(image))?.attachment_key, { timeout: 10_000 }).toBeTruthy();
  });

  it('sends text and attachments through the Send API', async () => {
    const sender = nextId('5');
    await deliver(device(), envelope(object, ownId, [event(sender, { text: 'Hola' })]));
    const contact = await takeConversation(testApp.app, owner, sender);
    const base = { device_id: device().id, contact_id: contact.id };
    const text = await sendText(testApp.app, owner, { ...base, body: 'Hola!' });
    const image = await sendFile(
      testApp.app,
      owner,
      { ...base, type: 'image' },
      { name: 'a.png', content: TINY_PNG, type: 'image/png' },
    );
    await settled(text.id);
    await settled(image.id);
    expect(await storedMessageById(testApp.app, text.id)).toMatchObject({ status: 'sent' });
    const bodies = graph.sends(ownId).filter((body) => (body.recipient as { id: string }).id === sender);
    expect(bodies).toEqual([
      { recipient: { id: sender }, messaging_type: 'RESPONSE', message: { text: 'Hola!' } },
      {
        recipient: { id: sender },
        messaging_type: 'RESPONSE',
        message: {
          attachment: {
            type: 'image',
            payload: {
              url: expect.stringMatching(/^https:\/\/conversa\.example\/files\//),
              is_reusable: false,
            },
          },
        },
      },
    ]);
    // Receipts: Messenger names delivered mids; Instagram names the read mid.
    const providerId = String((await storedMessageById(testApp.app, text.id))?.message_id);
    const receipt =
      object === 'page'
        ? {
            sender: { id: sender },
            recipient: { id: ownId },
            delivery: { mids: [providerId], watermark: Date.now() },
          }
        : { sender: { id: sender }, recipient: { id: ownId }, read: { mid: providerId } };
    expect(await deliver(device(), envelope(object, ownId, [receipt]))).toBe(200);
    expect((await storedMessageById(testApp.app, text.id))?.status).toBe(
      object === 'page' ? 'recive' : 'read',
    );
  });

  it('offers reply buttons as quick replies, and stores a tapped one with its payload as the button reply', async () => {
    const sender = nextId('4');
    await deliver(device(), envelope(object, ownId, [event(sender, { text: 'Hola' })]));
    const contact = await takeConversation(testApp.app, owner, sender);
    const [deviceRow] = await testApp.app.database.db
      .select()
      .from(devices)
      .where(eq(devices.id, device().id));
    if (!deviceRow) throw new Error('the device was not stored');
    const service = createTestMessagesService(testApp);
    const queued = await service.queueBroadcast(
      { clientId: owner.clientId, userId: owner.userId },
      {
        device: deviceRow,
        contact,
        body: '¿Confirma?',
        buttons: [
          { id: 'cf:row-1:confirm', title: 'Confirmar' },
          { id: 'cf:row-1:cancel', title: 'Cancelar la hora del martes' },
        ],
      },
      async () => undefined,
    );
    expect(await service.attemptSend(owner.clientId, queued.id, 1)).toMatchObject({ kind: 'sent' });
    const sent = graph.sends(ownId).filter((body) => (body.recipient as { id: string }).id === sender);
    expect(sent.at(-1)?.message).toEqual({
      text: '¿Confirma?',
      quick_replies: [
        { content_type: 'text', title: 'Confirmar', payload: 'cf:row-1:confirm' },
        { content_type: 'text', title: 'Cancelar la hora del', payload: 'cf:row-1:cancel' },
      ],
    });

    const tap = event(sender, { text: 'Confirmar', quick_reply: { payload: 'cf:row-1:confirm' } });
    expect(await deliver(device(), envelope(object, ownId, [tap]))).toBe(200);
    expect(await storedMessage(testApp.app, device().id, tap.message.mid)).toMatchObject({
      type: 'chat',
      body: 'Confirmar',
      button_reply: 'cf:row-1:confirm',
    });
  });

  it('waits out the Graph rate limit (613) and then sends once', async () => {
    const sender = nextId('3');
    await deliver(device(), envelope(object, ownId, [event(sender, { text: 'Hola' })]));
    const contact = await takeConversation(testApp.app, owner, sender);
    graph.script(new RegExp(`/${ownId}/messages$`), [
      {
        status: 400,
        json: { error: { message: 'Calls to this api have exceeded the rate limit.', code: 613 } },
        headers: { 'retry-after': '1' },
      },
    ]);
    const message = await sendText(testApp.app, owner, {
      device_id: device().id,
      contact_id: contact.id,
      body: 'later',
    });
    await settled(message.id);
    const tries = graph.received(
      (request) => (request.json.recipient as { id?: string } | undefined)?.id === sender,
    );
    expect(tries).toHaveLength(2);
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });
});
