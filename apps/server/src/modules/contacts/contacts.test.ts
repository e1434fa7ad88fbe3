import type { Contact } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../core/auth/passwords';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  contactByPhone,
  createSandboxDevice,
  deliver,
  newPhone,
  type SandboxDevice,
} from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { createUsersRepository } from '../users/users.repository';

let testApp: TestApp;
let owner: Session;
let agent: Session;
let supervisor: Session;
let viewer: Session;
let device: SandboxDevice;

beforeAll(async () => {
  testApp = await createTestApp();
  [owner, agent, supervisor, viewer] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password),
    login(testApp.app, DEMO_LOGINS.supervisor.email, DEMO_LOGINS.supervisor.password),
    login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password),
  ]);
  device = await createSandboxDevice(testApp.app, owner.token);
});
afterAll(async () => testApp?.close());

const conversation = async (name = 'Cliente Prueba'): Promise<Contact> => {
  const phone = newPhone();
  await deliver(testApp.app, device, { phone, name });
  return contactByPhone(testApp.app, owner.token, phone);
};

const chats = (session: Session, body: Record<string, unknown> = {}) =>
  call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/chats', { token: session.token, body });

describe('creating contacts', () => {
  it('splits the name, strips + from the phone and defaults the country to CL', async () => {
    const answer = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: owner.token,
      body: {
        name: '  María José Soto ',
        phone: '+56 9 8765 4321',
        email: 'Maria@Example.com',
        document: '12.345.678-9',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({
      info: {
        first_name: 'María',
        last_name: 'José',
        full_name: 'María José Soto',
        phone: '56987654321',
        country: 'CL',
        email: 'maria@example.com',
        document: '12.345.678-9',
      },
      derivedto: '',
      answerbot: false,
      owner: [],
      tags: [],
      message: { numpending: 0, numtotal: 0, info: null },
    });
  });

  it.each([
    ['name', { name: 'Al', phone: '56911119999' }],
    ['phone', { name: 'Alberto', phone: '5691111' }],
    ['phone', { name: 'Alberto', phone: '56811112222' }],
    ['email', { name: 'Alberto', phone: '56911119998', email: 'nope' }],
  ])('refuses a bad %s with 400 naming it', async (path, body) => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/contact/create', { token: owner.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.path).toBe(path);
  });

  it('accepts a foreign phone with its country, and refuses a phone already in the company with 409', async () => {
    const body = { name: 'John Smith', phone: '+1 415 555 0100', country: 'US' };
    expect(
      (await call(testApp.app, 'POST', '/api/v1/en/contact/create', { token: owner.token, body })).status,
    ).toBe(200);
    const again = await call(testApp.app, 'POST', '/api/v1/en/contact/create', { token: owner.token, body });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.path).toBe('phone');
  });

  it('a viewer without contact.create is refused with 403', async () => {
    const answer = await call(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: viewer.token,
      body: { name: 'Someone', phone: '56911110000' },
    });
    expect(answer.status).toBe(403);
  });
});

