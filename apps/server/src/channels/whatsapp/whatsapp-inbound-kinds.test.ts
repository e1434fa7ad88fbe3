import type { Device, Message } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  contactsWithPhone,
  createDevice,
  metaSignature,
  postWebhook,
  sendText,
  storedMessage,
  storedMessageById,
  storedMessages,
  takeConversation,
} from '../../test/channel-fixtures';
import { type FakeGraph, startFakeGraph } from '../../test/fakes/fake-graph';
import { newPhone, TINY_PNG } from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, listenLocally, login, type Session, type TestApp } from '../../test/test-app';

/**
 * Every inbound kind of API.md part 3 ("Every inbound kind shown") as the WhatsApp Cloud API delivers it,
 * in the payload shapes Meta documents: contact cards, stickers, reactions (added, replaced, taken back),
 * quoted replies, unsupported kinds, and numbers written otherwise than the saved phone (Brazil's ninth
 * digit both ways).
 */
const TOKEN = 'EAAB-whatsapp-kinds-token';
const APP_SECRET = 'whatsapp-kinds-app-secret';
const PHONE_ID = '106540352242923';
const WABA_ID = '102290129340399';

let testApp: TestApp;
let graph: FakeGraph;
let baseUrl: string;
let owner: Session;
let device: Device;
const sockets = createTestSockets();

beforeAll(async () => {
  graph = await startFakeGraph(TOKEN);
  testApp = await createTestApp({ graphApiUrl: graph.apiUrl, publicUrl: 'https://conversa.example' });
  baseUrl = await listenLocally(testApp);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createDevice(testApp.app, owner, 'whatsapp', {
    phone_number_id: PHONE_ID,
    waba_id: WABA_ID,
    access_token: TOKEN,
    app_secret: APP_SECRET,
    verify_token: 'verify-kinds',
  });
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
  await graph?.close();
});

let counter = 0;
const wamid = () => {
  counter += 1;
  return `wamid.KINDS${Date.now()}${counter}`;
};

/** One message of a customer, as Meta delivers it (`contacts` names the sender). */
const inbound = (phone: string, message: Record<string, unknown>, id = wamid()) => ({
  id,
  body: {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550100', phone_number_id: PHONE_ID },
              contacts: [{ profile: { name: 'Ana Pérez' }, wa_id: phone }],
              messages: [{ from: phone, id, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
            },
          },
        ],
      },
    ],
  },
});

const deliver = async (delivery: { body: unknown }) => {
  const raw = JSON.stringify(delivery.body);
  return postWebhook(baseUrl, `/webhooks/whatsapp/${device.id}`, raw, {
    'x-hub-signature-256': metaSignature(raw, APP_SECRET),
  });
};

/** The conversation's messages as the API answers them (message/contact/{id}), newest first. */
const history = async (contactId: string) =>
  (
    await call<Message>(testApp.app, 'POST', `/api/v1/en/message/contact/${contactId}`, {
      token: owner.token,
      body: { page: 1 },
    })
  ).body.data;

const contactOf = async (phone: string) => {
  const [contact] = await contactsWithPhone(testApp.app, phone);
  if (!contact) throw new Error(`no contact ${phone}`);
  return contact;
};

