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
  sendFile,
  sendText,
  storedMessage,
  storedMessageById,
  TINY_MP4,
  TINY_OGG,
  TINY_PDF,
  takeConversation,
} from '../../test/channel-fixtures';
import { type FakeTelegram, startFakeTelegram } from '../../test/fakes/fake-telegram';
import { createTestMessagesService } from '../../test/messages-service';
import { TINY_PNG } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

const BOT_TOKEN = '123456789:AAH-telegram-test-token';

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

let updateId = 1000;
let chatCounter = 0;
const newChat = () => {
  chatCounter += 1;
  return 700_000_000 + (Date.now() % 100_000) * 100 + chatCounter;
};

const update = (chatId: number, message: Record<string, unknown>) => {
  updateId += 1;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Ana' },
      from: { id: chatId, is_bot: false, first_name: 'Ana', last_name: 'Pérez', username: 'anap' },
      ...message,
    },
  };
};

const deliver = (body: unknown, token: string | null = secret) =>
  postWebhook(
    baseUrl,
    `/webhooks/telegram/${device.id}`,
    JSON.stringify(body),
    token === null ? {} : { 'x-telegram-bot-api-secret-token': token },
  );

const settled = (id: string) =>
  expect
    .poll(async () => (await storedMessageById(testApp.app, id))?.status, { timeout: 15_000 })
    .not.toBe('queue');

