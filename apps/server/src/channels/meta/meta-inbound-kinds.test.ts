import type { Device, Message } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  contactsWithPhone,
  createDevice,
  listen,
  metaSignature,
  postWebhook,
  sendText,
  storedMessage,
  storedMessageById,
  takeConversation,
} from '../../test/channel-fixtures';
import { type FakeGraph, startFakeGraph } from '../../test/fakes/fake-graph';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

/**
 * Messenger's and Instagram's inbound kinds of API.md part 3 ("Every inbound kind shown"), in the shapes
 * Meta documents for `entry[].messaging[]`: postbacks (Get Started, menus, ice breakers), replies
 * (`reply_to.mid`), Instagram story mentions, Messenger read receipts by watermark, reactions, and kinds
 * the product does not read.
 */
const TOKEN = 'EAAB-kinds-token-9012';
const APP_SECRET = 'meta-kinds-app-secret';
const PAGE_ID = '682498302938466';
const IG_ID = '17841400000000002';

let testApp: TestApp;
let graph: FakeGraph;
let baseUrl: string;
let owner: Session;
let messenger: Device;
let instagram: Device;

beforeAll(async () => {
  graph = await startFakeGraph(TOKEN);
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

const deliver = (device: Device, object: 'page' | 'instagram', ownId: string, messaging: unknown[]) => {
  const raw = JSON.stringify({ object, entry: [{ id: ownId, time: Date.now(), messaging }] });
  return postWebhook(baseUrl, `/webhooks/${device.setting.conect.type}/${device.id}`, raw, {
    'x-hub-signature-256': metaSignature(raw, APP_SECRET),
  });
};

const history = async (contactId: string) =>
  (
    await call<Message>(testApp.app, 'POST', `/api/v1/en/message/contact/${contactId}`, {
      token: owner.token,
      body: { page: 1 },
    })
  ).body.data;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  { label: 'Messenger', object: 'page' as const, ownId: PAGE_ID, device: () => messenger },
  { label: 'Instagram', object: 'instagram' as const, ownId: IG_ID, device: () => instagram },
])('$label inbound kinds', ({ object, ownId, device }) => {
  const from = <T extends Record<string, unknown>>(sender: string, rest: T) => ({
    sender: { id: sender },
    recipient: { id: ownId },
    timestamp: Date.now(),
    ...rest,
  });
  const message = (sender: string, body: Record<string, unknown>) =>
    from(sender, { message: { mid: nextId('m_'), ...body } });
  const send = (messaging: unknown[]) => deliver(device(), object, ownId, messaging);

  it("stores a tapped postback (Get Started, a menu item, an ice breaker) as the customer's message", async () => {
    const sender = nextId('7');
    const mid = nextId('m_postback_');
    const postback = from(sender, {
      postback: { mid, title: '¿Cuál es su horario?', payload: 'ICEBREAKER_HOURS' },
    });
    expect(await send([postback])).toBe(200);
    expect(await storedMessage(testApp.app, device().id, mid)).toMatchObject({
      type: 'chat',
      body: '¿Cuál es su horario?',
      from_me: false,
      button_reply: 'ICEBREAKER_HOURS',
    });
    expect(await contactsWithPhone(testApp.app, sender)).toMatchObject([{ numtotal: 1 }]);
    // A repeated delivery stores it once.
    expect(await send([postback])).toBe(200);
    expect(await contactsWithPhone(testApp.app, sender)).toMatchObject([{ numtotal: 1 }]);
  });

  it('quotes the message a reply answers (reply_to.mid)', async () => {
    const sender = nextId('6');
    const first = message(sender, { text: 'Hola' });
    await send([first]);
    const contact = await takeConversation(testApp.app, owner, sender);
    const ours = await sendText(testApp.app, owner, {
      device_id: device().id,
      contact_id: contact.id,
      body: 'Hola, ¿en qué le ayudamos?',
    });
    await expect
      .poll(async () => (await storedMessageById(testApp.app, ours.id))?.message_id, { timeout: 15_000 })
      .toBeTruthy();
    const oursMid = String((await storedMessageById(testApp.app, ours.id))?.message_id);
    const reply = message(sender, { text: 'Una hora', reply_to: { mid: oursMid } });
    expect(await send([reply])).toBe(200);
    const shown = await history(contact.id);
    expect(shown.find((item) => item.message_id === reply.message.mid)?.quoted).toEqual({
      id: ours.id,
      message_id: oursMid,
      type: 'chat',
      body: 'Hola, ¿en qué le ayudamos?',
      fromMe: true,
    });
    expect(shown.find((item) => item.message_id === first.message.mid)?.quoted).toBeNull();
  });

  it('shows a reaction on its message and takes it back on unreact', async () => {
    const sender = nextId('5');
    const first = message(sender, { text: 'Gracias' });
    await send([first]);
    const react = from(sender, {
      reaction: { mid: first.message.mid, action: 'react', reaction: 'love', emoji: '❤️' },
    });
    expect(await send([react])).toBe(200);
    const [contact] = await contactsWithPhone(testApp.app, sender);
    const reactions = async () =>
      (await history(String(contact?.id))).filter((item) => item.type === 'reaction' && !item.deleted);
    expect(await reactions()).toMatchObject([
      { body: '❤️', quoted: { message_id: first.message.mid, body: 'Gracias' } },
    ]);
    const unreact = from(sender, {
      timestamp: Date.now() + 1,
      reaction: { mid: first.message.mid, action: 'unreact', reaction: 'love' },
    });
    expect(await send([unreact])).toBe(200);
    expect(await reactions()).toEqual([]);
  });

  it('names what it does not read instead of dropping it', async () => {
    const sender = nextId('4');
    const reel = message(sender, {
      attachments: [{ type: 'ig_reel', payload: { reel_video_id: '1', title: 'x', url: 'https://x' } }],
    });
    const unsupported = message(sender, { is_unsupported: true });
    const link = message(sender, {
      text: 'https://example.com/promo',
      attachments: [{ type: 'fallback', payload: { url: 'https://example.com/promo', title: 'Promo' } }],
    });
    expect(await send([reel, unsupported, link])).toBe(200);
    expect(await storedMessage(testApp.app, device().id, reel.message.mid)).toMatchObject({
      type: 'unsupported',
      body: 'ig_reel',
    });
    expect(await storedMessage(testApp.app, device().id, unsupported.message.mid)).toMatchObject({
      type: 'unsupported',
      body: 'unsupported',
    });
    expect(await storedMessage(testApp.app, device().id, link.message.mid)).toMatchObject({
      type: 'chat',
      body: 'https://example.com/promo',
    });
  });
});