describe('searching, exporting and grouping contacts', () => {
  it('searches by name contains, case-insensitively, with pagination', async () => {
    await conversation('Zacarías Unique');
    const answer = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/search', {
      token: owner.token,
      body: { filters: [{ key: 'info.full_name', condition: 'contains', value: 'zacarÍas' }] },
    });
    expect(answer.body.pagination?.total).toBe(1);
    expect(answer.body.data[0]?.info.full_name).toBe('Zacarías Unique');
  });

  it('exports the filtered contacts as CSV with a header row of the chosen columns', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/contact/export',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        filters: [{ key: 'info.full_name', condition: 'contains', value: 'zacarías' }],
        columns: ['info.full_name', 'info.country', 'stage'],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    expect(response.body.trim().split('\r\n')).toEqual(['full_name,country,stage', 'Zacarías Unique,CL,']);
  });

  it("writes dates and times in the company's time zone, as a spreadsheet reads them", async () => {
    const tokyo = await signupCompany(testApp.app, { timezone: 'Asia/Tokyo' });
    const created = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: tokyo.token,
      body: { name: 'Hora Local', phone: '56911112222', country: 'CL' },
    });
    expect(created.status).toBe(200);
    const createdAt = new Date(created.body.data[0]?.create_date ?? '');
    // Sweden's format is the ISO day and a 24-hour time: the wall clock in Tokyo, independently of our code.
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Tokyo',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(createdAt);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/en/contact/export',
      headers: { authorization: `Bearer ${tokyo.token}` },
      payload: { columns: ['info.full_name', 'create_date'] },
    });
    expect(response.body.trim().split('\r\n')).toEqual(['full_name,create_date', `Hora Local,${wall}`]);
  });

  it('updateone saves owners and the assignee, users of the company only', async () => {
    const contact = await conversation('Dueños Uno');
    const update = (body: object) =>
      call<Contact>(testApp.app, 'PUT', `/api/v1/en/contact/updateone/${contact?.id}`, {
        token: owner.token,
        body,
      });
    const saved = await update({ owner: [agent.userId, supervisor.userId], derivedto: agent.userId });
    expect(saved.status).toBe(200);
    expect(saved.body.data[0]).toMatchObject({
      owner: [agent.userId, supervisor.userId],
      derivedto: agent.userId,
    });
    const stranger = await update({ owner: ['00000000-0000-4000-8000-000000000000'] });
    expect(stranger.status).toBe(404);
    const unknown = await update({ owners: [agent.userId] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.path).toBe('owners');
    const again = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/search/${contact?.id}`, {
      token: owner.token,
    });
    expect(again.body.data[0]?.owner).toEqual([agent.userId, supervisor.userId]);
  });

  it('updatemany sets stage, tags and starred; kanban groups by stage honoring the filters', async () => {
    const listItem = async (field: 'status_id' | 'tags', name: string) => {
      const answer = await call<{ id: string }>(testApp.app, 'POST', '/api/v1/en/listdinamic/create', {
        token: owner.token,
        body: { module: 'contact', field, name },
      });
      return answer.body.data[0]?.id ?? '';
    };
    const [open, won, vip] = [
      await listItem('status_id', 'Kanban open'),
      await listItem('status_id', 'Kanban won'),
      await listItem('tags', 'Kanban vip'),
    ];
    const [first, second, third] = [
      await conversation('Kanban Uno'),
      await conversation('Kanban Dos'),
      await conversation('Kanban Tres'),
    ];
    const many = await call<{ updated: number }>(testApp.app, 'PUT', '/api/v1/en/contact/updatemany', {
      token: owner.token,
      body: { ids: [first?.id, second?.id], update: { stage: won, tags: [vip], starred: true } },
    });
    expect(many.status).toBe(200);
    expect(many.body.data).toEqual([{ updated: 2 }]);
    await call(testApp.app, 'PUT', `/api/v1/en/contact/updateone/${third?.id}`, {
      token: owner.token,
      body: { stage: open, info: { first_name: 'Kanban', last_name: 'Tercero' } },
    });
    const kanban = await call<{ column: string; count: number; items: Contact[] }>(
      testApp.app,
      'POST',
      '/api/v1/en/contact/kanban',
      {
        token: owner.token,
        body: { offset: 1, filters: [{ key: 'info.full_name', condition: 'contains', value: 'kanban' }] },
      },
    );
    expect(kanban.status).toBe(200);
    const columns = kanban.body.data.map((column) => [column.column, column.count, column.items.length]);
    expect(columns.sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [open, 1, 1],
      [won, 2, 1],
    ]);
    const openColumn = kanban.body.data.find((column) => column.column === open);
    expect(openColumn?.items[0]?.info.full_name).toBe('Kanban Tercero');
    const starred = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/search', {
      token: owner.token,
      body: {
        filters: [
          { key: 'tags', condition: 'equalto', value: vip },
          { key: 'starred', condition: 'equalto', value: true },
        ],
      },
    });
    expect(starred.body.pagination?.total).toBe(2);
  });

  it('deleting a contact removes it and its conversation', async () => {
    const contact = await conversation();
    const answer = await call(testApp.app, 'DELETE', `/api/v1/en/contact/deleteone/${contact.id}`, {
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    expect(
      (await call(testApp.app, 'GET', `/api/v1/en/contact/search/${contact.id}`, { token: owner.token }))
        .status,
    ).toBe(404);
  });
});

describe('assignment', () => {
  it('taking a conversation assigns it to me and adds me to its owners', async () => {
    const contact = await conversation();
    const answer = await call<Contact>(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, {
      token: agent.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({ derivedto: agent.userId, owner: [agent.userId] });
    const again = await call(testApp.app, 'POST', `/api/v1/es/contact/lock/${contact.id}`, {
      token: supervisor.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.info).toBe('La conversación ha sido tomada por otro usuario.');
  });

  it('of 20 agents taking the same conversation at once exactly one wins', async () => {
    const contact = await conversation();
    const users = createUsersRepository(testApp.app.database.db);
    const passwordHash = await hashPassword('Racer#Pass2026');
    const racers: Session[] = [];
    for (let index = 0; index < 20; index += 1) {
      const email = `racer-${index}-${Date.now()}@demo.test`;
      await users.insert(owner.clientId, {
        name: `Racer ${index}`,
        email,
        password_hash: passwordHash,
        account: 'user',
        access: ['chat.view', 'chat.lockchat'],
      });
      racers.push(await login(testApp.app, email, 'Racer#Pass2026'));
    }
    const answers = await Promise.all(
      racers.map((racer) =>
        call<Contact>(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: racer.token }),
      ),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    const holder = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/search/${contact.id}`, {
      token: owner.token,
    });
    expect(holder.body.data[0]?.derivedto).toBe(winners[0]?.body.data[0]?.derivedto);
    expect(holder.body.data[0]?.owner).toHaveLength(1);
  });

  it('only the assignee releases, unless the user may unlock many', async () => {
    const contact = await conversation();
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: agent.token });
    const ownerWithoutTheKey = await call(testApp.app, 'POST', `/api/v1/en/contact/release/${contact.id}`, {
      token: viewer.token,
    });
    expect(ownerWithoutTheKey.status).toBe(403);
    const bySupervisor = await call<Contact>(
      testApp.app,
      'POST',
      `/api/v1/en/contact/release/${contact.id}`,
      {
        token: supervisor.token,
      },
    );
    expect(bySupervisor.status).toBe(200);
    expect(bySupervisor.body.data[0]?.derivedto).toBe('');
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: agent.token });
    const byAgent = await call<Contact>(testApp.app, 'POST', `/api/v1/en/contact/release/${contact.id}`, {
      token: agent.token,
    });
    expect(byAgent.body.data[0]?.derivedto).toBe('');
  });

  it('transfer: only by the assignee, never to oneself, only within the company', async () => {
    const contact = await conversation();
    const notHolder = await call(testApp.app, 'POST', `/api/v1/en/contact/transfer/${contact.id}`, {
      token: agent.token,
      body: { user_id: supervisor.userId },
    });
    expect(notHolder.status).toBe(403);
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: agent.token });
    const toSelf = await call(testApp.app, 'POST', `/api/v1/en/contact/transfer/${contact.id}`, {
      token: agent.token,
      body: { user_id: agent.userId },
    });
    expect(toSelf.status).toBe(400);
    expect(toSelf.body.errors?.[0]?.path).toBe('user_id');
    const stranger = await signupCompany(testApp.app);
    const toStranger = await call(testApp.app, 'POST', `/api/v1/en/contact/transfer/${contact.id}`, {
      token: agent.token,
      body: { user_id: stranger.userId },
    });
    expect(toStranger.status).toBe(404);
    const moved = await call<Contact>(testApp.app, 'POST', `/api/v1/en/contact/transfer/${contact.id}`, {
      token: agent.token,
      body: { user_id: supervisor.userId },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data[0]).toMatchObject({
      derivedto: supervisor.userId,
      owner: [agent.userId, supervisor.userId],
    });
  });

  it('unlockchatmany frees the conversations the chat query selects; unlockall frees the rest', async () => {
    const mine = await conversation('Unlock Mine');
    const other = await conversation('Unlock Other');
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${mine.id}`, { token: supervisor.token });
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${other.id}`, { token: agent.token });
    const refused = await call(testApp.app, 'PUT', '/api/v1/en/contact/unlockchatmany', {
      token: agent.token,
      body: { find: { option: 'myContacts' }, update: { derivedto: '' } },
    });
    expect(refused.status).toBe(403);
    const some = await call<{ released: number }>(testApp.app, 'PUT', '/api/v1/en/contact/unlockchatmany', {
      token: supervisor.token,
      body: { find: { option: 'myContacts', search: 'unlock' }, update: { derivedto: '' } },
    });
    expect(some.body.data[0]?.released).toBe(1);
    const still = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/search/${other.id}`, {
      token: owner.token,
    });
    expect(still.body.data[0]?.derivedto).toBe(agent.userId);
    const all = await call(testApp.app, 'PUT', '/api/v1/en/contact/unlockall', {
      token: supervisor.token,
      body: {},
    });
    expect(all.status).toBe(200);
    const freed = await call<Contact>(testApp.app, 'GET', `/api/v1/en/contact/search/${other.id}`, {
      token: owner.token,
    });
    expect(freed.body.data[0]?.derivedto).toBe('');
  });

  it('taking, transferring and releasing a conversation are audited with the assignee before and after', async () => {
    const contact = await conversation();
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${contact.id}`, { token: agent.token });
    await call(testApp.app, 'POST', `/api/v1/en/contact/transfer/${contact.id}`, {
      token: agent.token,
      body: { user_id: supervisor.userId },
    });
    await call(testApp.app, 'POST', `/api/v1/en/contact/release/${contact.id}`, { token: supervisor.token });
    await call(testApp.app, 'GET', `/api/v1/en/contact/unread/${contact.id}`, { token: supervisor.token });
    const audits = (
      (await testApp.app.database.db.execute(
        sql`select user_id, action, changes from audit_logs where module = 'contact' and record_id = ${contact.id}
            order by id`,
      )) as unknown as { rows: { user_id: string; action: string; changes: Record<string, unknown> }[] }
    ).rows;
    expect(audits).toEqual([
      {
        user_id: agent.userId,
        action: 'update',
        changes: { derivedto: ['', agent.userId], owner: [[], [agent.userId]] },
      },
      {
        user_id: agent.userId,
        action: 'update',
        changes: {
          derivedto: [agent.userId, supervisor.userId],
          owner: [[agent.userId], [agent.userId, supervisor.userId]],
        },
      },
      { user_id: supervisor.userId, action: 'update', changes: { derivedto: [supervisor.userId, ''] } },
    ]);
  });

  it('answerbot switches on and off', async () => {
    const contact = await conversation();
    const on = await call<Contact>(testApp.app, 'POST', `/api/v1/en/contact/bot/${contact.id}`, {
      token: agent.token,
      body: { answerbot: true },
    });
    expect(on.body.data[0]?.answerbot).toBe(true);
    const off = await call<Contact>(testApp.app, 'POST', `/api/v1/en/contact/bot/${contact.id}`, {
      token: agent.token,
      body: { answerbot: false },
    });
    expect(off.body.data[0]?.answerbot).toBe(false);
  });
});

