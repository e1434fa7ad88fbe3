import type { Device, Message } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../core/crypto/secret-box';
import { devices } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  contactsWithPhone,
  createDevice,
  listen,
  postWebhook,
  sendText,
  storedMessage,
  storedMessageById,
  takeConversation,
} from '../../test/channel-fixtures';
import { type FakeTelegram, startFakeTelegram } from '../../test/fakes/fake-telegram';
import { TINY_PNG } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

/**
 * Telegram's inbound kinds of API.md part 3 ("Every inbound kind shown"), in the Bot API's update shapes:
 * a shared contact, stickers (still, animated, video), quoted replies, kinds the product does not read.
 */
const BOT_TOKEN = '987654321:AAH-telegram-kinds-token';

let testApp: TestApp;
let telegram: FakeTelegram;
let baseUrl: string;
let owner: Session;
let device: Device;
let secret: string;

beforeAll(async () => {
  telegram = await startFakeTelegram(BOT_TOKEN);
  testApp = await createTestApp({ telegramApiUrl: telegram.url, publicUrl: 'https://conversa.example' });
  baseUrl = await listen(testApp.app);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createDevice(testApp.app, owner, 'telegram', { bot_token: BOT_TOKEN });
  const [row] = await testApp.app.database.db.select().from(devices).where(eq(devices.id, device.id));
  secret = createSecretBox(testApp.config.secretKey).decrypt(String(row?.setting.conect.config.secret_token));
});
afterAll(async () => {
  await testApp?.close();
  await telegram?.close();
});

let updateId = 5000;
let chatCounter = 0;
const newChat = () => {
  chatCounter += 1;
  return 800_000_000 + (Date.now() % 100_000) * 100 + chatCounter;
};

const update = (chatId: number, message: Record<string, unknown>) => {
  updateId += 1;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Ana' },
      from: { id: chatId, is_bot: false, first_name: 'Ana', last_name: 'Pérez' },
      ...message,
    },
  };
};

const deliver = (body: unknown) =>
  postWebhook(baseUrl, `/webhooks/telegram/${device.id}`, JSON.stringify(body), {
    'x-telegram-bot-api-secret-token': secret,
  });

const stored = (chat: number, delivery: ReturnType<typeof update>) =>
  storedMessage(testApp.app, device.id, `${chat}:${delivery.message.message_id}`);

const history = async (contactId: string) =>
  (
    await call<Message>(testApp.app, 'POST', `/api/v1/en/message/contact/${contactId}`, {
      token: owner.token,
      body: { page: 1 },
    })
  ).body.data;

