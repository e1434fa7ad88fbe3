import type { AddressInfo } from 'node:net';
import type { Contact, Lead, Note } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../core/auth/passwords';
import { notes } from '../../core/db/schema';
import type { PublishedNotification } from '../../core/realtime/realtime-events.repository';
import { staffUser } from '../../test/company-fixture';
import { contactByPhone, createSandboxDevice, deliver, newPhone } from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { createUsersRepository } from '../users/users.repository';

let testApp: TestApp;
let owner: Session;
const sockets = createTestSockets();
let seen: PublishedNotification[];
let unseen: PublishedNotification[];
let withoutContacts: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  owner = await signupCompany(testApp.app);
  const users = createUsersRepository(testApp.app.database.db);
  const email = `lead-editor-${Date.now()}@example.com`;
  await users.insert(owner.clientId, {
    name: 'Lead Editor',
    email,
    password_hash: await hashPassword('Lead#Pass2026'),
    account: 'user',
    access: ['lead.view', 'lead.edit'],
  });
  withoutContacts = await login(testApp.app, email, 'Lead#Pass2026');
  const chatOnly = `chat-only-${Date.now()}@example.com`;
  await users.insert(owner.clientId, {
    name: 'Chat Only',
    email: chatOnly,
    password_hash: await hashPassword('Lead#Pass2026'),
    account: 'user',
    access: ['chat.view'],
  });
  seen = (await sockets.listen(url, owner.token)).seen;
  unseen = (await sockets.listen(url, (await login(testApp.app, chatOnly, 'Lead#Pass2026')).token)).seen;
}, 60_000);
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const createLead = async (body: Record<string, unknown> = {}): Promise<Lead> => {
  const answer = await call<Lead>(testApp.app, 'POST', '/api/v1/en/lead/create', {
    token: owner.token,
    body: { first_name: 'Ana', last_name: 'Rojas', phone: newPhone(), email: 'ana@example.com', ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as Lead;
};

const convert = (leadId: string, token = owner.token) =>
  call<Contact>(testApp.app, 'POST', `/api/v1/en/lead/convert/${leadId}`, { token });

/** A note written on the lead's detail page (module lead, referencing it, no contact yet). */
const noteOnLead = async (leadId: string, description: string) => {
  await testApp.app.database.db.insert(notes).values({
    client_id: owner.clientId,
    user_id: owner.userId,
    module: 'lead',
    reference_id: leadId,
    description,
  });
};

const auditActions = async (module: string, recordId: string) =>
  (
    (await testApp.app.database.db.execute(
      sql`select action, changes from audit_logs where client_id = ${owner.clientId} and module = ${module}
          and record_id = ${recordId} order by id`,
    )) as unknown as { rows: { action: string; changes: Record<string, [unknown, unknown]> }[] }
  ).rows;

describe('leads', () => {
  it('the full name is the first and last names, also after an update of either', async () => {
    const lead = await createLead({
      first_name: ' Marta ',
      last_name: 'Díaz Soto',
      phone: '+56 9 8765 1234',
    });
    expect(lead).toMatchObject({
      first_name: 'Marta',
      full_name: 'Marta Díaz Soto',
      phone: '56987651234',
      country: 'CL',
      converted_contact_id: '',
    });
    const renamed = await call<Lead>(testApp.app, 'PUT', `/api/v1/en/lead/updateone/${lead.id}`, {
      token: owner.token,
      body: { last_name: 'Pérez' },
    });
    expect(renamed.body.data[0]?.full_name).toBe('Marta Pérez');
    const badPhone = await call(testApp.app, 'PUT', `/api/v1/en/lead/updateone/${lead.id}`, {
      token: owner.token,
      body: { phone: '5691111' },
    });
    expect(badPhone.body.errors).toEqual([{ path: 'phone', message: 'Enter a valid phone number' }]);
  });

  it('reach only users with lead.view live', async () => {
    const lead = await createLead({ first_name: 'Live' });
    await expect
      .poll(() => seen.find((item) => item.module === 'lead' && item.ref === lead.id))
      .toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unseen.some((item) => item.module === 'lead')).toBe(false);
  });
});

describe('converting a lead', () => {
  it('creates a contact with its data, moves its notes, marks the lead, audits and announces both', async () => {
    const lead = await createLead({ first_name: 'Nueva', last_name: 'Cliente', document: '11.111.111-1' });
    await noteOnLead(lead.id, 'Called on Monday');
    const answer = await convert(lead.id);
    expect(answer.status).toBe(200);
    expect(answer.body.info).toBe('Lead converted into a contact');
    const contact = answer.body.data[0] as Contact;
    expect(contact).toMatchObject({
      info: {
        first_name: 'Nueva',
        last_name: 'Cliente',
        full_name: 'Nueva Cliente',
        phone: lead.phone,
        email: 'ana@example.com',
        document: '11.111.111-1',
        country: 'CL',
      },
      device: null,
    });
    const stored = await call<Lead>(testApp.app, 'GET', `/api/v1/en/lead/search/${lead.id}`, {
      token: owner.token,
    });
    expect(stored.body.data[0]?.converted_contact_id).toBe(contact.id);

    const contactNotes = await call<Note>(testApp.app, 'POST', '/api/v1/en/note/search', {
      token: owner.token,
      body: { filters: [{ key: 'contact_id', condition: 'equalto', value: contact.id }] },
    });
    expect(contactNotes.body.data.map((note) => [note.description, note.module, note.reference_id])).toEqual([
      ['Called on Monday', 'lead', lead.id],
    ]);

    expect((await auditActions('contact', contact.id)).map((row) => row.action)).toEqual(['create']);
    const leadAudit = await auditActions('lead', lead.id);
    expect(leadAudit.map((row) => row.action)).toEqual(['create', 'update']);
    expect(leadAudit[1]?.changes).toEqual({ converted_contact_id: ['', contact.id] });

    await expect
      .poll(() =>
        seen.find((item) => item.module === 'contact' && item.action === 'create' && item.ref === contact.id),
      )
      .toBeDefined();
    await expect
      .poll(() =>
        seen.find((item) => item.module === 'lead' && item.action === 'update' && item.ref === lead.id),
      )
      .toBeDefined();
    await expect
      .poll(() => seen.find((item) => item.module === 'note' && item.ref === contact.id))
      .toBeDefined();
  });

  it('joins the company’s contact with the same phone instead of creating another', async () => {
    const phone = newPhone();
    const existing = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: owner.token,
      body: { name: 'Cliente Existente', phone },
    });
    const contactId = existing.body.data[0]?.id ?? '';
    const lead = await createLead({ first_name: 'Otro', last_name: 'Nombre', phone });
    await noteOnLead(lead.id, 'Interested in the premium plan');
    const answer = await convert(lead.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ id: contactId, info: { full_name: 'Cliente Existente' } });
    const samePhone = await call(testApp.app, 'POST', '/api/v1/en/contact/search', {
      token: owner.token,
      body: { filters: [{ key: 'info.phone', condition: 'equalto', value: phone }] },
    });
    expect(samePhone.body.pagination?.total).toBe(1);
    const contactNotes = await call<Note>(testApp.app, 'POST', '/api/v1/en/note/search', {
      token: owner.token,
      body: { filters: [{ key: 'contact_id', condition: 'equalto', value: contactId }] },
    });
    expect(contactNotes.body.data.map((note) => note.description)).toEqual([
      'Interested in the premium plan',
    ]);
    expect((await auditActions('contact', contactId)).map((row) => row.action)).toEqual(['create']);
  });

  it('a converted lead cannot be converted again (406); unknown, foreign and malformed ids are 404', async () => {
    const lead = await createLead({ first_name: 'Dos', last_name: 'Veces' });
    expect((await convert(lead.id)).status).toBe(200);
    const again = await convert(lead.id);
    expect(again.status).toBe(406);
    expect(again.body.info).toBe('This lead was already converted');
    const stranger = await signupCompany(testApp.app);
    expect((await convert(lead.id, stranger.token)).status).toBe(404);
    expect((await convert('not-a-uuid')).status).toBe(404);
  });

  it('needs contact.create besides lead.edit', async () => {
    const lead = await createLead({ first_name: 'Sin', last_name: 'Permiso' });
    expect((await convert(lead.id, withoutContacts.token)).status).toBe(403);
    const stored = await call<Lead>(testApp.app, 'GET', `/api/v1/en/lead/search/${lead.id}`, {
      token: owner.token,
    });
    expect(stored.body.data[0]?.converted_contact_id).toBe('');
  });

  it('two conversions of leads sharing a phone at once end on one contact', async () => {
    const phone = newPhone();
    const [first, second] = [await createLead({ phone }), await createLead({ phone })];
    const answers = await Promise.all([convert(first?.id ?? ''), convert(second?.id ?? '')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]?.body.data[0]?.id).toBe(answers[1]?.body.data[0]?.id);
  });
});