describe('Instagram story mentions', () => {
  it('stores a mention with the story link as its body', async () => {
    const sender = nextId('3');
    const mid = nextId('m_story_');
    const url = 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=17952754544&signature=AbCd';
    const mention = {
      sender: { id: sender },
      recipient: { id: IG_ID },
      timestamp: Date.now(),
      message: { mid, attachments: [{ type: 'story_mention', payload: { url } }] },
    };
    expect(await deliver(instagram, 'instagram', IG_ID, [mention])).toBe(200);
    expect(await storedMessage(testApp.app, instagram.id, mid)).toMatchObject({
      type: 'story_mention',
      body: url,
      from_me: false,
    });
    const [contact] = await contactsWithPhone(testApp.app, sender);
    const [shown] = await history(String(contact?.id));
    expect(shown).toMatchObject({
      type: 'story_mention',
      body: url,
      attachment: '',
      quoted: null,
      contacts: [],
    });
  });
});

describe('Messenger read receipts by watermark', () => {
  it('reads every message sent or delivered up to the watermark, and none after it', async () => {
    const sender = nextId('2');
    const other = nextId('2');
    for (const customer of [sender, other]) {
      await deliver(messenger, 'page', PAGE_ID, [
        {
          sender: { id: customer },
          recipient: { id: PAGE_ID },
          timestamp: Date.now(),
          message: { mid: nextId('m_'), text: 'Hola' },
        },
      ]);
    }
    const contact = await takeConversation(testApp.app, owner, sender);
    const otherContact = await takeConversation(testApp.app, owner, other);
    const sendAndWait = async (contactId: string, body: string) => {
      const sent = await sendText(testApp.app, owner, {
        device_id: messenger.id,
        contact_id: contactId,
        body,
      });
      await expect
        .poll(async () => (await storedMessageById(testApp.app, sent.id))?.status, { timeout: 15_000 })
        .toBe('sent');
      return sent;
    };
    const first = await sendAndWait(contact.id, 'uno');
    const second = await sendAndWait(contact.id, 'dos');
    const elsewhere = await sendAndWait(otherContact.id, 'otro');
    // The first one was delivered: delivered ones are read too.
    const firstMid = String((await storedMessageById(testApp.app, first.id))?.message_id);
    await deliver(messenger, 'page', PAGE_ID, [
      {
        sender: { id: sender },
        recipient: { id: PAGE_ID },
        delivery: { mids: [firstMid], watermark: Date.now() },
      },
    ]);
    expect((await storedMessageById(testApp.app, first.id))?.status).toBe('recive');
    await sleep(20);
    const watermark = Date.now();
    await sleep(20);
    const third = await sendAndWait(contact.id, 'tres');

    const read = {
      sender: { id: sender },
      recipient: { id: PAGE_ID },
      timestamp: Date.now(),
      read: { watermark },
    };
    expect(await deliver(messenger, 'page', PAGE_ID, [read])).toBe(200);
    expect((await storedMessageById(testApp.app, first.id))?.status).toBe('read');
    expect((await storedMessageById(testApp.app, second.id))?.status).toBe('read');
    expect((await storedMessageById(testApp.app, third.id))?.status).toBe('sent');
    expect((await storedMessageById(testApp.app, elsewhere.id))?.status).toBe('sent');
    // A later watermark reads the rest; the conversation's summary follows its last message.
    expect(
      await deliver(messenger, 'page', PAGE_ID, [{ ...read, read: { watermark: Date.now() + 1000 } }]),
    ).toBe(200);
    expect((await storedMessageById(testApp.app, third.id))?.status).toBe('read');
    const [row] = await contactsWithPhone(testApp.app, sender);
    expect(row?.last_message).toMatchObject({ id: third.id, status: 'read' });
  });
});