describe('WhatsApp inbound kinds', () => {
  it('stores a contact card with each person, and its lines as the body', async () => {
    const phone = newPhone();
    const card = inbound(phone, {
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Ignacio Pérez', first_name: 'Ignacio', last_name: 'Pérez' },
          phones: [
            { phone: '+56 9 8765 4321', wa_id: '56987654321', type: 'CELL' },
            { phone: '+56 2 2345 6789', type: 'WORK' },
          ],
          emails: [{ email: 'ignacio@example.com', type: 'WORK' }],
          org: { company: 'Conversa' },
        },
        {
          name: { formatted_name: 'Rosa Díaz', first_name: 'Rosa' },
          phones: [{ phone: '+56 9 1111 2222', wa_id: '56911112222', type: 'CELL' }],
        },
      ],
    });
    expect(await deliver(card)).toBe(200);
    expect(await storedMessage(testApp.app, device.id, card.id)).toMatchObject({
      type: 'contact',
      body: 'Ignacio Pérez +56 9 8765 4321, +56 2 2345 6789\nRosa Díaz +56 9 1111 2222',
      contacts: [
        { name: 'Ignacio Pérez', phones: ['56987654321', '56223456789'], emails: ['ignacio@example.com'] },
        { name: 'Rosa Díaz', phones: ['56911112222'], emails: [] },
      ],
    });
    const [shown] = await history((await contactOf(phone)).id);
    expect(shown).toMatchObject({ type: 'contact', quoted: null });
    expect(shown?.contacts).toHaveLength(2);
  });

  it('stores a sticker as an image with its file and no text', async () => {
    const phone = newPhone();
    graph.media.set('media-sticker-1', { content: TINY_PNG, mimeType: 'image/webp' });
    const sticker = inbound(phone, {
      type: 'sticker',
      sticker: { mime_type: 'image/webp', sha256: 'abc', id: 'media-sticker-1', animated: false },
    });
    expect(await deliver(sticker)).toBe(200);
    expect(await storedMessage(testApp.app, device.id, sticker.id)).toMatchObject({
      type: 'image',
      body: '',
    });
    await expect
      .poll(async () => (await storedMessage(testApp.app, device.id, sticker.id))?.attachment_key, {
        timeout: 10_000,
      })
      .toBeTruthy();
  });

  it('shows a quoted reply with the message it quotes, and only the provider id of an unknown one', async () => {
    const phone = newPhone();
    const first = inbound(phone, { type: 'text', text: { body: 'Tienen hora el martes?' } });
    await deliver(first);
    const reply = inbound(phone, {
      type: 'text',
      text: { body: 'A las 10 por favor' },
      context: { from: phone, id: first.id },
    });
    const orphan = inbound(phone, {
      type: 'text',
      text: { body: 'Y esto?' },
      context: { from: '15550100', id: 'wamid.NEVER-STORED' },
    });
    const forwarded = inbound(phone, {
      type: 'text',
      text: { body: 'reenviado' },
      context: { forwarded: true },
    });
    expect(await deliver(reply)).toBe(200);
    expect(await deliver(orphan)).toBe(200);
    expect(await deliver(forwarded)).toBe(200);
    const stored = await storedMessage(testApp.app, device.id, first.id);
    const shown = await history((await contactOf(phone)).id);
    const byProviderId = (id: string) => shown.find((message) => message.message_id === id);
    expect(byProviderId(reply.id)?.quoted).toEqual({
      id: stored?.id,
      message_id: first.id,
      type: 'chat',
      body: 'Tienen hora el martes?',
      fromMe: false,
    });
    expect(byProviderId(orphan.id)?.quoted).toEqual({
      id: '',
      message_id: 'wamid.NEVER-STORED',
      type: '',
      body: '',
      fromMe: false,
    });
    expect(byProviderId(forwarded.id)?.quoted).toBeNull();
    expect(byProviderId(first.id)?.quoted).toBeNull();
  });

  it('stores a reaction on its message, replaces it with a new one, and deletes it when taken back', async () => {
    const phone = newPhone();
    const listener = await sockets.listen(baseUrl, owner.token);
    const first = inbound(phone, { type: 'text', text: { body: 'Hola' } });
    await deliver(first);
    const contact = await takeConversation(testApp.app, owner, phone);
    const ours = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'Le confirmamos su hora',
    });
    await expect
      .poll(async () => (await storedMessageById(testApp.app, ours.id))?.message_id, { timeout: 15_000 })
      .toBeTruthy();
    const oursProviderId = String((await storedMessageById(testApp.app, ours.id))?.message_id);
    const firstRow = await storedMessage(testApp.app, device.id, first.id);

    const thumbs = inbound(phone, { type: 'reaction', reaction: { message_id: first.id, emoji: '👍' } });
    expect(await deliver(thumbs)).toBe(200);
    const thumbsRow = await storedMessage(testApp.app, device.id, thumbs.id);
    expect(thumbsRow).toMatchObject({ type: 'reaction', body: '👍', quoted_message_id: first.id });
    await expect
      .poll(() =>
        listener.seen.find(
          (seen) =>
            seen.module === 'message' &&
            seen.action === 'create' &&
            (seen.data[0] as Message).id === thumbsRow?.id,
        ),
      )
      .toBeTruthy();
    const created = listener.seen.find(
      (seen) => seen.action === 'create' && (seen.data[0] as Message).id === thumbsRow?.id,
    );
    expect((created?.data[0] as Message | undefined)?.quoted).toEqual({
      id: firstRow?.id,
      message_id: first.id,
      type: 'chat',
      body: 'Hola',
      fromMe: false,
    });

    // A new reaction to the same message replaces the first.
    const heart = inbound(phone, { type: 'reaction', reaction: { message_id: first.id, emoji: '❤️' } });
    expect(await deliver(heart)).toBe(200);
    expect(await storedMessage(testApp.app, device.id, thumbs.id)).toMatchObject({ deleted: true });
    expect(await storedMessage(testApp.app, device.id, heart.id)).toMatchObject({
      deleted: false,
      body: '❤️',
    });
    await expect
      .poll(() =>
        listener.seen.find(
          (seen) => seen.action === 'update' && (seen.data[0] as Message).id === thumbsRow?.id,
        ),
      )
      .toBeTruthy();
    const replaced = listener.seen.find(
      (seen) => seen.action === 'update' && (seen.data[0] as Message).id === thumbsRow?.id,
    );
    expect(replaced?.data[0]).toMatchObject({
      deleted: true,
      body: '',
      quoted: { message_id: first.id },
    });

    // A reaction to our own message says it was ours.
    const onOurs = inbound(phone, {
      type: 'reaction',
      reaction: { message_id: oursProviderId, emoji: '🙏' },
    });
    expect(await deliver(onOurs)).toBe(200);

    // Taken back: the empty emoji stores nothing and deletes the heart; the reaction to ours stays.
    const removal = inbound(phone, { type: 'reaction', reaction: { message_id: first.id, emoji: '' } });
    expect(await deliver(removal)).toBe(200);
    expect(await storedMessage(testApp.app, device.id, removal.id)).toBeUndefined();
    const heartRow = await storedMessage(testApp.app, device.id, heart.id);
    expect(heartRow).toMatchObject({ deleted: true });
    await expect
      .poll(() =>
        listener.seen.find(
          (seen) => seen.action === 'update' && (seen.data[0] as Message).id === heartRow?.id,
        ),
      )
      .toBeTruthy();

    const shown = await history(contact.id);
    const live = shown.filter((message) => message.type === 'reaction' && !message.deleted);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      body: '🙏',
      quoted: { id: ours.id, message_id: oursProviderId, fromMe: true, body: 'Le confirmamos su hora' },
    });
    expect(shown.find((message) => message.id === heartRow?.id)).toMatchObject({ deleted: true, body: '' });

    // Taken back without the emoji key at all (as Meta also sends it), and repeated: no harm.
    const bare = inbound(phone, { type: 'reaction', reaction: { message_id: oursProviderId } });
    expect(await deliver(bare)).toBe(200);
    expect(await deliver(bare)).toBe(200);
    const after = (await history(contact.id)).filter(
      (message) => message.type === 'reaction' && !message.deleted,
    );
    expect(after).toEqual([]);
    const [row] = await contactsWithPhone(testApp.app, phone);
    // Three reactions were messages; the removals were not.
    expect(row?.numtotal).toBe(4);
  });

  it('names the kinds it does not read instead of dropping them', async () => {
    const phone = newPhone();
    const poll = inbound(phone, { type: 'unsupported', unsupported: { type: 'poll_creation' } });
    const legacy = inbound(phone, {
      type: 'unknown',
      errors: [
        { code: 131051, title: 'Message type unknown', details: 'Message type is currently not supported' },
      ],
    });
    const order = inbound(phone, { type: 'order', order: { catalog_id: '1', product_items: [] } });
    for (const delivery of [poll, legacy, order]) expect(await deliver(delivery)).toBe(200);
    expect(await storedMessage(testApp.app, device.id, poll.id)).toMatchObject({
      type: 'unsupported',
      body: 'poll_creation',
    });
    expect(await storedMessage(testApp.app, device.id, legacy.id)).toMatchObject({
      type: 'unsupported',
      body: 'unknown',
    });
    expect(await storedMessage(testApp.app, device.id, order.id)).toMatchObject({
      type: 'unsupported',
      body: 'order',
    });
  });
});

