import type { Device, Message } from '@conversa/domain';
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
  TINY_PDF,
  takeConversation,
} from '../../test/channel-fixtures';
import { type FakeTwilio, signTwilio, startFakeTwilio } from '../../test/fakes/fake-twilio';
import { newPhone, TINY_PNG } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-auth-token-9876';
const FROM = '+14155238886';
const PUBLIC_URL = 'https://conversa.example';

let testApp: TestApp;
let twilio: FakeTwilio;
let baseUrl: string;
let owner: Session;
let device: Device;

beforeAll(async () => {
  twilio = await startFakeTwilio(SID, TOKEN);
  testApp = await createTestApp({
    twilioApiUrl: twilio.url,
    publicUrl: PUBLIC_URL,
    outboundAllowHosts: [new URL(twilio.url).host],
  });
  baseUrl = await listen(testApp.app);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createDevice(testApp.app, owner, 'twilio', {
    account_sid: SID,
    auth_token: TOKEN,
    from_number: FROM,
  });
});
afterAll(async () => {
  await testApp?.close();
  await twilio?.close();
});

let counter = 0;
const messageSid = () => {
  counter += 1;
  return `SM${Date.now()}${String(counter).padStart(6, '0')}`;
};

/** A customer's message as Twilio posts it. */
const inbound = (phone: string, params: Record<string, string>) => ({
  MessageSid: messageSid(),
  SmsStatus: 'received',
  AccountSid: SID,
  From: `whatsapp:+${phone}`,
  To: `whatsapp:${FROM}`,
  WaId: phone,
  ProfileName: 'Ana Pérez',
  NumMedia: '0',
  MessageType: 'text',
  Body: '',
  ApiVersion: '2010-04-01',
  ...params,
});

const webhookUrl = (deviceId = device.id) => `${PUBLIC_URL}/webhooks/twilio/${deviceId}`;

/** Posts a delivery signed as Twilio signs it: over `signedUrl` with `token`. */
const deliver = (
  params: Record<string, string>,
  { signedUrl = webhookUrl(), token = TOKEN, query = '' } = {},
) =>
  postWebhook(baseUrl, `/webhooks/twilio/${device.id}${query}`, new URLSearchParams(params).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    'x-twilio-signature': signTwilio(token, signedUrl + query, params),
  });

const settled = (messageId: string) =>
  expect
    .poll(async () => (await storedMessageById(testApp.app, messageId))?.status, { timeout: 15_000 })
    .not.toBe('queue');

const conversation = async () => {
  const phone = newPhone();
  expect(await deliver(inbound(phone, { Body: 'Hola' }))).toBe(200);
  return { phone, contact: await takeConversation(testApp.app, owner, phone) };
};

const sendToNewContact = async (body: string) => {
  const { phone, contact } = await conversation();
  const message = await sendText(testApp.app, owner, { device_id: device.id, contact_id: contact.id, body });
  await settled(message.id);
  return { phone, contact, message: await storedMessageById(testApp.app, message.id) };
};

