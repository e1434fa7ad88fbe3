import type { Contact, Message } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  contactByPhone,
  createSandboxDevice,
  deliver,
  multipartBody,
  newPhone,
  outbox,
  type SandboxDevice,
  TINY_PNG,
} from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let owner: Session;
let agent: Session;
let supervisor: Session;
let device: SandboxDevice;

beforeAll(async () => {
  testApp = await createTestApp();
  [owner, agent, supervisor] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
    login(testApp.app, DEMO_LOGINS.supervisor.email, DEMO_LOGINS.supervisor.password),
  ]);
  device = await createSandboxDevice(testApp.app, owner.token, 'Test Sandbox');
});
afterAll(async () => testApp?.close());

/** A fresh conversation, taken by `session`, ready to write in. */
const takenConversation = async (session: Session = agent): Promise<Contact> => {
  const phone = newPhone();
  await deliver(testApp.app, device, { phone, name: 'Carlos Pérez', body: 'Hola' });
  const contact = await contactByPhone(testApp.app, owner.token, phone);
  const lock = await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, {
    token: session.token,
  });
  expect(lock.status).toBe(200);
  return contact;
};

const send = (session: Session, body: Record<string, unknown>, locale = 'en') =>
  call<Message>(testApp.app, 'POST', `/api/v1/${locale}/message/create`, {
    token: session.token,
    body: { type: 'chat', device_id: device.id, ...body },
  });

const history = async (contactId: string, page = 1) =>
  call<Message>(testApp.app, 'POST', `/api/v1/en/message/contact/${contactId}`, {
    token: owner.token,
    body: { page },
  });