describe('Telegram inbound kinds', () => {
  it('stores a shared contact as a contact card', async () => {
    const chat = newChat();
    const card = update(chat, {
      contact: { phone_number: '+56 9 8765 4321', first_name: 'Ignacio', last_name: 'Pérez', user_id: 42 },
    });
    const noLastName = update(chat, { contact: { phone_number: '56911112222', first_name: 'Rosa' } });
    expect(await deliver(card)).toBe(200);
    expect(await deliver(noLastName)).toBe(200);
    expect(await stored(chat, card)).toMatchObject({
      type: 'contact',
      body: 'Ignacio Pérez +56 9 8765 4321',
      contacts: [{ name: 'Ignacio Pérez', phones: ['56987654321'], emails: [] }],
    });
    expect(await stored(chat, noLastName)).toMatchObject({
      type: 'contact',
      body: 'Rosa 56911112222',
      contacts: [{ name: 'Rosa', phones: ['56911112222'], emails: [] }],
    });
  });

  it('stores a sticker as an image with its file and its emoji, an animated one by its thumbnail', async () => {
    const chat = newChat();
    telegram.files.set('sticker-still', { path: 'stickers/file_1.webp', content: TINY_PNG });
    const still = update(chat, {
      sticker: {
        file_id: 'sticker-still',
        file_unique_id: 'ss',
        type: 'regular',
        width: 512,
        height: 512,
        is_animated: false,
        is_video: false,
        emoji: '😂',
        set_name: 'funny',
      },
    });
    const animated = update(chat, {
      sticker: {
        file_id: 'sticker-animated',
        file_unique_id: 'sa',
        type: 'regular',
        width: 512,
        height: 512,
        is_animated: true,
        is_video: false,
        thumbnail: { file_id: 'sticker-thumb', file_unique_id: 'st', width: 128, height: 128 },
      },
    });
    expect(await deliver(still)).toBe(200);
    expect(await deliver(animated)).toBe(200);
    expect(await stored(chat, still)).toMatchObject({ type: 'image', body: '😂' });
    expect(await stored(chat, animated)).toMatchObject({ type: 'image', body: '' });
    await expect
      .poll(async () => (await stored(chat, still))?.attachment_key, { timeout: 10_000 })
      .toBeTruthy();
    await expect.poll(() => telegram.calls('getFile')).toContainEqual({ file_id: 'sticker-thumb' });
  });

  it("quotes the message a reply answers, the customer's or ours", async () => {
    const chat = newChat();
    const first = update(chat, { text: 'Hola, tienen hora?' });
    await deliver(first);
    const contact = await takeConversation(testApp.app, owner, String(chat));
    const ours = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'Sí, el martes',
    });
    await expect
      .poll(async () => (await storedMessageById(testApp.app, ours.id))?.message_id, { timeout: 15_000 })
      .toBeTruthy();
    const oursProviderId = String((await storedMessageById(testApp.app, ours.id))?.message_id);
    const oursTelegramId = Number(oursProviderId.split(':')[1]);

    const toOurs = update(chat, {
      text: 'Perfecto',
      reply_to_message: {
        message_id: oursTelegramId,
        date: 1,
        chat: { id: chat, type: 'private' },
        text: 'Sí, el martes',
      },
    });
    const toTheirs = update(chat, {
      text: 'olvidé decir',
      reply_to_message: {
        message_id: first.message.message_id,
        date: 1,
        chat: { id: chat, type: 'private' },
      },
    });
    expect(await deliver(toOurs)).toBe(200);
    expect(await deliver(toTheirs)).toBe(200);
    expect(await stored(chat, toOurs)).toMatchObject({ quoted_message_id: oursProviderId });
    const shown = await history(contact.id);
    const byProviderId = (id: string) => shown.find((message) => message.message_id === id);
    expect(byProviderId(`${chat}:${toOurs.message.message_id}`)?.quoted).toEqual({
      id: ours.id,
      message_id: oursProviderId,
      type: 'chat',
      body: 'Sí, el martes',
      fromMe: true,
    });
    expect(byProviderId(`${chat}:${toTheirs.message.message_id}`)?.quoted).toMatchObject({
      message_id: `${chat}:${first.message.message_id}`,
      body: 'Hola, tienen hora?',
      fromMe: false,
    });
  });

  it('names a kind it does not read, and turns GIFs and video notes into videos', async () => {
    const chat = newChat();
    const poll = update(chat, {
      poll: { id: 'p1', question: '¿Martes o jueves?', options: [], total_voter_count: 0 },
    });
    const dice = update(chat, { dice: { emoji: '🎲', value: 4 } });
    const gif = update(chat, {
      animation: {
        file_id: 'gif-1',
        file_unique_id: 'g',
        width: 1,
        height: 1,
        duration: 1,
        mime_type: 'video/mp4',
      },
      document: { file_id: 'gif-1', file_unique_id: 'g', mime_type: 'video/mp4' },
    });
    const note = update(chat, {
      video_note: { file_id: 'note-1', file_unique_id: 'n', length: 1, duration: 1 },
    });
    for (const delivery of [poll, dice, gif, note]) expect(await deliver(delivery)).toBe(200);
    expect(await stored(chat, poll)).toMatchObject({ type: 'unsupported', body: 'poll' });
    expect(await stored(chat, dice)).toMatchObject({ type: 'unsupported', body: 'dice' });
    expect(await stored(chat, gif)).toMatchObject({ type: 'video' });
    expect(await stored(chat, note)).toMatchObject({ type: 'video' });
    expect(await contactsWithPhone(testApp.app, String(chat))).toMatchObject([{ numtotal: 4 }]);
  });
});
