import type { Device, Message, Template } from '@conversa/domain';
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
  storedMessages,
  TINY_MP4,
  TINY_OGG,
  TINY_PDF,
  takeConversation,
} from '../../test/channel-fixtures';
import { type FakeGraph, startFakeGraph } from '../../test/fakes/fake-graph';
import { createTestMessagesService } from '../../test/messages-service';
import { newPhone, TINY_PNG } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

const TOKEN = 'EAAB-whatsapp-token-1234';
const APP_SECRET = 'whatsapp-app-secret';
const PHONE_ID = '106540352242922';
const WABA_ID = '102290129340398';

let testApp: TestApp;
let graph: FakeGraph;
let baseUrl: string;
let owner: Session;
let device: Device;

const config = {
  phone_number_id: PHONE_ID,
  waba_id: WABA_ID,
  access_token: TOKEN,
  app_secret: APP_SECRET,
  verify_token: 'verify-me-please',
};

beforeAll(async () => {
  graph = await startFakeGraph(TOKEN);
  testApp = await createTestApp({ graphApiUrl: graph.apiUrl, publicUrl: 'https://conversa.example' });
  baseUrl = await listen(testApp.app);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createDevice(testApp.app, owner, 'whatsapp', config);
});
afterAll(async () => {
  await testApp?.close();
  await graph?.close();
});

let counter = 0;
const wamid = () => {
  counter += 1;
  return `wamid.IN${Date.now()}${counter}`;
};

const payload = (value: Record<string, unknown>) => ({
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
            ...value,
          },
        },
      ],
    },
  ],
});