describe("a lead's conversation (the contact routes under lead/)", () => {
  const conversationCall = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown) =>
    call<Contact>(testApp.app, method, `/api/v1/en/lead/${path}`, { token, ...(body ? { body } : {}) });

  it('takes, marks read, hands to the bot and releases the conversation of the contact with its phone', async () => {
    const phone = newPhone();
    const contact = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: owner.token,
      body: { name: 'Escribió antes', phone },
    });
    const contactId = contact.body.data[0]?.id ?? '';
    const lead = await createLead({ phone });

    const locked = await conversationCall('POST', `lock/${lead.id}`, owner.token);
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body.data[0]).toMatchObject({ id: contactId, derivedto: owner.userId });
    expect((await conversationCall('GET', `unread/${lead.id}`, owner.token)).body.data[0]).toMatchObject({
      id: contactId,
    });
    const bot = await conversationCall('POST', `bot/${lead.id}`, owner.token, { answerbot: true });
    expect(bot.status).toBe(200);
    expect(bot.body.data[0]).toMatchObject({ id: contactId, answerbot: true });
    const released = await conversationCall('POST', `release/${lead.id}`, owner.token);
    expect(released.status).toBe(200);
    expect(released.body.data[0]).toMatchObject({ id: contactId, derivedto: '' });
    expect((await conversationCall('PUT', 'unlockall', owner.token)).status).toBe(200);
    expect(
      (await conversationCall('PUT', 'unlockchatmany', owner.token, { find: {}, update: { derivedto: '' } }))
        .status,
    ).toBe(200);
  });

  it('answers 406 for a lead nobody has written to, 404 for another company’s, 403 without the keys', async () => {
    const lonely = await createLead();
    const none = await conversationCall('POST', `lock/${lonely.id}`, owner.token);
    expect(none.status).toBe(406);
    expect(none.body.info).toBe('This lead has no conversation yet: nobody has written to its phone');

    const stranger = await signupCompany(testApp.app);
    for (const [method, path, body] of [
      ['POST', 'lock', undefined],
      ['POST', 'release', undefined],
      ['POST', 'bot', { answerbot: true }],
      ['POST', 'transfer', { user_id: stranger.userId }],
      ['GET', 'unread', undefined],
    ] as const) {
      const foreign = await conversationCall(method, `${path}/${lonely.id}`, stranger.token, body);
      expect(foreign.status, path).toBe(404);
      // Lead keys without the chat's: the conversation stays closed to them.
      const leadOnly = await conversationCall(method, `${path}/${lonely.id}`, withoutContacts.token, body);
      expect(leadOnly.status, path).toBe(403);
    }
    // The chat's keys without lead.view: the lead itself stays closed to them.
    const email = `chat-keys-${Date.now()}@example.com`;
    await createUsersRepository(testApp.app.database.db).insert(owner.clientId, {
      name: 'Chat Keys',
      email,
      password_hash: await hashPassword('Lead#Pass2026'),
      account: 'user',
      access: ['chat.view', 'chat.lockchat', 'chat.releasechat'],
    });
    const chatKeys = await login(testApp.app, email, 'Lead#Pass2026');
    expect((await conversationCall('POST', `lock/${lonely.id}`, chatKeys.token)).status).toBe(403);
  });
});