describe('Twilio WhatsApp devices', () => {
  it('checks the credentials on connect: connected and official, the token masked', async () => {
    expect(device).toMatchObject({
      status: 'connected',
      mode: 'official',
      setting: {
        conect: {
          type: 'twilio',
          webhook_url: webhookUrl(),
          config: { account_sid: SID, auth_token: '••••9876', from_number: FROM },
        },
      },
    });
    expect(JSON.stringify(device)).not.toContain(TOKEN);
    const [check] = twilio.received((request) => request.path === `/2010-04-01/Accounts/${SID}.json`);
    expect(check?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);

    const wrong = await createDevice(testApp.app, owner, 'twilio', {
      account_sid: SID,
      auth_token: 'wrong',
      from_number: FROM,
    });
    expect(wrong).toMatchObject({ status: 'disconnected', mode: 'official' });
  });

  it('refuses a forged, tampered, misaddressed or foreign delivery and stores nothing', async () => {
    const phone = newPhone();
    const params = inbound(phone, { Body: 'forged' });
    const raw = new URLSearchParams(params).toString();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const path = `/webhooks/twilio/${device.id}`;
    expect(await postWebhook(baseUrl, path, raw, form)).toBe(401);
    // Signed over the address the request really reached, not our PUBLIC_URL.
    expect(await deliver(params, { signedUrl: `${baseUrl}${path}` })).toBe(401);
    // Signed over a Host of the sender's choosing, which that request then claims.
    const forgedHost = await testApp.app.inject({
      method: 'POST',
      url: path,
      headers: {
        ...form,
        host: 'evil.example',
        'x-twilio-signature': signTwilio(TOKEN, `https://evil.example${path}`, params),
      },
      payload: raw,
    });
    expect(forgedHost.statusCode).toBe(401);
    const signature = signTwilio(TOKEN, webhookUrl(), params);
    const tampered = raw.replace('forged', 'FORGED');
    expect(await postWebhook(baseUrl, path, tampered, { ...form, 'x-twilio-signature': signature })).toBe(
      401,
    );
    expect(await deliver({ ...params, AccountSid: `AC${'f'.repeat(32)}` })).toBe(401);
    const other = await signupCompany(testApp.app);
    await createDevice(testApp.app, other, 'twilio', {
      account_sid: SID,
      auth_token: 'other-token',
      from_number: FROM,
    });
    expect(await deliver(params, { token: 'other-token' })).toBe(401);
    expect(await contactsWithPhone(testApp.app, phone)).toEqual([]);
    expect(await storedMessage(testApp.app, device.id, params.MessageSid)).toBeUndefined();
    // The URL Twilio called with a query string is signed with it.
    expect(await deliver(params, { query: '?tag=clinic%20one' })).toBe(200);
  });

  it('stores text, location and a tapped button, and a file fetched with basic auth', async () => {
    const phone = newPhone();
    const mediaPath = `/2010-04-01/Accounts/${SID}/Messages/MM0001/Media/ME0001`;
    twilio.media.set(mediaPath, { content: TINY_PNG, mimeType: 'image/png' });
    const docPath = `/2010-04-01/Accounts/${SID}/Messages/MM0002/Media/ME0002`;
    twilio.media.set(docPath, { content: TINY_PDF, mimeType: 'application/pdf' });
    const kinds = [
      [{ Body: 'Hola' }, { type: 'chat', body: 'Hola' }],
      [
        { MessageType: 'location', Latitude: '-33.45', Longitude: '-70.66', Body: '' },
        { type: 'location', body: '-33.45;-70.66' },
      ],
      [
        { MessageType: 'button', ButtonText: 'Confirmar', ButtonPayload: 'CONFIRM', Body: 'Confirmar' },
        { type: 'chat', body: 'Confirmar', button_reply: 'CONFIRM' },
      ],
      [
        {
          MessageType: 'image',
          NumMedia: '1',
          MediaUrl0: `${twilio.url}${mediaPath}`,
          MediaContentType0: 'image/png',
          Body: 'mira',
        },
        { type: 'image', body: 'mira' },
      ],
      [
        {
          MessageType: 'document',
          NumMedia: '1',
          MediaUrl0: `${twilio.url}${docPath}`,
          MediaContentType0: 'application/pdf',
        },
        { type: 'document', body: '' },
      ],
    ] as const;
    const sids: string[] = [];
    for (const [params, stored] of kinds) {
      const delivery = inbound(phone, params);
      sids.push(delivery.MessageSid);
      expect(await deliver(delivery)).toBe(200);
      expect(await storedMessage(testApp.app, device.id, delivery.MessageSid)).toMatchObject({
        ...stored,
        from_me: false,
      });
    }
    expect(await contactsWithPhone(testApp.app, phone)).toMatchObject([
      { full_name: 'Ana Pérez', numtotal: kinds.length },
    ]);
    for (const [sid, mimetype] of [
      [sids[3], 'image/png'],
      [sids[4], 'application/pdf'],
    ]) {
      await expect
        .poll(async () => (await storedMessage(testApp.app, device.id, String(sid)))?.mimetype, {
          timeout: 10_000,
        })
        .toBe(mimetype);
    }
    const [download] = twilio.received((request) => request.path === mediaPath);
    expect(download?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
  });

  it('keeps the message a reply quotes (OriginalRepliedMessageSid)', async () => {
    const { phone, message } = await sendToNewContact('¿Confirma?');
    const reply = inbound(phone, { Body: 'Sí', OriginalRepliedMessageSid: String(message?.message_id) });
    expect(await deliver(reply)).toBe(200);
    expect(await storedMessage(testApp.app, device.id, reply.MessageSid)).toMatchObject({
      body: 'Sí',
      quoted_message_id: message?.message_id,
    });
  });

  it('stores a repeated delivery once', async () => {
    const delivery = inbound(newPhone(), { Body: 'once' });
    expect(await Promise.all([deliver(delivery), deliver(delivery), deliver(delivery)])).toEqual([
      200, 200, 200,
    ]);
    const rows = (await storedMessages(testApp.app, device.id)).filter(
      (row) => row.message_id === delivery.MessageSid,
    );
    expect(rows).toHaveLength(1);
  });

  it('sends text and files through Messages.json with our status callback', async () => {
    const { phone, contact, message } = await sendToNewContact('Hola Ana');
    expect(message).toMatchObject({ status: 'sent', error: '', message_id: expect.stringMatching(/^SM/) });
    const image = await sendFile(
      testApp.app,
      owner,
      { device_id: device.id, contact_id: contact.id, type: 'image', body: 'foto' },
      { name: 'a.png', content: TINY_PNG, type: 'image/png' },
    );
    await settled(image.id);
    const sent = twilio.sends().filter((form) => form.get('To') === `whatsapp:+${phone}`);
    const common = { To: `whatsapp:+${phone}`, From: `whatsapp:${FROM}`, StatusCallback: webhookUrl() };
    expect(Object.fromEntries(sent[0] ?? [])).toEqual({ ...common, Body: 'Hola Ana' });
    expect(Object.fromEntries(sent[1] ?? [])).toEqual({
      ...common,
      Body: 'foto',
      MediaUrl: expect.stringMatching(/^https:\/\/conversa\.example\/files\/.+\?exp=\d+&sig=/),
    });
  });

  it('moves statuses only forward; a failure shows ErrorMessage and its code', async () => {
    const { message } = await sendToNewContact('x');
    const callback = (status: string, extra: Record<string, string> = {}) => ({
      MessageSid: String(message?.message_id),
      MessageStatus: status,
      SmsStatus: status,
      AccountSid: SID,
      From: `whatsapp:${FROM}`,
      To: 'whatsapp:+56900000000',
      ApiVersion: '2010-04-01',
      ...extra,
    });
    for (const status of ['read', 'delivered', 'sent', 'queued'])
      expect(await deliver(callback(status))).toBe(200);
    expect((await storedMessageById(testApp.app, String(message?.id)))?.status).toBe('read');

    const failures = [
      [
        { ErrorCode: '63016', ErrorMessage: 'Outside the allowed window' },
        'failed',
        'Outside the allowed window (#63016)',
      ],
      [{ ErrorCode: '30008' }, 'undelivered', '(#30008)'],
    ] as const;
    for (const [extra, status, error] of failures) {
      const { message: other } = await sendToNewContact(status);
      const params = { ...callback(status, extra), MessageSid: String(other?.message_id) };
      expect(await deliver(params)).toBe(200);
      expect(await storedMessageById(testApp.app, String(other?.id))).toMatchObject({
        status: 'error',
        error,
      });
    }
  });

  it('retries a 5xx once, never resends after a timeout, shows a refusal as message (#code)', async () => {
    const messagesPath = new RegExp(`/Accounts/${SID}/Messages\\.json$`);
    const tries = (phone: string) => twilio.sends().filter((form) => form.get('To') === `whatsapp:+${phone}`);
    twilio.script(messagesPath, [
      { status: 503, json: { code: 20500, message: 'Internal Server Error', status: 503 } },
    ]);
    const retried = await sendToNewContact('retry');
    expect(retried.message?.status).toBe('sent');
    expect(tries(retried.phone)).toHaveLength(2);

    twilio.script(messagesPath, [{ hang: true }]);
    const lost = await sendToNewContact('lost?');
    expect(lost.message).toMatchObject({
      status: 'error',
      error: expect.stringContaining('delivery unknown'),
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(tries(lost.phone)).toHaveLength(1);

    twilio.script(messagesPath, [
      {
        status: 400,
        json: {
          code: 63007,
          message: 'Twilio could not find a Channel with the specified From address',
          status: 400,
        },
      },
    ]);
    const refused = await sendToNewContact('no');
    expect(refused.message).toMatchObject({
      status: 'error',
      error: 'Twilio could not find a Channel with the specified From address (#63007)',
    });
    expect(tries(refused.phone)).toHaveLength(1);
  });

  it('refuses a template send with 412, sending and storing nothing', async () => {
    const { phone, contact } = await conversation();
    const before = (await storedMessages(testApp.app, device.id)).length;
    const answer = await call<Message>(testApp.app, 'POST', '/api/v1/en/message/sendtemplate', {
      token: owner.token,
      body: {
        device_id: device.id,
        contact_id: contact.id,
        template: { name: 'order_ready', language: 'es', components: [] },
      },
    });
    expect(answer.status).toBe(412);
    expect((await storedMessages(testApp.app, device.id)).length).toBe(before);
    expect(twilio.sends().filter((form) => form.get('To') === `whatsapp:+${phone}`)).toEqual([]);
  });
});