describe('receiving through the sandbox webhook', () => {
  it("a customer's message creates the contact with one pending message", async () => {
    const phone = newPhone();
    const answer = await deliver(testApp.app, device, {
      phone: `+${phone}`,
      name: 'Ana María Pérez',
      body: 'Hola!',
    });
    expect(answer.status).toBe(200);
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    expect(contact.info).toMatchObject({
      first_name: 'Ana',
      last_name: 'María',
      full_name: 'Ana María Pérez',
    });
    expect(contact.message).toMatchObject({ numpending: 1, numtotal: 1 });
    expect(contact.message.info).toMatchObject({
      body: 'Hola!',
      fromMe: false,
      status: 'recive',
      type_msg: 'chat',
    });
    expect(contact.device).toMatchObject({ id: device.id, setting: { conect: { type: 'sandbox' } } });
    const messages = await history(contact.id);
    expect(messages.body.data).toHaveLength(1);
    expect(messages.body.data[0]).toMatchObject({ body: 'Hola!', fromMe: false });
  });

  it('refuses a wrong secret with 401, and an unknown device or another provider with 404', async () => {
    expect((await deliver(testApp.app, device, { phone: newPhone() }, 'wrong-secret')).status).toBe(401);
    expect(
      (
        await deliver(
          testApp.app,
          { ...device, id: '00000000-0000-4000-8000-000000000000' },
          { phone: newPhone() },
        )
      ).status,
    ).toBe(404);
    const telegram = await call(testApp.app, 'POST', `/webhooks/telegram/${device.id}`, {
      headers: { 'x-sandbox-secret': device.secret },
      body: {},
    });
    expect(telegram.status).toBe(404);
    const outboxWithoutSecret = await call(
      testApp.app,
      'GET',
      `/webhooks/sandbox/${device.id}/outbox?phone=1`,
    );
    expect(outboxWithoutSecret.status).toBe(401);
  });

  it('a text holding a NUL character (which PostgreSQL cannot store) is kept without it', async () => {
    const phone = newPhone();
    const answer = await deliver(testApp.app, device, {
      phone,
      name: 'Ana\u0000 Pérez',
      body: 'Hola\u0000 mundo',
    });
    expect(answer.status).toBe(200);
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    expect(contact.info.full_name).toBe('Ana Pérez');
    expect(contact.message.info).toMatchObject({ body: 'Hola mundo' });
    const messages = await history(contact.id);
    expect(messages.body.data.map((message) => message.body)).toEqual(['Hola mundo']);
  });

  it('a text holding half an emoji (a lone surrogate) is kept with U+FFFD in its place', async () => {
    const phone = newPhone();
    const answer = await deliver(testApp.app, device, {
      phone,
      name: 'Ana \ud83d Pérez',
      body: 'Hola \ud83d mundo',
    });
    expect(answer.status).toBe(200);
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    expect(contact.info.full_name).toBe('Ana \ufffd Pérez');
    expect(contact.message.info).toMatchObject({ body: 'Hola \ufffd mundo' });
    const messages = await history(contact.id);
    expect(messages.body.data.map((message) => message.body)).toEqual(['Hola \ufffd mundo']);
  });

  it('the same delivery posted 5 times at once is stored once and counted once', async () => {
    const phone = newPhone();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver(testApp.app, device, { phone, id: 'dup-1', body: 'once' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    expect(contact.message).toMatchObject({ numpending: 1, numtotal: 1 });
    expect((await history(contact.id)).body.pagination?.total).toBe(1);
  });

  it('a second message raises the counters and opening the conversation resets them', async () => {
    const phone = newPhone();
    await deliver(testApp.app, device, { phone, body: 'uno' });
    await deliver(testApp.app, device, { phone, body: 'dos', type: 'location' });
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    expect(contact.message).toMatchObject({ numpending: 2, numtotal: 2 });
    const read = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/unread/${contact.id}`, {
      token: agent.token,
    });
    expect(read.body.data[0]?.message).toMatchObject({ numpending: 0, numtotal: 0 });
  });
});

describe('who may write (composer rule)', () => {
  it('an unassigned conversation must be taken first (403 with the composer text)', async () => {
    const phone = newPhone();
    await deliver(testApp.app, device, { phone });
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    const answer = await send(agent, { contact_id: contact.id, body: 'hola' }, 'es');
    expect(answer.status).toBe(403);
    expect(answer.body.info).toBe('Para activar el chat debe tomar la conversación.');
  });

  it("someone else's conversation is refused with 403 'taken by another user'", async () => {
    const contact = await takenConversation(agent);
    const answer = await send(supervisor, { contact_id: contact.id, body: 'hola' }, 'es');
    expect(answer.status).toBe(403);
    expect(answer.body.info).toBe('La conversación ha sido tomada por otro usuario.');
  });

  it('a conversation handed to the bot must be taken back first', async () => {
    const contact = await takenConversation(agent);
    await call(testApp.app, 'POST', `/api/v1/en/contact/bot/${contact.id}`, {
      token: agent.token,
      body: { answerbot: true },
    });
    const answer = await send(agent, { contact_id: contact.id, body: 'hola' }, 'es');
    expect(answer.status).toBe(403);
    expect(answer.body.info).toBe('Para activar el chat debe tomar la conversación.');
  });

  it('a user without the answer flag is refused with 403 no permission', async () => {
    const email = `noanswer-${Date.now()}@example.com`;
    const created = await call(testApp.app, 'POST', '/api/v1/en/user/create', {
      token: owner.token,
      body: {
        name: 'Mute Agent',
        email,
        password: 'Staff#Pass2026',
        answer: false,
        access: ['chat.view', 'chat.lockchat'],
      },
    });
    expect(created.status).toBe(200);
    const mute = await login(testApp.app, email, 'Staff#Pass2026');
    const contact = await takenConversation(mute);
    const answer = await send(mute, { contact_id: contact.id, body: 'hola' }, 'es');
    expect(answer.status).toBe(403);
    expect(answer.body.info).toBe('El usuario actual no tiene permiso');
  });

  it("a user holding only the spec's chat keys writes in, and transfers, the conversation they took", async () => {
    const setAgentAccess = (access: string[]) =>
      call(testApp.app, 'POST', `/api/v1/en/user/updateone/${agent.userId}`, {
        token: owner.token,
        body: { access },
      });
    const before = await call<{ access: string[] }>(
      testApp.app,
      'GET',
      `/api/v1/en/user/search/${agent.userId}`,
      {
        token: owner.token,
      },
    );
    expect((await setAgentAccess(['chat.view', 'chat.lockchat'])).status).toBe(200);
    try {
      const contact = await takenConversation(agent);
      const sent = await send(agent, { contact_id: contact.id, body: 'hola' });
      expect(sent.status).toBe(200);
      const transferred = await call<Contact>(
        testApp.app,
        'POST',
        `/api/v1/en/contact/transfer/${contact.id}`,
        {
          token: agent.token,
          body: { user_id: supervisor.userId },
        },
      );
      expect(transferred.status).toBe(200);
      expect(transferred.body.data[0]?.derivedto).toBe(supervisor.userId);
    } finally {
      await setAgentAccess(before.body.data[0]?.access ?? []);
    }
  });

  it('a device that is not connected is refused with 412 naming it', async () => {
    const contact = await takenConversation(agent);
    await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
      token: owner.token,
      body: { status: 'disconnected' },
    });
    const answer = await send(agent, { contact_id: contact.id, body: 'hola' }, 'es');
    await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
      token: owner.token,
      body: { status: 'connected' },
    });
    expect(answer.status).toBe(412);
    expect(answer.body.info).toBe("El dispositivo 'Test Sandbox' no esta activo");
  });
});

describe('sending', () => {
  it('a message is queued with its temp_id, then sent, and the customer receives it', async () => {
    const contact = await takenConversation(agent);
    const tempId = 'a'.repeat(32);
    const answer = await send(agent, { contact_id: contact.id, body: 'Buenos días', temp_id: tempId });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({
      status: 'queue',
      fromMe: true,
      temp_id: tempId,
      owner: agent.userId,
      body: 'Buenos días',
    });
    await expect
      .poll(async () =>
        (await outbox(testApp.app, device, contact.info.phone)).map((m) => [m.body, m.status]),
      )
      .toEqual([['Buenos días', 'sent']]);
    const [sent] = await outbox(testApp.app, device, contact.info.phone);
    expect(sent?.message_id).toBe(`sandbox-${answer.body.data[0]?.id}`);
    const reread = await contactByPhone(testApp.app, owner.token, contact.info.phone);
    expect(reread.message.info).toMatchObject({ body: 'Buenos días', fromMe: true, status: 'sent' });
  });

  it('refuses an invalid temp_id and an empty text with 400', async () => {
    const contact = await takenConversation(agent);
    const badTemp = await send(agent, { contact_id: contact.id, body: 'x', temp_id: 'not-a-temp-id' });
    expect(badTemp.status).toBe(400);
    expect(badTemp.body.errors?.[0]?.path).toBe('temp_id');
    const empty = await send(agent, { contact_id: contact.id, body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.path).toBe('body');
  });

  it('a failing send is retried with backoff and delivered exactly once', async () => {
    await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
      token: owner.token,
      body: { setting: { conect: { config: { fail_sends: 2 } } } },
    });
    try {
      const contact = await takenConversation(agent);
      const answer = await send(agent, { contact_id: contact.id, body: 'retry me' });
      const id = answer.body.data[0]?.id ?? '';
      await expect
        .poll(async () => (await outbox(testApp.app, device, contact.info.phone)).map((m) => m.status), {
          timeout: 10_000,
        })
        .toEqual(['sent']);
      // The provider has it before the job's own row is marked done, in the job's next statement.
      const job = async () =>
        (
          await testApp.app.database.db
            .select()
            .from(jobs)
            .where(eq(jobs.key, `message.send:${id}`))
        )[0];
      await expect.poll(job, { timeout: 5_000 }).toMatchObject({ status: 'done', attempts: 3 });
      expect(await outbox(testApp.app, device, contact.info.phone)).toHaveLength(1);
    } finally {
      await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
        token: owner.token,
        body: { setting: { conect: { config: { fail_sends: 0 } } } },
      });
    }
  });

  it('a queued message deleted while it waits for its retry never reaches the customer', async () => {
    await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
      token: owner.token,
      body: { setting: { conect: { config: { fail_sends: 1, retry_after_ms: 1500 } } } },
    });
    try {
      const contact = await takenConversation(agent);
      const answer = await send(agent, { contact_id: contact.id, body: 'borrame' });
      const id = answer.body.data[0]?.id ?? '';
      const job = async () =>
        (
          await testApp.app.database.db
            .select()
            .from(jobs)
            .where(eq(jobs.key, `message.send:${id}`))
        )[0];
      await expect.poll(async () => (await job())?.attempts).toBe(1);
      await call(testApp.app, 'DELETE', `/api/v1/en/message/deleteone/${id}`, { token: agent.token });
      await expect.poll(async () => (await job())?.status, { timeout: 10_000 }).toBe('done');
      const [kept] = await outbox(testApp.app, device, contact.info.phone);
      expect(kept).toMatchObject({ id, status: 'queue', deleted: true });
      expect(kept?.message_id).toBeFalsy();
    } finally {
      await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
        token: owner.token,
        body: { setting: { conect: { config: { fail_sends: 0, retry_after_ms: 50 } } } },
      });
    }
  });

  it('a send the provider refuses for good ends in error with the reason', async () => {
    await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
      token: owner.token,
      body: { setting: { conect: { config: { fail_permanent: true } } } },
    });
    try {
      const contact = await takenConversation(agent);
      await send(agent, { contact_id: contact.id, body: 'refused' });
      await expect.poll(async () => (await history(contact.id)).body.data[0]?.status).toBe('error');
      expect((await history(contact.id)).body.data[0]?.error).toMatch(/refused/);
    } finally {
      await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
        token: owner.token,
        body: { setting: { conect: { config: { fail_permanent: false } } } },
      });
    }
  });

  it('a receipt moves the status forward, never back', async () => {
    const contact = await takenConversation(agent);
    await send(agent, { contact_id: contact.id, body: 'receipt' });
    await expect
      .poll(async () => (await outbox(testApp.app, device, contact.info.phone))[0]?.status)
      .toBe('sent');
    const providerId = (await outbox(testApp.app, device, contact.info.phone))[0]?.message_id;
    const receipt = (status: string) =>
      call(testApp.app, 'POST', `/webhooks/sandbox/${device.id}`, {
        headers: { 'x-sandbox-secret': device.secret },
        body: { status: { id: providerId, status } },
      });
    expect((await receipt('read')).status).toBe(200);
    expect((await receipt('recive')).status).toBe(200);
    expect((await outbox(testApp.app, device, contact.info.phone))[0]?.status).toBe('read');
  });

  it("a location is stored with body 'lat;lng'", async () => {
    const contact = await takenConversation(agent);
    const answer = await send(agent, {
      contact_id: contact.id,
      type: 'location',
      lat: -33.45,
      lng: -70.66,
      address: 'Santiago',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ type: 'location', body: '-33.45;-70.66' });
  });

  it('an image travels as multipart and comes back through a signed, expiring link', async () => {
    const contact = await takenConversation(agent);
    const form = multipartBody(
      { type: 'image', device_id: device.id, contact_id: contact.id, body: '' },
      { name: 'photo.png', content: TINY_PNG, type: 'image/png' },
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/message/create',
      headers: { authorization: `Bearer ${agent.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const message = (response.json() as { data: Message[] }).data[0];
    expect(message).toMatchObject({ type: 'image', filename: 'photo.png' });
    expect(message?.attachment).toMatch(/^\/files\/.+\?exp=\d+&sig=/);
    const file = await testApp.app.inject({ method: 'GET', url: message?.attachment ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
    const tampered = await testApp.app.inject({ method: 'GET', url: `${message?.attachment}x` });
    expect(tampered.statusCode).toBe(404);
    const expired = (message?.attachment ?? '').replace(/exp=\d+/, 'exp=1000');
    expect((await testApp.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
  });

  it('an attachment of 10,000,001 bytes is refused with 413 fileMax10mb', async () => {
    const contact = await takenConversation(agent);
    const form = multipartBody(
      { type: 'document', device_id: device.id, contact_id: contact.id },
      { name: 'big.bin', content: Buffer.alloc(10_000_001, 1) },
    );
    for (const [locale, text] of [
      ['en', 'File exceeds the allowed size'],
      ['es', 'El archivo excede el tamaño permitido'],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/v1/${locale}/message/create`,
        headers: { authorization: `Bearer ${agent.token}`, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ status_codes: 413, info: text });
    }
  });

  it("an agent's SVG or HTML file, whatever its name and declared type, is served as a sandboxed download", async () => {
    const contact = await takenConversation(agent);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(localStorage.token)</script></svg>';
    for (const file of [
      { name: 'photo.png', content: Buffer.from(svg), type: 'image/png' },
      { name: 'logo.svg', content: Buffer.from(`<?xml version="1.0"?>${svg}`), type: 'image/svg+xml' },
      {
        name: 'invoice.pdf',
        content: Buffer.from('<!doctype html><script>alert(localStorage.token)</script>'),
        type: 'application/pdf',
      },
    ]) {
      const form = multipartBody({ type: 'document', device_id: device.id, contact_id: contact.id }, file);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/en/message/create',
        headers: { authorization: `Bearer ${agent.token}`, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(200);
      const message = (response.json() as { data: Message[] }).data[0];
      const served = await testApp.app.inject({ method: 'GET', url: message?.attachment ?? '' });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/octet-stream');
      expect(String(served.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(String(served.headers['content-security-policy'])).toMatch(/^sandbox; default-src 'none'/);
    }
  });

  it('a PNG is shown inline under nosniff and the sandbox; a PDF is a download', async () => {
    const contact = await takenConversation(agent);
    const sendDocument = async (file: { name: string; content: Buffer; type: string }) => {
      const form = multipartBody({ type: 'document', device_id: device.id, contact_id: contact.id }, file);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/en/message/create',
        headers: { authorization: `Bearer ${agent.token}`, 'content-type': form.contentType },
        payload: form.payload,
      });
      const message = (response.json() as { data: Message[] }).data[0];
      return testApp.app.inject({ method: 'GET', url: message?.attachment ?? '' });
    };
    const png = await sendDocument({ name: 'scan.txt', content: TINY_PNG, type: 'text/plain' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(String(png.headers['content-disposition'])).toMatch(/^inline;/);
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(String(png.headers['content-security-policy'])).toMatch(/^sandbox;/);
    const pdf = await sendDocument({
      name: 'cv.pdf',
      content: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'),
      type: 'application/pdf',
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(String(pdf.headers['content-security-policy'])).toMatch(/^sandbox;/);
  });

  it('an image message whose file is not an image is refused with 400 on attachment', async () => {
    const contact = await takenConversation(agent);
    const form = multipartBody(
      { type: 'image', device_id: device.id, contact_id: contact.id },
      { name: 'fake.png', content: Buffer.from('just some text, not an image'), type: 'image/png' },
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/message/create',
      headers: { authorization: `Bearer ${agent.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ path: 'attachment' }] });
  });

  it('a template fills the placeholders and is sent through the sandbox', async () => {
    const contact = await takenConversation(agent);
    const answer = await call<Message>(testApp.app, 'POST', '/api/v1/en/message/sendtemplate', {
      token: agent.token,
      body: {
        contact_id: contact.id,
        device_id: device.id,
        template: {
          name: 'welcome',
          language: 'es',
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Hola $firstname $lastname ($fullname)' },
                { type: 'text', text: 'soy $username' },
                { type: 'text', text: 'literal' },
              ],
            },
          ],
        },
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]?.template?.components[0]?.parameters.map((p) => p.text)).toEqual([
      'Hola Carlos Pérez (Carlos Pérez)',
      'soy Andrés Agent',
      'literal',
    ]);
  });

  it('a template through a device that is not WhatsApp official is refused with 412', async () => {
    const created = await call<{ id: string }>(testApp.app, 'POST', '/api/v1/en/device/create', {
      token: owner.token,
      body: {
        name: 'Bridge',
        mode: 'unofficial',
        setting: {
          conect: {
            type: 'whatsapp',
            config: {
              phone_number_id: '1',
              waba_id: '2',
              access_token: 't',
              app_secret: 's',
              verify_token: 'v',
            },
          },
        },
      },
    });
    expect(created.status).toBe(200);
    const contact = await takenConversation(agent);
    const answer = await call(testApp.app, 'POST', '/api/v1/en/message/sendtemplate', {
      token: agent.token,
      body: {
        contact_id: contact.id,
        device_id: created.body.data[0]?.id,
        template: { name: 'welcome', language: 'es', components: [] },
      },
    });
    expect(answer.status).toBe(412);
    expect(answer.body.info).toBe('Templates can only be sent through official WhatsApp devices');
    await call(testApp.app, 'DELETE', `/api/v1/en/device/deleteone/${created.body.data[0]?.id}`, {
      token: owner.token,
    });
  });

  it('createfast writes to a new phone: the contact is created and the conversation taken', async () => {
    const phone = newPhone();
    const answer = await call<Message>(testApp.app, 'POST', '/api/v1/en/message/createfast', {
      token: agent.token,
      body: {
        phone: `+${phone}`,
        name: 'Nueva Persona',
        body: 'Hola, le escribimos de la clínica',
        device_id: device.id,
      },
    });
    expect(answer.status).toBe(200);
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    expect(contact).toMatchObject({ derivedto: agent.userId, info: { full_name: 'Nueva Persona' } });
    expect(answer.body.data[0]).toMatchObject({ contact_id: contact.id, status: 'queue' });
  });
});

describe('reading and deleting', () => {
  it('history is newest first, 25 a page, with the full total', async () => {
    const phone = newPhone();
    for (let index = 0; index < 27; index += 1) {
      await deliver(testApp.app, device, { phone, body: `m${index}` });
    }
    const contact = await contactByPhone(testApp.app, owner.token, phone);
    const first = await history(contact.id);
    expect(first.body.pagination).toEqual({ total: 27, page: 1, offset: 25 });
    expect(first.body.data[0]?.body).toBe('m26');
    expect(first.body.data).toHaveLength(25);
    const second = await history(contact.id, 2);
    expect(second.body.data.map((m) => m.body)).toEqual(['m1', 'm0']);
    const byPhone = await call<Message>(testApp.app, 'POST', '/api/v1/en/message/search', {
      token: owner.token,
      body: { phone: `+${phone}`, page: 1, offset: 5 },
    });
    expect(byPhone.body.pagination?.total).toBe(27);
  });

  it('deleting keeps the message in the history, flagged and emptied', async () => {
    const contact = await takenConversation(agent);
    const sent = await send(agent, { contact_id: contact.id, body: 'oops' });
    const id = sent.body.data[0]?.id;
    const answer = await call<Message>(testApp.app, 'DELETE', `/api/v1/en/message/deleteone/${id}`, {
      token: agent.token,
    });
    expect(answer.status).toBe(200);
    const row = (await history(contact.id)).body.data.find((message) => message.id === id);
    expect(row).toMatchObject({ deleted: true, body: '' });
  });

  it('a user without the answer flag cannot delete a message: 403 no permission', async () => {
    const contact = await takenConversation(agent);
    const id = (await send(agent, { contact_id: contact.id, body: 'keep me' })).body.data[0]?.id;
    const setAnswer = (answer: boolean) =>
      call(testApp.app, 'POST', `/api/v1/en/user/updateone/${agent.userId}`, {
        token: owner.token,
        body: { answer },
      });
    expect((await setAnswer(false)).status).toBe(200);
    try {
      const answer = await call(testApp.app, 'DELETE', `/api/v1/es/message/deleteone/${id}`, {
        token: agent.token,
      });
      expect(answer.status).toBe(403);
      expect(answer.body.info).toBe('El usuario actual no tiene permiso');
    } finally {
      await setAnswer(true);
    }
    const row = (await history(contact.id)).body.data.find((message) => message.id === id);
    expect(row).toMatchObject({ deleted: false, body: 'keep me' });
  });

  it("a deleted message's file is no longer served, even through a link handed out before", async () => {
    const contact = await takenConversation(agent);
    const form = multipartBody(
      { type: 'image', device_id: device.id, contact_id: contact.id },
      { name: 'photo.png', content: TINY_PNG, type: 'image/png' },
    );
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/message/create',
      headers: { authorization: `Bearer ${agent.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    const message = (created.json() as { data: Message[] }).data[0];
    const link = message?.attachment ?? '';
    expect((await testApp.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    const removed = await call<Message>(
      testApp.app,
      'DELETE',
      `/api/v1/en/message/deleteone/${message?.id}`,
      {
        token: agent.token,
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data[0]).toMatchObject({ deleted: true, attachment: '' });
    expect((await testApp.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });
});