const inbound = (phone: string, message: Record<string, unknown>, name = 'Ana Pérez') =>
  payload({
    contacts: [{ profile: { name }, wa_id: phone }],
    messages: [{ from: phone, id: wamid(), timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
  });

/** `count` text messages from one customer, as Meta lists them in one delivery. */
const texts = (phone: string, prefix: string, count: number) => {
  const stamp = String(Math.floor(Date.now() / 1000));
  return Array.from({ length: count }, (_, index) => ({
    from: phone,
    id: wamid(),
    timestamp: stamp,
    type: 'text',
    text: { body: `${prefix} ${index}` },
  }));
};

const manyFrom = (phone: string, messages: unknown[]) =>
  payload({ contacts: [{ profile: { name: 'Ana Pérez' }, wa_id: phone }], messages });

const deliver = (body: unknown, secret = APP_SECRET) => {
  const raw = JSON.stringify(body);
  return postWebhook(baseUrl, `/webhooks/whatsapp/${device.id}`, raw, {
    'x-hub-signature-256': metaSignature(raw, secret),
  });
};

const idOf = (body: ReturnType<typeof inbound>): string => {
  const value = body.entry[0]?.changes[0]?.value as unknown as { messages: { id: string }[] } | undefined;
  return String(value?.messages[0]?.id);
};

const conversation = async () => {
  const phone = newPhone();
  expect(await deliver(inbound(phone, { type: 'text', text: { body: 'Hola' } }))).toBe(200);
  const contact = await takeConversation(testApp.app, owner, phone);
  return { phone, contact };
};

const settled = (messageId: string) =>
  expect
    .poll(async () => (await storedMessageById(testApp.app, messageId))?.status, { timeout: 15_000 })
    .not.toBe('queue');

describe('WhatsApp Cloud API devices', () => {
  it('is connected when the credentials check passes, with masked secrets and its webhook URL', async () => {
    expect(device).toMatchObject({
      status: 'connected',
      setting: {
        conect: {
          type: 'whatsapp',
          webhook_url: `https://conversa.example/webhooks/whatsapp/${device.id}`,
          config: { phone_number_id: PHONE_ID, access_token: '••••1234', verify_token: '••••ease' },
        },
      },
    });
    expect(JSON.stringify(device)).not.toContain(TOKEN);
    const wrong = await createDevice(testApp.app, owner, 'whatsapp', { ...config, access_token: 'wrong' });
    expect(wrong.status).toBe('disconnected');
    await call(testApp.app, 'DELETE', `/api/v1/en/device/deleteone/${wrong.id}`, { token: owner.token });
  });

  it('answers the subscription handshake only with the verify token', async () => {
    const url = `${baseUrl}/webhooks/whatsapp/${device.id}?hub.mode=subscribe&hub.challenge=1158201444`;
    const good = await fetch(`${url}&hub.verify_token=verify-me-please`);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toContain('text/plain');
    expect(await good.text()).toBe('1158201444');
    expect((await fetch(`${url}&hub.verify_token=guess`)).status).toBe(403);
  });

  it('refuses a delivery with a bad or missing signature and stores nothing', async () => {
    const phone = newPhone();
    const body = inbound(phone, { type: 'text', text: { body: 'forged' } });
    expect(await deliver(body, 'not-the-app-secret')).toBe(401);
    expect(await postWebhook(baseUrl, `/webhooks/whatsapp/${device.id}`, JSON.stringify(body))).toBe(401);
    const raw = JSON.stringify(body);
    const tampered = raw.replace('forged', 'FORGED');
    expect(
      await postWebhook(baseUrl, `/webhooks/whatsapp/${device.id}`, tampered, {
        'x-hub-signature-256': metaSignature(raw, APP_SECRET),
      }),
    ).toBe(401);
    expect(await contactsWithPhone(testApp.app, phone)).toEqual([]);
    expect(await storedMessage(testApp.app, device.id, idOf(body))).toBeUndefined();
  });

  it('stores every kind of inbound message, and fetches media files in the background', async () => {
    const phone = newPhone();
    graph.media.set('media-image-1', { content: TINY_PNG, mimeType: 'image/png' });
    graph.media.set('media-doc-1', { content: TINY_PDF, mimeType: 'application/pdf' });
    const kinds = [
      [{ type: 'text', text: { body: 'Hola' } }, 'chat', 'Hola'],
      [
        { type: 'image', image: { id: 'media-image-1', mime_type: 'image/png', caption: 'mira' } },
        'image',
        'mira',
      ],
      [{ type: 'audio', audio: { id: 'media-audio-1', mime_type: 'audio/ogg', voice: true } }, 'audio', ''],
      [{ type: 'video', video: { id: 'media-video-1', mime_type: 'video/mp4' } }, 'video', ''],
      [
        {
          type: 'document',
          document: { id: 'media-doc-1', mime_type: 'application/pdf', filename: 'cv.pdf' },
        },
        'document',
        '',
      ],
      [
        { type: 'location', location: { latitude: -33.45, longitude: -70.66, name: 'Plaza' } },
        'location',
        '-33.45;-70.66',
      ],
      [
        {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sí' } },
        },
        'chat',
        'Sí',
      ],
      [
        {
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: 'l1', title: 'Martes', description: 'PM' } },
        },
        'chat',
        'Martes',
      ],
      [{ type: 'button', button: { text: 'Confirmar', payload: 'CONFIRM' } }, 'chat', 'Confirmar'],
    ] as const;
    for (const [message, type, body] of kinds) {
      const delivery = inbound(phone, message);
      expect(await deliver(delivery)).toBe(200);
      expect(await storedMessage(testApp.app, device.id, idOf(delivery))).toMatchObject({
        type,
        body,
        from_me: false,
        status: 'recive',
      });
    }
    const [contact] = await contactsWithPhone(testApp.app, phone);
    expect(contact).toMatchObject({ full_name: 'Ana Pérez', numtotal: kinds.length });

    const image = inbound(phone, { type: 'image', image: { id: 'media-image-1', mime_type: 'image/png' } });
    await deliver(image);
    await expect
      .poll(async () => (await storedMessage(testApp.app, device.id, idOf(image)))?.attachment_key, {
        timeout: 10_000,
      })
      .toBeTruthy();
    expect(await storedMessage(testApp.app, device.id, idOf(image))).toMatchObject({ mimetype: 'image/png' });
    const lookup = graph.received((request) => request.path === '/v23.0/media-image-1');
    expect(lookup[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const download = graph.received((request) => request.path === '/media-download/media-image-1');
    expect(download[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('stores a delivery sent five times at once exactly once', async () => {
    const phone = newPhone();
    const delivery = inbound(phone, { type: 'text', text: { body: 'once' } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(delivery)));
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    const rows = (await storedMessages(testApp.app, device.id)).filter(
      (row) => row.message_id === idOf(delivery),
    );
    expect(rows).toHaveLength(1);
    expect(await contactsWithPhone(testApp.app, phone)).toHaveLength(1);
  });

  it('one delivery of ten messages (one of them twice) from one customer counts ten, written together', async () => {
    const phone = newPhone();
    const messages = texts(phone, 'part', 10);
    // Meta batches what it has; the first four are written at once, the rest share one transaction.
    const delivery = manyFrom(phone, [...messages, messages[7]]);
    expect(await deliver(delivery)).toBe(200);
    const rows = (await storedMessages(testApp.app, device.id)).filter((row) =>
      messages.some((message) => message.id === row.message_id),
    );
    expect(rows.map((row) => row.body).sort()).toEqual(messages.map((message) => message.text.body).sort());
    const [contact] = await contactsWithPhone(testApp.app, phone);
    expect(contact).toMatchObject({ numpending: 10, numtotal: 10 });
  });

  it('a message that cannot be stored fails its webhook alone: the others of its batch are kept', async () => {
    const phone = newPhone();
    const good = texts(phone, 'kept', 9);
    // PostgreSQL text cannot hold a NUL character: an id holding one is refused (400), the rest stored.
    const poisoned = { ...good[0], id: `${wamid()}\u0000`, text: { body: 'never stored' } };
    const delivery = manyFrom(phone, [...good, poisoned]);
    expect(await deliver(delivery)).toBe(400);
    const rows = (await storedMessages(testApp.app, device.id)).filter((row) => row.body.startsWith('kept '));
    expect(rows.filter((row) => good.some((message) => message.id === row.message_id))).toHaveLength(9);
    const [contact] = await contactsWithPhone(testApp.app, phone);
    expect(contact).toMatchObject({ numpending: 9, numtotal: 9 });
    // The provider retries the whole delivery: the nine are repeats and change nothing.
    expect(await deliver(delivery)).toBe(400);
    expect((await contactsWithPhone(testApp.app, phone))[0]).toMatchObject({ numpending: 9, numtotal: 9 });
  });

  it('stores a signed delivery holding half an emoji (a lone surrogate) with U+FFFD in its place', async () => {
    const phone = newPhone();
    graph.media.set('media-doc-half', { content: TINY_PDF, mimeType: 'application/pdf' });
    const text = inbound(phone, { type: 'text', text: { body: 'Hola \ud83d' } }, 'Ana \ud83d');
    const document = inbound(phone, {
      type: 'document',
      document: {
        id: 'media-doc-half',
        mime_type: 'application/pdf',
        filename: 'cv\ud83d.pdf',
        caption: '\ud83d',
      },
    });
    // Meta writes it as the JSON escape "\ud83d", and signs those exact bytes.
    expect(JSON.stringify(text)).toContain('Hola \\ud83d');
    expect(await deliver(text)).toBe(200);
    expect(await deliver(document)).toBe(200);
    expect(await storedMessage(testApp.app, device.id, idOf(text))).toMatchObject({ body: 'Hola \ufffd' });
    expect(await storedMessage(testApp.app, device.id, idOf(document))).toMatchObject({ body: '\ufffd' });
    await expect
      .poll(async () => (await storedMessage(testApp.app, device.id, idOf(document)))?.filename, {
        timeout: 10_000,
      })
      .toBe('cv\ufffd.pdf');
    expect(await contactsWithPhone(testApp.app, phone)).toMatchObject([
      { full_name: 'Ana \ufffd', numtotal: 2 },
    ]);

    const { contact } = await conversation();
    const sent = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'x',
    });
    await settled(sent.id);
    const failed = payload({
      statuses: [
        {
          id: String((await storedMessageById(testApp.app, sent.id))?.message_id),
          status: 'failed',
          timestamp: '1',
          recipient_id: '1',
          errors: [{ code: 131000, title: 'Failed', message: 'Cut \ud83d' }],
        },
      ],
    });
    expect(await deliver(failed)).toBe(200);
    expect(await storedMessageById(testApp.app, sent.id)).toMatchObject({
      status: 'error',
      error: 'Cut \ufffd (#131000)',
    });
  });

  it('accepts a 3 MB delivery', async () => {
    const phone = newPhone();
    const delivery = inbound(phone, { type: 'text', text: { body: 'big batch' } });
    (delivery.entry[0]?.changes[0]?.value as Record<string, unknown>).padding = 'x'.repeat(3 * 1024 * 1024);
    expect(await deliver(delivery)).toBe(200);
    expect(await storedMessage(testApp.app, device.id, idOf(delivery))).toMatchObject({ body: 'big batch' });
  });

  it('sends text, location, image, document, audio and video through POST /{phone_number_id}/messages', async () => {
    const { phone, contact } = await conversation();
    const base = { device_id: device.id, contact_id: contact.id };
    const sent: Message[] = [
      await sendText(testApp.app, owner, { ...base, type: 'chat', body: 'Hola Ana' }),
      await sendText(testApp.app, owner, { ...base, type: 'location', lat: -33.4, lng: -70.6 }),
      await sendFile(
        testApp.app,
        owner,
        { ...base, type: 'image', body: 'foto' },
        {
          name: 'a.png',
          content: TINY_PNG,
          type: 'image/png',
        },
      ),
      await sendFile(
        testApp.app,
        owner,
        { ...base, type: 'document' },
        {
          name: 'cv.pdf',
          content: TINY_PDF,
          type: 'application/pdf',
        },
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
      expect(await storedMessageById(testApp.app, message.id)).toMatchObject({ status: 'sent', error: '' });
    }
    const bodies = graph.sends(PHONE_ID).filter((body) => body.to === phone);
    expect(bodies).toHaveLength(6);
    const byType = Object.fromEntries(bodies.map((body) => [String(body.type), body]));
    expect(byType.text).toMatchObject({ messaging_product: 'whatsapp', text: { body: 'Hola Ana' } });
    expect(byType.location).toMatchObject({ location: { latitude: -33.4, longitude: -70.6 } });
    expect(byType.image).toMatchObject({ image: { caption: 'foto' } });
    expect(String((byType.image?.image as { link?: string } | undefined)?.link)).toMatch(
      /^https:\/\/conversa\.example\/files\/.+\?exp=\d+&sig=/,
    );
    expect(byType.document).toMatchObject({ document: { filename: 'cv.pdf' } });
    expect(byType.audio).toHaveProperty('audio.link');
    expect(byType.video).toHaveProperty('video.link');
    const request = graph.received((r) => r.json.to === phone)[0];
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('sends a template with its placeholders filled', async () => {
    const { phone, contact } = await conversation();
    const answer = await call<Message>(testApp.app, 'POST', '/api/v1/en/message/sendtemplate', {
      token: owner.token,
      body: {
        device_id: device.id,
        contact_id: contact.id,
        template: {
          name: 'order_ready',
          language: 'es',
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: '$firstname' },
                { type: 'text', text: 'A-7' },
              ],
            },
          ],
        },
      },
    });
    expect(answer.status).toBe(200);
    await settled(String(answer.body.data[0]?.id));
    const [body] = graph.sends(PHONE_ID).filter((sent) => sent.to === phone);
    expect(body).toMatchObject({
      type: 'template',
      template: {
        name: 'order_ready',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'A-7' },
            ],
          },
        ],
      },
    });
  });

  it('sends reply buttons as an interactive message, each title cut to the 20 characters WhatsApp shows', async () => {
    const { phone, contact } = await conversation();
    const [deviceRow] = await testApp.app.database.db.select().from(devices).where(eq(devices.id, device.id));
    if (!deviceRow) throw new Error('the device was not stored');
    const service = createTestMessagesService(testApp);
    const sender = { clientId: owner.clientId, userId: owner.userId };
    const buttons = [
      { id: 'cf:row-1:confirm', title: 'Confirmar' },
      { id: 'cf:row-1:cancel', title: 'Cancelar la hora del martes' },
    ];
    const send = async (body: string) => {
      const queued = await service.queueBroadcast(
        sender,
        { device: deviceRow, contact, body, buttons },
        async () => undefined,
      );
      expect(await service.attemptSend(owner.clientId, queued.id, 1)).toMatchObject({ kind: 'sent' });
      return graph
        .sends(PHONE_ID)
        .filter((sent) => sent.to === phone)
        .at(-1);
    };

    expect(await send('¿Confirma su hora?')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: phone,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: '¿Confirma su hora?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'cf:row-1:confirm', title: 'Confirmar' } },
            { type: 'reply', reply: { id: 'cf:row-1:cancel', title: 'Cancelar la hora del' } },
          ],
        },
      },
    });
    // Over the 1024 characters an interactive body holds, the text goes alone: a typed yes or no still answers.
    expect(await send('a'.repeat(1025))).toMatchObject({ type: 'text', text: { body: 'a'.repeat(1025) } });
  });

  it('stores a pressed reply button, list row or template button with its id as the button reply', async () => {
    const phone = newPhone();
    const presses = [
      [
        {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sí' } },
        },
        'Sí',
        'b1',
      ],
      [
        {
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: 'l1', title: 'Martes' } },
        },
        'Martes',
        'l1',
      ],
      [{ type: 'button', button: { text: 'Confirmar', payload: 'CONFIRM' } }, 'Confirmar', 'CONFIRM'],
      [{ type: 'text', text: { body: 'Confirmar' } }, 'Confirmar', ''],
    ] as const;
    for (const [message, body, buttonReply] of presses) {
      const delivery = inbound(phone, message);
      expect(await deliver(delivery)).toBe(200);
      expect(await storedMessage(testApp.app, device.id, idOf(delivery))).toMatchObject({
        type: 'chat',
        body,
        button_reply: buttonReply,
      });
    }
  });

  it('moves statuses only forward, and a failure shows the provider reason', async () => {
    const { contact } = await conversation();
    const message = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'x',
    });
    await settled(message.id);
    const providerId = String((await storedMessageById(testApp.app, message.id))?.message_id);
    const status = (value: string, extra: Record<string, unknown> = {}) =>
      payload({ statuses: [{ id: providerId, status: value, timestamp: '1', recipient_id: '1', ...extra }] });
    expect(await deliver(status('read'))).toBe(200);
    expect(await deliver(status('delivered'))).toBe(200);
    expect(await deliver(status('sent'))).toBe(200);
    expect((await storedMessageById(testApp.app, message.id))?.status).toBe('read');

    const other = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'y',
    });
    await settled(other.id);
    const otherId = String((await storedMessageById(testApp.app, other.id))?.message_id);
    await deliver(
      payload({
        statuses: [
          {
            id: otherId,
            status: 'failed',
            timestamp: '1',
            recipient_id: '1',
            errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message' }],
          },
        ],
      }),
    );
    expect(await storedMessageById(testApp.app, other.id)).toMatchObject({
      status: 'error',
      error: 'Re-engagement message (#131047)',
    });
  });

  it('waits out a throughput limit (130429) before trying again, then sends once', async () => {
    const { phone, contact } = await conversation();
    graph.script(new RegExp(`/${PHONE_ID}/messages$`), [
      {
        status: 400,
        json: { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } },
      },
    ]);
    const message = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'slow',
    });
    await settled(message.id);
    const attempts = graph.received((request) => request.json.to === phone);
    expect(attempts).toHaveLength(2);
    expect((attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect((await storedMessageById(testApp.app, message.id))?.status).toBe('sent');
  });

  it('retries after a 5xx (the provider did not take it) and sends it exactly once', async () => {
    const { phone, contact } = await conversation();
    graph.script(new RegExp(`/${PHONE_ID}/messages$`), [
      { status: 503, json: { error: { message: 'Service temporarily unavailable', code: 2 } } },
    ]);
    const message = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'retry',
    });
    await settled(message.id);
    expect(graph.received((request) => request.json.to === phone)).toHaveLength(2);
    expect((await storedMessageById(testApp.app, message.id))?.status).toBe('sent');
  });

  it('does not resend after a timeout, whose outcome is unknown', async () => {
    const { phone, contact } = await conversation();
    graph.script(new RegExp(`/${PHONE_ID}/messages$`), [{ hang: true }]);
    const message = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'lost?',
    });
    await settled(message.id);
    expect(await storedMessageById(testApp.app, message.id)).toMatchObject({
      status: 'error',
      error: expect.stringContaining('delivery unknown'),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(graph.received((request) => request.json.to === phone)).toHaveLength(1);
  });

  it('marks a refused message error with the provider reason, without retrying', async () => {
    const { phone, contact } = await conversation();
    graph.script(new RegExp(`/${PHONE_ID}/messages$`), [
      {
        status: 400,
        json: {
          error: {
            message: 'Message Undeliverable.',
            code: 131026,
            error_data: { details: 'Recipient is not a WhatsApp user' },
          },
        },
      },
    ]);
    const message = await sendText(testApp.app, owner, {
      device_id: device.id,
      contact_id: contact.id,
      body: 'no',
    });
    await settled(message.id);
    expect(await storedMessageById(testApp.app, message.id)).toMatchObject({
      status: 'error',
      error: 'Message Undeliverable.: Recipient is not a WhatsApp user (#131026)',
    });
    expect(graph.received((request) => request.json.to === phone)).toHaveLength(1);
  });

  it('synchronises the templates of the WhatsApp Business account, then lists and reads them', async () => {
    graph.templates.set(WABA_ID, [
      {
        id: 't1',
        name: 'order_ready',
        language: 'es',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [
          {
            type: 'BODY',
            text: 'Hola {{1}}, tu pedido {{2}} está listo',
            example: { body_text: [['Ana', 'A-1']] },
          },
        ],
      },
      {
        id: 't2',
        name: 'welcome',
        language: 'en',
        status: 'APPROVED',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Welcome!' }],
      },
      {
        id: 't3',
        name: 'welcome',
        language: 'es',
        status: 'PENDING',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: '¡Bienvenido!' }],
      },
    ]);
    const synced = await call<Template>(testApp.app, 'GET', '/api/v1/en/template/synchronize', {
      token: owner.token,
    });
    expect(synced.status).toBe(200);
    expect(synced.body.data.map((template) => `${template.name}/${template.language}`)).toEqual([
      'order_ready/es',
      'welcome/en',
      'welcome/es',
    ]);
    // Paged: three templates come in two pages.
    expect(graph.received((request) => request.path.endsWith('/message_templates'))).toHaveLength(2);

    graph.templates.set(WABA_ID, (graph.templates.get(WABA_ID) ?? []).slice(0, 2));
    await call(testApp.app, 'GET', '/api/v1/en/template/synchronize', { token: owner.token });
    const found = await call<Template>(testApp.app, 'POST', '/api/v1/en/template/search', {
      token: owner.token,
      body: { filters: [{ key: 'name', condition: 'equalto', value: 'order_ready' }] },
    });
    expect(found.body.pagination?.total).toBe(1);
    const template = found.body.data[0];
    expect(template).toMatchObject({
      device_id: device.id,
      status: 'APPROVED',
      category: 'UTILITY',
      example: 'Hola {{1}}, tu pedido {{2}} está listo',
      schema: {
        template: {
          name: 'order_ready',
          language: 'es',
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ana' },
                { type: 'text', text: 'A-1' },
              ],
            },
          ],
        },
      },
    });
    const one = await call<Template>(testApp.app, 'GET', `/api/v1/en/template/search/${template?.id}`, {
      token: owner.token,
    });
    expect(one.body.data[0]?.name).toBe('order_ready');
    const all = await call<Template>(testApp.app, 'POST', '/api/v1/en/template/search', {
      token: owner.token,
      body: {},
    });
    expect(all.body.data.map((row) => `${row.name}/${row.language}`)).not.toContain('welcome/es');
  });
});