describe('lead/list and lead/chats', () => {
  it("lists leads in short form by name, and only leads' conversations, counted as listed", async () => {
    const company = await signupCompany(testApp.app);
    const device = await createSandboxDevice(testApp.app, company.token);
    const [leadPhone, convertedPhone, plainPhone, silentPhone] = [
      newPhone(),
      newPhone(),
      newPhone(),
      newPhone(),
    ];
    const leadCreate = (first_name: string, phone: string) =>
      call<Lead>(testApp.app, 'POST', '/api/v1/en/lead/create', {
        token: company.token,
        body: { first_name, last_name: 'Lead', phone },
      });
    const waiting = (await leadCreate('Bruno', leadPhone)).body.data[0] as Lead;
    const converted = (await leadCreate('Aurora', convertedPhone)).body.data[0] as Lead;
    await leadCreate('Ciro', silentPhone);
    for (const [phone, name] of [
      [leadPhone, 'Bruno escribe'],
      [convertedPhone, 'Aurora escribe'],
      [plainPhone, 'Sin lead'],
    ] as const) {
      expect((await deliver(testApp.app, device, { phone, name })).status).toBe(200);
    }
    expect((await convert(converted.id, company.token)).status).toBe(200);

    const list = await call<{ id: string; info: { full_name: string; phone: string } }>(
      testApp.app,
      'POST',
      '/api/v1/en/lead/list',
      { token: company.token, body: {} },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((lead) => lead.info.full_name)).toEqual([
      'Aurora Lead',
      'Bruno Lead',
      'Ciro Lead',
    ]);
    expect(list.body.data[1]).toMatchObject({ id: waiting.id, info: { phone: leadPhone } });

    const leadChats = (body: Record<string, unknown>, token = company.token) =>
      call<Contact>(testApp.app, 'POST', '/api/v1/en/lead/chats', { token, body });
    const all = await leadChats({});
    expect(all.status).toBe(200);
    expect(all.body.data.map((contact) => contact.info.phone).sort()).toEqual(
      [convertedPhone, leadPhone].sort(),
    );
    expect(all.body.pagination?.total).toBe(2);

    // The company holds the plain conversation too: the count still follows the leads' condition.
    for (const phone of [leadPhone, plainPhone]) {
      const contactId = (await contactByPhone(testApp.app, company.token, phone)).id;
      const locked = await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contactId}`, {
        token: company.token,
      });
      expect(locked.status).toBe(200);
    }
    const mine = await leadChats({ option: 'myDeriveds' });
    expect(mine.body.data.map((contact) => contact.info.phone)).toEqual([leadPhone]);
    expect(mine.body.pagination?.total).toBe(1);

    // Another company's view is its own: none of these leads.
    expect((await leadChats({}, owner.token)).body.data.map((contact) => contact.info.phone)).not.toContain(
      leadPhone,
    );
  });

  it('needs lead.view for both, and chat.view for the conversations', async () => {
    const chatOnly = await staffUser(testApp.app, owner.clientId, 'Chat Only', ['chat.view']);
    expect(
      (await call(testApp.app, 'POST', '/api/v1/en/lead/list', { token: chatOnly.token, body: {} })).status,
    ).toBe(403);
    expect(
      (await call(testApp.app, 'POST', '/api/v1/en/lead/chats', { token: chatOnly.token, body: {} })).status,
    ).toBe(403);
    expect(
      (await call(testApp.app, 'POST', '/api/v1/en/lead/chats', { token: withoutContacts.token, body: {} }))
        .status,
    ).toBe(403);
    expect(
      (await call(testApp.app, 'POST', '/api/v1/en/lead/list', { token: withoutContacts.token, body: {} }))
        .status,
    ).toBe(200);
  });
});