describe('WhatsApp ids that differ from the saved phone', () => {
  let serial = 0;
  /** A Brazilian mobile: area code and the eight digits after the ninth. */
  const brazilian = () => {
    serial += 1;
    const eight = `8${String(Date.now() % 1_000_000).padStart(6, '0')}${serial % 10}`;
    return { eight: `5511${eight}`, nine: `55119${eight}` };
  };

  const createContact = async (phone: string) => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: owner.token,
      body: { name: 'João Silva', phone, country: 'BR' },
    });
    expect(answer.status).toBe(200);
  };

  const messagesOf = async (phone: string) => {
    const contact = await contactOf(phone);
    return (await storedMessages(testApp.app, device.id)).filter((row) => row.contact_id === contact.id);
  };

  it('lands a wa_id without the ninth digit on the contact saved with it', async () => {
    const { eight, nine } = brazilian();
    await createContact(`+55 11 ${nine.slice(4, 9)}-${nine.slice(9)}`);
    const message = inbound(eight, { type: 'text', text: { body: 'Olá' } });
    expect(await deliver(message)).toBe(200);
    expect(await contactsWithPhone(testApp.app, eight)).toEqual([]);
    expect((await messagesOf(nine)).map((row) => row.message_id)).toEqual([message.id]);
    expect(await contactOf(nine)).toMatchObject({ numtotal: 1, full_name: 'João Silva' });
    // A reaction from that id, and its removal, find the same contact.
    const thumbs = inbound(eight, { type: 'reaction', reaction: { message_id: message.id, emoji: '👍' } });
    await deliver(thumbs);
    await deliver(inbound(eight, { type: 'reaction', reaction: { message_id: message.id, emoji: '' } }));
    expect(await storedMessage(testApp.app, device.id, thumbs.id)).toMatchObject({ deleted: true });
    expect(await contactsWithPhone(testApp.app, eight)).toEqual([]);
  });

  it('lands a wa_id with the ninth digit on the contact saved without it', async () => {
    const { eight, nine } = brazilian();
    await createContact(eight);
    const message = inbound(nine, { type: 'text', text: { body: 'Olá' } });
    expect(await deliver(message)).toBe(200);
    expect(await contactsWithPhone(testApp.app, nine)).toEqual([]);
    expect((await messagesOf(eight)).map((row) => row.message_id)).toEqual([message.id]);
  });

  it('prefers the exact phone when both forms are saved, and makes a new contact only for neither', async () => {
    const both = brazilian();
    await createContact(both.eight);
    await createContact(both.nine);
    const exact = inbound(both.nine, { type: 'text', text: { body: 'exact' } });
    await deliver(exact);
    expect((await messagesOf(both.nine)).map((row) => row.message_id)).toEqual([exact.id]);
    expect(await messagesOf(both.eight)).toEqual([]);

    const fresh = brazilian();
    const firstForm = inbound(fresh.eight, { type: 'text', text: { body: 'primeira' } });
    await deliver(firstForm);
    expect(await contactsWithPhone(testApp.app, fresh.eight)).toHaveLength(1);
    const secondForm = inbound(fresh.nine, { type: 'text', text: { body: 'segunda' } });
    await deliver(secondForm);
    expect(await contactsWithPhone(testApp.app, fresh.nine)).toEqual([]);
    expect(await messagesOf(fresh.eight)).toHaveLength(2);
  });

  it('takes both forms in one delivery as one new contact', async () => {
    const { eight, nine } = brazilian();
    const raw = inbound(eight, { type: 'text', text: { body: 'um' } });
    const other = inbound(nine, { type: 'text', text: { body: 'dois' } });
    const value = raw.body.entry[0]?.changes[0]?.value as { messages: unknown[]; contacts: unknown[] };
    const otherValue = other.body.entry[0]?.changes[0]?.value as { messages: unknown[]; contacts: unknown[] };
    value.messages.push(...otherValue.messages);
    value.contacts.push(...otherValue.contacts);
    expect(await deliver(raw)).toBe(200);
    // The two messages may be written in two batches in either order: whichever form comes first names
    // the one contact, and the other lands on it.
    const found = [
      ...(await contactsWithPhone(testApp.app, eight)),
      ...(await contactsWithPhone(testApp.app, nine)),
    ];
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ numtotal: 2 });
  });

  it('lands a wa_id written with a plus, spaces or dashes on the saved phone', async () => {
    const phone = newPhone();
    await deliver(inbound(phone, { type: 'text', text: { body: 'first' } }));
    const written = `+${phone.slice(0, 2)} ${phone.slice(2, 3)} ${phone.slice(3, 7)}-${phone.slice(7)}`;
    const message = inbound(written, { type: 'text', text: { body: 'written otherwise' } });
    expect(await deliver(message)).toBe(200);
    expect(await contactOf(phone)).toMatchObject({ numtotal: 2 });
    expect(await contactsWithPhone(testApp.app, written)).toEqual([]);
  });
});