describe('Telegram bots', () => {
  it('connects by checking the token and registering the webhook with a secret token', async () => {
    expect(device).toMatchObject({
      status: 'connected',
      setting: {
        conect: {
          webhook_url: `https://conversa.example/webhooks/telegram/${device.id}`,
          config: { bot_token: '••••oken' },
        },
      },
    });
    expect(String(device.setting.conect.config.secret_token)).toMatch(/^••••/);
    expect(telegram.calls('getMe').length).toBeGreaterThan(0);
    expect(telegram.calls('setWebhook').at(-1)).toMatchObject({
      url: `https://conversa.example/webhooks/telegram/${device.id}`,
      secret_token: secret,
      allowed_updates: ['message', 'callback_query'],
    });
    const wrong = await createDevice(testApp.app, owner, 'telegram', { bot_token: '1:wrong' });
    expect(wrong.status).toBe('disconnected');
    await call(testApp.app, 'DELETE', `/api/v1/en/device/deleteone/${wrong.id}`, { token: owner.token });
  });

  it('refuses a delivery without the secret token and stores nothing', async () => {
    const chat = newChat();
    const body = update(chat, { text: 'forged' });
    expect(await deliver(body, 'not-the-secret')).toBe(401);
    expect(await deliver(body, null)).toBe(401);
    expect(await contactsWithPhone(testApp.app, String(chat))).toEqual([]);
  });

  it('stores every kind of inbound message, the chat id standing for the phone', async () => {
    const chat = newChat();
    telegram.files.set('photo-big', { path: 'photos/file_9.jpg', content: TINY_PNG });
    const kinds = [
      [{ text: 'Hola' }, 'chat', 'Hola'],
      [
        {
          photo: [
            { file_id: 'photo-small', file_unique_id: 's', width: 90, height: 90 },
            { file_id: 'photo-big', file_unique_id: 'b', width: 800, height: 800 },
          ],
          caption: 'mira',
        },
        'image',
        'mira',
      ],
      [
        {
          document: {
            file_id: 'doc-1',
            file_unique_id: 'd',
            file_name: 'cv.pdf',
            mime_type: 'application/pdf',
          },
        },
        'document',
        '',
      ],
      [
        { audio: { file_id: 'audio-1', file_unique_id: 'a', duration: 3, mime_type: 'audio/mpeg' } },
        'audio',
        '',
      ],
      [
        { voice: { file_id: 'voice-1', file_unique_id: 'v', duration: 2, mime_type: 'audio/ogg' } },
        'audio',
        '',
      ],
      [{ video: { file_id: 'video-1', file_unique_id: 'w', width: 1, height: 1, duration: 1 } }, 'video', ''],
      [{ location: { latitude: -33.45, longitude: -70.66 } }, 'location', '-33.45;-70.66'],
    ] as const;
    for (const [message, type, body] of kinds) {
      const delivery = update(chat, message);
      expect(await deliver(delivery)).toBe(200);
      expect(
        await storedMessage(testApp.app, device.id, `${chat}:${delivery.message.message_id}`),
      ).toMatchObject({
        type,
        body,
        from_me: false,
      });
    }
    const [contact] = await contactsWithPhone(testApp.app, String(chat));
    expect(contact).toMatchObject({ full_name: 'Ana Pérez', phone: String(chat) });
    const photoId = `${chat}:${updateId - 5}`;
    await expect
      .poll(async () => (await storedMessage(testApp.app, device.id, photoId))?.attachment_key, {
        timeout: 10_000,
      })
      .toBeTruthy();
    expect(telegram.calls('getFile')).toContainEqual({ file_id: 'photo-big' });
    expect(
      telegram.received((request) => request.path === `/file/bot${BOT_TOKEN}/photos/file_9.jpg`),
    ).toHaveLength(1);
  });

  it('sends every kind through its Bot API method', async () => {
    const chat = newChat();
    await deliver(update(chat, { text: 'Hola' }));
    const contact = await takeConversation(testApp.app, owner, String(chat));
    const base = { device_id: device.id, contact_id: contact.id };
    const sent: Message[] = [
      await sendText(testApp.app, owner, { ...base, body: 'Hola Ana' }),
      await sendText(testApp.app, owner, { ...base, type: 'location', lat: 1.5, lng: 2.5 }),
      await sendFile(
        testApp.app,
        owner,
        { ...base, type: 'image', body: 'foto' },
        { name: 'a.png', content: TINY_PNG, type: 'image/png' },
      ),
      await sendFile(
        testApp.app,
        owner,
        { ...base, type: 'document' },
        { name: 'cv.pdf', content: TINY_PDF, type: 'application/pdf' },
      ),
      await sendFile(
        testApp.app,
        owner,
        { ...base, type: 'audio' },
        { name: 'v.ogg', content: TINY_OGG, type: 'audio/ogg' },
      ),
      await sendFile(
        testApp.app,
        owner,
        { ...base, type: 'video' },
        { name: 'v.mp4', content: TINY_MP4, type: 'video/mp4' },
      ),
    ];
    for (const message of sent) await settled(message.id);
    for (const message of sent) {
      expect(await storedMessageById(testApp.app, message.id)).toMatchObject({ status: 'sent' });
    }
    const to = (method: string) => telegram.calls(method).filter((body) => body.chat_id === String(chat));
    expect(to('sendMessage')).toEqual([{ chat_id: String(chat), text: 'Hola Ana' }]);
    expect(to('sendLocation')).toEqual([{ chat_id: String(chat), latitude: 1.5, longitude: 2.5 }]);
    expect(to('sendPhoto')[0]).toMatchObject({
      caption: 'foto',
      photo: expect.stringMatching(/^https:\/\/conversa\.example\/files\//),
    });
    expect(to('sendDocument')).toHaveLength(1);
    expect(to('sendVoice')).toHaveLength(1);
    expect(to('sendVideo')).toHaveLength(1);
  }, 30_000);

  it('offers reply buttons as an inline keyboard whose callback data is the button id', async () => {
    const [deviceRow] = await testApp.app.database.db.select().from(devices).where(eq(devices.id, device.id));
    if (!deviceRow) throw new Error('the device was not stored');
    const service = createTestMessagesService(testApp);
    const sendWith = async (buttons: { id: string; title: string }[]) => {
      const chat = newChat();
      await deliver(update(chat, { text: 'Hola' }));
      const contact = await takeConversation(testApp.app, owner, String(chat));
      const queued = await service.queueBroadcast(
        { clientId: owner.clientId, userId: owner.userId },
        { device: deviceRow, contact, body: '¿Confirma?', buttons },
        async () => undefined,
      );
      expect(await service.attemptSend(owner.clientId, queued.id, 1)).toMatchObject({ kind: 'sent' });
      return telegram.calls('sendMessage').filter((body) => body.chat_id === String(chat));
    };
    expect(
      await sendWith([
        { id: 'cf:row-1:confirm', title: 'Confirmar' },
        { id: 'cf:row-1:cancel', title: 'Cancelar' },
      ]),
    ).toEqual([
      {
        chat_id: expect.any(String),
        text: '¿Confirma?',
        reply_markup: {
          inline_keyboard: [
            [
              { text: 'Confirmar', callback_data: 'cf:row-1:confirm' },
              { text: 'Cancelar', callback_data: 'cf:row-1:cancel' },
            ],
          ],
        },
      },
    ]);
    // Callback data holds 64 bytes: a longer id goes without a keyboard rather than not at all.
    expect(await sendWith([{ id: 'x'.repeat(65), title: 'Sí' }])).toEqual([
      { chat_id: expect.any(String), text: '¿Confirma?' },
    ]);
  });

  it("stores a press of an inline button as the customer's text with the button id as its reply", async () => {
    const chat = newChat();
    const callbackId = `cb-${chat}`;
    updateId += 1;
    const press = {
      update_id: updateId,
      callback_query: {
        id: callbackId,
        from: { id: chat, is_bot: false, first_name: 'Ana', last_name: 'Pérez' },
        chat_instance: '-123',
        data: 'cf:row-1:cancel',
        message: {
          message_id: 77,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chat, type: 'private', first_name: 'Ana' },
          text: '¿Confirma?',
          reply_markup: {
            inline_keyboard: [
              [
                { text: 'Confirmar', callback_data: 'cf:row-1:confirm' },
                { text: 'Cancelar', callback_data: 'cf:row-1:cancel' },
              ],
            ],
          },
        },
      },
    };
    // The delivery's answer runs answerCallbackQuery, so the customer's app stops its spinner.
    const answered = await fetch(`${baseUrl}/webhooks/telegram/${device.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
      body: JSON.stringify(press),
    });
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ method: 'answerCallbackQuery', callback_query_id: callbackId });
    expect(await deliver(press)).toBe(200);
    expect(await storedMessage(testApp.app, device.id, `callback:${callbackId}`)).toMatchObject({
      type: 'chat',
      body: 'Cancelar',
      button_reply: 'cf:row-1:cancel',
      from_me: false,
    });
    expect(await contactsWithPhone(testApp.app, String(chat))).toMatchObject([
      { full_name: 'Ana Pérez', numtotal: 1 },
    ]);
  });

  it('honours 429 retry_after before trying again, and paces one message a second per chat', async () => {
    const chat = newChat();
    await deliver(update(chat, { text: 'Hola' }));
    const contact = await takeConversation(testApp.app, owner, String(chat));
    telegram.script(/\/sendMessage$/, [
      {
        status: 429,
        json: {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 2',
          parameters: { retry_after: 2 },
        },
      },
    ]);
    const first = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'one',
    });
    await settled(first.id);
    const tries = telegram.received((request) => request.json.chat_id === String(chat));
    expect(tries).toHaveLength(2);
    expect((tries[1]?.at ?? 0) - (tries[0]?.at ?? 0)).toBeGreaterThanOrEqual(1950);

    const burst = await Promise.all(
      ['a', 'b', 'c'].map((body) =>
        sendText(testApp.app, owner, { device_id: device.id, contact_id: contact.id, body }),
      ),
    );
    for (const message of burst) await settled(message.id);
    const times = telegram
      .received((request) => request.json.chat_id === String(chat))
      .slice(2)
      .map((request) => request.at);
    expect(times).toHaveLength(3);
    expect((times[2] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1900);
    // Each waiting message kept the turn it was given: the burst took its two turns, not a race for each.
    expect((times[2] ?? 0) - (times[0] ?? 0)).toBeLessThan(3500);
  }, 30_000);

  it('disconnects by deleting the webhook, and connects again with a new secret', async () => {
    const off = await call<Device>(testApp.app, 'POST', `/api/v1/en/device/disconnect/${device.id}`, {
      token: owner.token,
    });
    expect(off.body.data[0]?.status).toBe('disconnected');
    expect(telegram.calls('deleteWebhook').length).toBeGreaterThan(0);
    const on = await call<Device>(testApp.app, 'POST', `/api/v1/en/device/connect/${device.id}`, {
      token: owner.token,
    });
    expect(on.body.data[0]?.status).toBe('connected');
    const renewed = String(telegram.calls('setWebhook').at(-1)?.secret_token);
    expect(renewed).not.toBe(secret);
    expect(await deliver(update(newChat(), { text: 'old secret' }))).toBe(401);
    expect(await deliver(update(newChat(), { text: 'new secret' }), renewed)).toBe(200);
    secret = renewed;
  });
});