describe('the conversation list', () => {
  it('lists conversations newest first, 20 a page, with the full total, and pinned ones first', async () => {
    const company = await signupCompany(testApp.app);
    const companyDevice = await createSandboxDevice(testApp.app, company.token);
    const ids: string[] = [];
    for (let index = 0; index < 23; index += 1) {
      const phone = newPhone();
      await deliver(testApp.app, companyDevice, { phone, name: `Persona ${String(index).padStart(2, '0')}` });
      ids.push((await contactByPhone(testApp.app, company.token, phone)).id);
    }
    const first = await chats(company);
    expect(first.body.pagination).toEqual({ total: 23, page: 1, offset: 20, more: false });
    expect(first.body.data[0]?.info.full_name).toBe('Persona 22');
    const pinned = [ids[0] ?? '', ids[5] ?? ''];
    const withPins = await chats(company, { fixed: pinned });
    expect(withPins.body.data.slice(0, 3).map((contact) => contact.info.full_name)).toEqual([
      'Persona 05',
      'Persona 00',
      'Persona 22',
    ]);
    const second = await chats(company, { fixed: pinned, page: 2 });
    expect(second.body.data).toHaveLength(3);
    const all = [...withPins.body.data, ...second.body.data].map((contact) => contact.id);
    expect(new Set(all).size).toBe(23);
    const search = await chats(company, { search: 'PERSONA 1' });
    expect(search.body.pagination?.total).toBe(10);
    // A pinned conversation the search leaves out shifts no page: every match once, pinned first.
    const pages = [];
    for (const page of [1, 2, 3]) {
      const answer = await chats(company, { search: 'persona 1', fixed: [ids[0], ids[12]], offset: 4, page });
      pages.push(...answer.body.data.map((contact) => contact.info.full_name.slice(-2)));
    }
    expect(pages).toEqual(['12', '19', '18', '17', '16', '15', '14', '13', '11', '10']);
  });

  it('counts exactly up to 10,000 conversations and answers 10,000 with more beyond', async () => {
    const company = await signupCompany(testApp.app);
    const companyDevice = await createSandboxDevice(testApp.app, company.token);
    const phone = newPhone();
    await deliver(testApp.app, companyDevice, { phone, name: 'Persona real' });
    const real = await contactByPhone(testApp.app, company.token, phone);
    // 10,000 more conversations written at once: delivering them one by one would take minutes.
    await testApp.app.database.db.execute(
      sql`insert into contacts (client_id, device_id, first_name, full_name, phone, last_message_at)
          select client_id, device_id, 'Masiva', 'Masiva ' || n, '5690' || lpad(n::text, 7, '0'), now() - interval '1 day'
          from contacts, generate_series(1, 10000) as n where id = ${real.id}`,
    );
    const capped = await chats(company);
    expect(capped.body.pagination).toEqual({ total: 10_000, page: 1, offset: 20, more: true });
    expect(capped.body.data[0]?.info.full_name).toBe('Persona real');
    const narrowed = await chats(company, { search: 'masiva 999' });
    expect(narrowed.body.pagination).toMatchObject({ total: 11, more: false });
    // The contacts screen's list (the record kit) counts the same way.
    const list = await call(testApp.app, 'POST', '/api/v1/en/contact/search', {
      token: company.token,
      body: {},
    });
    expect(list.body.pagination).toEqual({ total: 10_000, page: 1, offset: 25, more: true });
    const filtered = await call(testApp.app, 'POST', '/api/v1/en/contact/search', {
      token: company.token,
      body: { filters: [{ key: 'info.full_name', condition: 'contains', value: 'masiva 999' }] },
    });
    expect(filtered.body.pagination).toEqual({ total: 11, page: 1, offset: 25 });
  });

  it("today's conversations still list when the company's stored time zone is unknown", async () => {
    const company = await signupCompany(testApp.app);
    const companyDevice = await createSandboxDevice(testApp.app, company.token);
    await deliver(testApp.app, companyDevice, { phone: newPhone(), name: 'Hoy' });
    // Stored before sign-up validated zones; PostgreSQL refuses it in `at time zone`.
    await testApp.app.database.db.execute(
      sql`update clients set timezone = 'Mars/Olympus_Mons' where id = ${company.clientId}`,
    );
    const today = await chats(company, { option: 'todayMsg' });
    expect(today.status).toBe(200);
    expect(today.body.data.map((contact) => contact.info.full_name)).toEqual(['Hoy']);
  });

  it('options narrow the list exactly as the domain defines them', async () => {
    const company = await signupCompany(testApp.app);
    const companyDevice = await createSandboxDevice(testApp.app, company.token);
    const [held, floating, read] = [newPhone(), newPhone(), newPhone()];
    for (const phone of [held, floating, read]) await deliver(testApp.app, companyDevice, { phone });
    const heldContact = await contactByPhone(testApp.app, company.token, held);
    const readContact = await contactByPhone(testApp.app, company.token, read);
    await call(testApp.app, 'POST', `/api/v1/en/contact/lock/${heldContact.id}`, { token: company.token });
    await call(testApp.app, 'GET', `/api/v1/en/contact/unread/${readContact.id}`, { token: company.token });
    const phonesOf = async (option: string, filter = 'All') =>
      (await chats(company, { option, filter })).body.data.map((contact) => contact.info.phone).sort();
    expect(await phonesOf('myContacts')).toEqual([held]);
    expect(await phonesOf('myDeriveds')).toEqual([held]);
    expect(await phonesOf('floatContacts')).toEqual([floating, read].sort());
    expect(await phonesOf('unread')).toEqual([held, floating].sort());
    expect(await phonesOf('todayMsg')).toEqual([held, floating, read].sort());
    expect(await phonesOf('allMessages')).toEqual([held, floating, read].sort());
    expect(await phonesOf('allMessages', 'AllInactive')).toEqual([]);
    // A contact created by hand has no messages: it is not a conversation.
    await call(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: company.token,
      body: { name: 'Sin Mensajes', phone: newPhone() },
    });
    expect((await chats(company)).body.pagination?.total).toBe(3);
  });

  it('myDeriveds follows the owners a contact gains and loses, in its rows and its total', async () => {
    const company = await signupCompany(testApp.app);
    const companyDevice = await createSandboxDevice(testApp.app, company.token);
    const [first, second, unowned, later] = [newPhone(), newPhone(), newPhone(), newPhone()];
    for (const phone of [first, second, unowned]) await deliver(testApp.app, companyDevice, { phone });
    const contactOf = (phone: string) => contactByPhone(testApp.app, company.token, phone);
    const setOwners = (id: string, owners: string[]) =>
      call(testApp.app, 'PUT', `/api/v1/en/contact/updateone/${id}`, {
        token: company.token,
        body: { owner: owners },
      });
    const created = await call<Contact>(testApp.app, 'POST', '/api/v1/en/contact/create', {
      token: company.token,
      body: { name: 'Sin Mensajes', phone: later },
    });
    const laterId = created.body.data[0]?.id ?? '';
    for (const id of [(await contactOf(first)).id, (await contactOf(second)).id, laterId]) {
      expect((await setOwners(id, [company.userId])).status).toBe(200);
    }
    const derived = async (filter = 'All', search = '') => {
      const answer = await chats(company, { option: 'myDeriveds', filter, search });
      const phones = answer.body.data.map((contact) => contact.info.phone).sort();
      return { phones, total: answer.body.pagination?.total };
    };
    // The contact without messages is not a conversation yet.
    expect(await derived()).toEqual({ phones: [first, second].sort(), total: 2 });
    await deliver(testApp.app, companyDevice, { phone: later });
    expect(await derived()).toEqual({ phones: [first, second, later].sort(), total: 3 });
    // The customer window: closed for `second` a day ago, opened again by a new message.
    await testApp.app.database.db.execute(
      sql`update contacts set last_inbound_at = now() - interval '25 hours' where client_id = ${company.clientId} and phone = ${second}`,
    );
    expect(await derived('AllInactive')).toEqual({ phones: [second], total: 1 });
    await deliver(testApp.app, companyDevice, { phone: second });
    expect(await derived('AllInactive')).toEqual({ phones: [], total: 0 });
    // Owners taken away and a deleted contact leave the list; a name search counts the same conversations.
    expect((await setOwners((await contactOf(first)).id, [])).status).toBe(200);
    await call(testApp.app, 'DELETE', `/api/v1/en/contact/deleteone/${laterId}`, { token: company.token });
    expect(await derived()).toEqual({ phones: [second], total: 1 });
    const secondName = (await contactOf(second)).info.full_name.toLowerCase();
    expect(await derived('All', secondName)).toEqual({ phones: [second], total: 1 });
  });

  it('All keeps every conversation while AllInactive lists those whose customer window has closed', async () => {
    const company = await signupCompany(testApp.app);
    const companyDevice = await createSandboxDevice(testApp.app, company.token);
    const [recent, old] = [newPhone(), newPhone()];
    for (const phone of [recent, old]) await deliver(testApp.app, companyDevice, { phone });
    const oldContact = await contactByPhone(testApp.app, company.token, old);
    await testApp.app.database.db.execute(
      sql`update contacts set last_inbound_at = now() - interval '25 hours' where id = ${oldContact.id}`,
    );
    const phonesOf = async (filter: string) =>
      (await chats(company, { filter })).body.data.map((contact) => contact.info.phone).sort();
    expect(await phonesOf('All')).toEqual([recent, old].sort());
    expect(await phonesOf('AllInactive')).toEqual([old]);
  });

  it('refuses an unknown option with 400', async () => {
    const answer = await chats(owner, { option: 'everything' });
    expect(answer.status).toBe(400);
  });
});
