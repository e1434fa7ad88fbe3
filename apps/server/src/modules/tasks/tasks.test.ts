import { type Task, taskExpiry } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, tasks, users } from '../../core/db/schema';
import { staffUser } from '../../test/company-fixture';
import { call, createTestApp, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { insertDeal } from '../payments/payments.fixtures';
import { createContact, createTask, inHours, TASK_KEYS } from './tasks.fixtures';

let testApp: TestApp;
let owner: Session;
let stranger: Session;
let ana: Session & { email: string };
let bruno: Session & { email: string };
let contactId: string;
let strangerContactId: string;
const url = (path: string) => `/api/v1/en/task/${path}`;

const base = () => ({
  title: 'Call back the customer',
  due_date: inHours(72),
  owner: [ana.userId],
  module: 'contact',
  contact_id: contactId,
});

const search = async (token: string, body: Record<string, unknown> = {}) => {
  const answer = await call<Task>(testApp.app, 'POST', url('search'), { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
};

const setDue = (id: string, due: Date) =>
  testApp.app.database.db.update(tasks).set({ due_date: due }).where(eq(tasks.id, id));

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signupCompany(testApp.app);
  stranger = await signupCompany(testApp.app);
  ana = await staffUser(testApp.app, owner.clientId, 'Ana Staff', TASK_KEYS);
  bruno = await staffUser(testApp.app, owner.clientId, 'Bruno Staff', TASK_KEYS);
  contactId = await createContact(testApp.app, owner.token);
  strangerContactId = await createContact(testApp.app, stranger.token);
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

describe('task expiry', () => {
  it('answers the domain rule in the company’s time zone, from expired to expires', async () => {
    const tokyo = await signupCompany(testApp.app, { timezone: 'Asia/Tokyo' });
    const tokyoContact = await createContact(testApp.app, tokyo.token);
    // A due moment whose state differs between Santiago and Tokyo proves the company's zone is used.
    const now = Date.now();
    const offsets = Array.from({ length: 96 }, (_, hour) => hour - 47);
    const split = offsets
      .map((hour) => new Date(now + hour * 3_600_000 + 30 * 60_000))
      .find(
        (due) =>
          taskExpiry(due, new Date(), 'America/Santiago') !== taskExpiry(due, new Date(), 'Asia/Tokyo'),
      );
    expect(split).toBeDefined();
    const dues = [-72, 72, 240].map((hours) => new Date(now + hours * 3_600_000)).concat(split as Date);
    for (const [session, contact, zone] of [
      [owner, contactId, 'America/Santiago'],
      [tokyo, tokyoContact, 'Asia/Tokyo'],
    ] as const) {
      for (const due of dues) {
        const task = await createTask(testApp.app, session.token, {
          ...base(),
          owner: [session.userId],
          contact_id: contact,
        });
        await setDue(task.id, due);
        const answer = await call<Task>(testApp.app, 'GET', url(`search/${task.id}`), {
          token: session.token,
        });
        expect(answer.body.data[0]?.expiry, `${zone} ${due.toISOString()}`).toBe(
          taskExpiry(due, new Date(), zone),
        );
      }
    }
    const santiago = await search(owner.token, {
      filters: [{ key: 'expiry', condition: 'equalto', value: 'expired' }],
    });
    expect(santiago.body.data.every((task) => task.expiry === 'expired')).toBe(true);
    expect(santiago.body.data.length).toBeGreaterThan(0);
  });
});

describe('task visibility', () => {
  it('shows a private or group task to its creator, participants and the company owner only: 404 to others', async () => {
    for (const visibility of [1, 2]) {
      const task = await createTask(testApp.app, ana.token, {
        ...base(),
        visibility,
        title: `Hidden ${visibility}`,
      });
      for (const session of [ana, owner]) {
        expect(
          (await call(testApp.app, 'GET', url(`search/${task.id}`), { token: session.token })).status,
        ).toBe(200);
      }
      const calls: [string, string, unknown][] = [
        ['GET', `search/${task.id}`, undefined],
        ['PUT', `updateone/${task.id}`, { title: 'Seen by Bruno' }],
        ['DELETE', `deleteone/${task.id}`, undefined],
        ['POST', `comment/${task.id}`, { text: 'Bruno was here' }],
        ['PUT', 'updatemany', { ids: [task.id], update: { complete: true } }],
      ];
      for (const [method, path, body] of calls) {
        const answer = await call(testApp.app, method as 'GET', url(path), { token: bruno.token, body });
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
      const found = await search(bruno.token, { offset: 200 });
      expect(found.body.data.some((item) => item.id === task.id)).toBe(false);
      // Taking part makes it visible.
      await call(testApp.app, 'PUT', url(`updateone/${task.id}`), {
        token: ana.token,
        body: { owner: [ana.userId, bruno.userId] },
      });
      expect((await call(testApp.app, 'GET', url(`search/${task.id}`), { token: bruno.token })).status).toBe(
        200,
      );
    }
  });

  it('shows a public task to every user with task.view', async () => {
    const task = await createTask(testApp.app, ana.token, { ...base(), visibility: 0, title: 'Open to all' });
    expect((await call(testApp.app, 'GET', url(`search/${task.id}`), { token: bruno.token })).status).toBe(
      200,
    );
    const found = await search(bruno.token, { offset: 200 });
    expect(found.body.data.some((item) => item.id === task.id)).toBe(true);
  });
});

describe('the bell’s incomplete list', () => {
  it('lists the caller’s open tasks by due date, 100 a page', async () => {
    const carla = await staffUser(testApp.app, owner.clientId, 'Carla Staff', TASK_KEYS);
    const later = await createTask(testApp.app, owner.token, {
      ...base(),
      owner: [carla.userId],
      due_date: inHours(48),
    });
    const sooner = await createTask(testApp.app, owner.token, {
      ...base(),
      owner: [carla.userId],
      due_date: inHours(5),
    });
    const done = await createTask(testApp.app, owner.token, {
      ...base(),
      owner: [carla.userId],
      complete: true,
    });
    // Public but not hers: in her search, not in her bell.
    const others = await createTask(testApp.app, owner.token, { ...base(), visibility: 0 });
    const bell = await search(carla.token, { incomplete: true });
    expect(bell.body.data.map((task) => task.id)).toEqual([sooner.id, later.id]);
    expect(bell.body.pagination?.offset).toBe(100);
    const all = await search(carla.token, { offset: 200 });
    const ids = all.body.data.map((task) => task.id);
    expect(ids).toEqual(expect.arrayContaining([sooner.id, later.id, done.id, others.id]));
  });
});

describe('task comments', () => {
  it('keeps the create’s first comment and each added one, oldest first, with the writer', async () => {
    const task = await createTask(testApp.app, ana.token, { ...base(), comments: 'First words' });
    expect(task.comments.map((comment) => [comment.text, comment.user_id])).toEqual([
      ['First words', ana.userId],
    ]);
    const answer = await call<Task>(testApp.app, 'POST', url(`comment/${task.id}`), {
      token: owner.token,
      body: { text: 'Second words' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]?.comments.map((comment) => [comment.text, comment.user_name])).toEqual([
      ['First words', 'Ana Staff'],
      ['Second words', 'Owner Person'],
    ]);
    const empty = await call(testApp.app, 'POST', url(`comment/${task.id}`), {
      token: owner.token,
      body: { text: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.path).toBe('text');
  });
});

describe('the related record', () => {
  it('takes a contact, a deal (with its contact) or a lead of the company', async () => {
    const deal = await insertDeal(testApp.app.database.db, owner.clientId, {
      name: 'Big deal',
      amount: 5,
      contactId,
    });
    const forDeal = await createTask(testApp.app, owner.token, {
      ...base(),
      module: 'deal',
      contact_id: '',
      reference_id: deal.id,
    });
    expect(forDeal.contact_id).toBe(contactId);
    expect(forDeal.reference).toEqual([{ id: deal.id, module: 'deal', name: 'Big deal' }]);
    expect(forDeal.contact).toEqual([{ id: contactId, module: 'contact', name: 'Task Contact' }]);
    const [lead] = await testApp.app.database.db
      .insert(leads)
      .values({ client_id: owner.clientId, first_name: 'Lea', full_name: 'Lea Lead', phone: '56911112222' })
      .returning();
    const forLead = await createTask(testApp.app, owner.token, {
      ...base(),
      module: 'lead',
      contact_id: '',
      reference_id: lead?.id,
    });
    expect(forLead.lead).toEqual([{ id: lead?.id, module: 'lead', name: 'Lea Lead' }]);
  });

  it('follows a lead to the contact it is converted into', async () => {
    const [lead] = await testApp.app.database.db
      .insert(leads)
      .values({
        client_id: owner.clientId,
        first_name: 'Leo',
        full_name: 'Leo Convert',
        phone: '56955556666',
      })
      .returning();
    const task = await createTask(testApp.app, owner.token, {
      ...base(),
      module: 'lead',
      contact_id: '',
      reference_id: lead?.id,
    });
    const converted = await call<{ id: string }>(testApp.app, 'POST', `/api/v1/en/lead/convert/${lead?.id}`, {
      token: owner.token,
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    const moved = await call<Task>(testApp.app, 'GET', url(`search/${task.id}`), { token: owner.token });
    expect(moved.body.data[0]).toMatchObject({
      module: 'contact',
      contact_id: converted.body.data[0]?.id,
      reference_id: '',
      lead: [],
    });
  });

  it('answers 404 for another company’s contact, deal or lead and 400 naming the missing field', async () => {
    const theirDeal = await insertDeal(testApp.app.database.db, stranger.clientId, {
      name: 'Theirs',
      amount: 1,
    });
    const [theirLead] = await testApp.app.database.db
      .insert(leads)
      .values({
        client_id: stranger.clientId,
        first_name: 'Their',
        full_name: 'Their Lead',
        phone: '56933334444',
      })
      .returning();
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ contact_id: strangerContactId }, 404, undefined],
      [{ module: 'deal', contact_id: '', reference_id: theirDeal.id }, 404, undefined],
      [{ module: 'lead', contact_id: '', reference_id: theirLead?.id }, 404, undefined],
      [{ contact_id: '' }, 400, 'contact_id'],
      [{ module: 'deal', contact_id: contactId, reference_id: '' }, 400, 'reference_id'],
    ];
    for (const [change, status, path] of cases) {
      const answer = await call(testApp.app, 'POST', url('create'), {
        token: owner.token,
        body: { ...base(), ...change },
      });
      expect(answer.status, JSON.stringify(change)).toBe(status);
      if (path) expect(answer.body.errors?.[0]?.path).toBe(path);
    }
    const task = await createTask(testApp.app, owner.token, base());
    const moved = await call(testApp.app, 'PUT', url(`updateone/${task.id}`), {
      token: owner.token,
      body: { contact_id: strangerContactId },
    });
    expect(moved.status).toBe(404);
  });
});

describe('participants and bad input', () => {
  it('refuses participants without an e-mail or of another company (400 owner)', async () => {
    const [silent] = await testApp.app.database.db
      .insert(users)
      .values({ client_id: owner.clientId, name: 'No Mail', email: '', password_hash: 'x', account: 'user' })
      .returning();
    for (const participant of [silent?.id, stranger.userId, 'not-a-user']) {
      const answer = await call(testApp.app, 'POST', url('create'), {
        token: owner.token,
        body: { ...base(), owner: [participant] },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.path).toBe('owner');
    }
    const picker = await call<{ id: string; name: string; email: string }>(
      testApp.app,
      'GET',
      url('participants?noAdmin=true'),
      {
        token: ana.token,
      },
    );
    expect(picker.status).toBe(200);
    const ids = picker.body.data.map((user) => user.id);
    expect(ids).toEqual(expect.arrayContaining([ana.userId, bruno.userId]));
    expect(ids).not.toContain(owner.userId);
    expect(ids).not.toContain(silent?.id);
    expect(picker.body.data.find((user) => user.id === ana.userId)).toEqual({
      id: ana.userId,
      name: 'Ana Staff',
      email: ana.email,
    });
    // A colleague's e-mail is for user.view holders only, as in user/list.
    expect(picker.body.data.find((user) => user.id === bruno.userId)).toEqual({
      id: bruno.userId,
      name: 'Bruno Staff',
    });
    const asOwner = await call<{ id: string; email?: string }>(testApp.app, 'GET', url('participants'), {
      token: owner.token,
    });
    expect(asOwner.body.data.find((user) => user.id === bruno.userId)?.email).toBe(bruno.email);
    const withOwner = await call<{ id: string }>(testApp.app, 'GET', url('participants'), {
      token: ana.token,
    });
    expect(withOwner.body.data.map((user) => user.id)).toContain(owner.userId);
  });

  it('refuses a past due date or reminder, a short title, and a reminder change once sent (406)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ due_date: inHours(-1) }, 'due_date'],
      [{ notify_enable: true, notify_before: inHours(-1) }, 'notify_before'],
      [{ notify_enable: true }, 'notify_before'],
      [{ title: 'ab' }, 'title'],
    ];
    for (const [change, path] of cases) {
      const answer = await call(testApp.app, 'POST', url('create'), {
        token: owner.token,
        body: { ...base(), ...change },
      });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.errors?.[0]?.path).toBe(path);
    }
    const task = await createTask(testApp.app, owner.token, {
      ...base(),
      notify_enable: true,
      notify_before: inHours(24),
    });
    await testApp.app.database.db.update(tasks).set({ notify_sent: true }).where(eq(tasks.id, task.id));
    for (const change of [{ notify_before: inHours(30) }, { notify_enable: false }]) {
      const refused = await call(testApp.app, 'PUT', url(`updateone/${task.id}`), {
        token: owner.token,
        body: change,
      });
      expect(refused.status).toBe(406);
      expect(refused.body.info).toBe('The reminder was already sent and can no longer be changed');
    }
    const same = await call(testApp.app, 'PUT', url(`updateone/${task.id}`), {
      token: owner.token,
      body: { notify_before: task.notify_before, title: 'Still editable' },
    });
    expect(same.status).toBe(200);
  });

  it('sends a reminder before the task is due, never after: a later one is refused on create and update', async () => {
    const late = await call(testApp.app, 'POST', url('create'), {
      token: owner.token,
      body: { ...base(), notify_enable: true, notify_before: inHours(73) },
    });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([
      { path: 'notify_before', message: 'The reminder must come before the due date' },
    ]);
    const task = await createTask(testApp.app, owner.token, {
      ...base(),
      notify_enable: true,
      notify_before: inHours(72),
    });
    const refused = await call(testApp.app, 'PUT', url(`updateone/${task.id}`), {
      token: owner.token,
      body: { due_date: inHours(48), notify_before: inHours(60) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.path).toBe('notify_before');
    // Moving only the due moment moves a pending reminder with it, so it stays before.
    const moved = await call<{ due_date: string; notify_before: string }>(
      testApp.app,
      'PUT',
      url(`updateone/${task.id}`),
      { token: owner.token, body: { due_date: inHours(48) } },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data[0]?.notify_before).toBe(moved.body.data[0]?.due_date);
  });
});

describe('the task routes of its own', () => {
  it('answer 404 for another company’s task and 403 without task.view', async () => {
    const task = await createTask(testApp.app, owner.token, { ...base(), visibility: 0 });
    const theirs = await call(testApp.app, 'POST', url(`comment/${task.id}`), {
      token: stranger.token,
      body: { text: 'Hi' },
    });
    expect(theirs.status).toBe(404);
    const nobody = await staffUser(testApp.app, owner.clientId, 'No Keys', ['chat.view']);
    const routes: [string, string, unknown][] = [
      ['POST', `comment/${task.id}`, { text: 'Hi' }],
      ['GET', 'participants', undefined],
    ];
    for (const [method, path, body] of routes) {
      expect(
        (await call(testApp.app, method as 'GET', url(path), { token: nobody.token, body })).status,
      ).toBe(403);
    }
  });
});
