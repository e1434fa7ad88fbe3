import type { DashboardAdvanced } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffUser } from '../../test/company-fixture';
import { createSandboxDevice, type SandboxDevice } from '../../test/messaging-fixtures';
import { call, createTestApp, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { createContact } from '../tasks/tasks.fixtures';
import { advancedOf, clockAt, customerWrites, dayFromToday, post, reply } from './dashboard-fixtures';
import { recordOutbound } from './metric-events';
import { rollUp } from './metric-rollups';

const D = dayFromToday(-2);
const NEXT = dayFromToday(-1);
const LATER = dayFromToday(3);
// Noon and early afternoon in Santiago (UTC-3), the company's zone.
const noon = (day: string) => `${day}T15:00:00.000Z`;
const afternoon = (day: string) => `${day}T16:00:00.000Z`;

let testApp: TestApp;
let owner: Session;
let seller: Session;
let manager: Session;
let device: SandboxDevice;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signupCompany(testApp.app, { timezone: 'America/Santiago' });
  seller = await staffUser(testApp.app, owner.clientId, 'Sergio Seller', ['deal.view', 'task.view']);
  // Advanced dashboards without the deals module.
  manager = await staffUser(testApp.app, owner.clientId, 'Marta Manager', [
    'dashboard.advanced',
    'task.view',
  ]);
  device = await createSandboxDevice(testApp.app, owner.token);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => testApp?.close());

const put = async (session: Session, url: string, body: Record<string, unknown>) => {
  const answer = await call(testApp.app, 'PUT', `/api/v1/en/${url}`, { token: session.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data[0] as { id: string };
};
const create = async (module: 'deal' | 'task', body: Record<string, unknown>) =>
  (await post(testApp.app, owner, `${module}/create`, body)).body.data[0] as { id: string };

// Today in the company's zone, whatever the hour in UTC.
const RECENT = { from: dayFromToday(-1), to: dayFromToday(1) };

const ask = () => advancedOf(testApp.app, owner, { from: D, to: LATER });

describe('deals by their last move and tasks done, reopened and overdue', () => {
  let answer: DashboardAdvanced;

  beforeAll(async () => {
    const contactId = await createContact(testApp.app, owner.token);
    clockAt(noon(D));
    await create('deal', {
      name: 'Created won',
      stage: 'win',
      amount: 1000,
      owner: [owner.userId, seller.userId],
    });
    const back = await create('deal', { name: 'Back and forth', amount: 500, owner: [owner.userId] });
    await put(owner, `deal/updateone/${back.id}`, { stage: 'win' });
    await create('deal', {
      name: 'Lost',
      stage: 'lost',
      lost_reason: 'price',
      amount: 200,
      owner: [owner.userId],
    });
    await create('deal', {
      name: 'In dollars',
      stage: 'win',
      amount: 50,
      currency: 'USD',
      owner: [owner.userId],
    });
    const done = await create('task', {
      title: 'Done',
      due_date: afternoon(D),
      owner: [owner.userId, seller.userId],
      module: 'contact',
      contact_id: contactId,
    });
    const reopened = await create('task', {
      title: 'Reopened',
      due_date: afternoon(D),
      owner: [owner.userId],
      module: 'contact',
      contact_id: contactId,
    });
    await create('task', {
      title: 'Not yet due',
      due_date: noon(LATER),
      owner: [owner.userId],
      module: 'contact',
      contact_id: contactId,
    });
    await put(owner, `task/updateone/${done.id}`, { complete: true });
    await put(owner, `task/updateone/${reopened.id}`, { complete: true });
    clockAt(afternoon(D));
    await put(owner, `deal/updateone/${back.id}`, { stage: 'open' });
    clockAt(noon(NEXT));
    await put(owner, `deal/updateone/${back.id}`, { stage: 'win' });
    await put(owner, `task/updateone/${reopened.id}`, { complete: false });
    vi.useRealTimers();
    answer = await ask();
  });

  it('counts a deal once, on the day of its last move to its outcome, amounts by currency', () => {
    expect(answer.currency).toBe('CLP');
    expect(answer.totals).toMatchObject({
      deals_won: 3,
      deals_won_amount: 1500,
      deals_lost: 1,
      deals_lost_amount: 200,
      other_currencies: [{ currency: 'USD', deals_won_amount: 50, deals_lost_amount: 0 }],
    });
    const byDay = answer.series.map((day) => [day.date, day.deals_won, day.deals_won_amount]);
    expect(byDay.slice(0, 2)).toEqual([
      [D, 2, 1000],
      [NEXT, 1, 500],
    ]);
  });

  it('counts a deal or task with two owners for both, and once for the company', () => {
    const rowOf = (userId: string) => answer.agents.find((row) => row.user_id === userId);
    expect(rowOf(seller.userId)).toMatchObject({ deals_won: 1, deals_won_amount: 1000, tasks_done: 1 });
    expect(rowOf(owner.userId)).toMatchObject({
      deals_won: 3,
      deals_lost: 1,
      tasks_done: 1,
      tasks_overdue: 1,
    });
    expect(rowOf(manager.userId)).toMatchObject({ deals_won: 0, tasks_done: 0 });
  });

  it('counts tasks done unless reopened, and overdue ones on their due day until now', () => {
    expect(answer.totals).toMatchObject({ tasks_done: 1, tasks_overdue: 1 });
    expect(answer.series[0]).toMatchObject({ date: D, tasks_done: 1, tasks_overdue: 1 });
    expect(answer.series.reduce((sum, day) => sum + (day.tasks_overdue ?? 0), 0)).toBe(1);
  });

  it('answers null deal figures to a caller without deal.view, everywhere', async () => {
    const seen = await advancedOf(testApp.app, manager, { from: D, to: LATER });
    const all = [seen.totals, ...seen.series, ...seen.agents];
    for (const figures of all) {
      expect(figures).toMatchObject({
        deals_won: null,
        deals_won_amount: null,
        deals_lost: null,
        deals_lost_amount: null,
      });
    }
    expect(seen.totals.other_currencies ?? []).toEqual([]);
    expect(seen.totals.tasks_done).toBe(1);
  });
});

describe('the rollup', () => {
  const unrolledEvents = async () => {
    const result = (await testApp.app.database.db.execute(sql`
      select count(*)::int as n from metric_events
      where client_id = ${owner.clientId} and xid >= (select watermark from metric_rollup)`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n;
  };

  it('answers the same figures after one run, after two, and after a run aborted half-way', async () => {
    const db = testApp.app.database.db;
    clockAt(noon(D));
    await customerWrites(testApp.app, owner, device);
    vi.useRealTimers();
    const before = await ask();
    expect(before.totals.messages_in).toBe(1);
    await rollUp(db);
    expect(await unrolledEvents()).toBe(0);
    expect(await ask()).toEqual(before);
    await rollUp(db);
    expect(await ask()).toEqual(before);

    clockAt(noon(NEXT));
    await customerWrites(testApp.app, owner, device);
    vi.useRealTimers();
    const withNew = await ask();
    expect(withNew.totals.messages_in).toBe(2);
    // The run's inserts are done when its transaction dies: nothing of it stays.
    const killed = db.transaction(async (tx) => {
      await rollUp(tx);
      throw new Error('killed mid-way');
    });
    await expect(killed).rejects.toThrow('killed mid-way');
    expect(await ask()).toEqual(withNew);
    await rollUp(db);
    expect(await ask()).toEqual(withNew);
  });

  it('counts an event committed after a rollup began once, whatever runs meanwhile', async () => {
    const db = testApp.app.database.db;
    const contactId = await customerWrites(testApp.app, owner, device);
    const before = await advancedOf(testApp.app, owner, RECENT);
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let written = () => {};
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const late = db.transaction(async (tx) => {
      await recordOutbound(tx, owner.clientId, [
        { contactId, deviceId: device.id, personId: null, at: new Date() },
      ]);
      written();
      await held;
    });
    await wrote;
    await rollUp(db);
    commit();
    await late;
    const after = await advancedOf(testApp.app, owner, RECENT);
    expect(after.totals.messages_out).toBe(before.totals.messages_out + 1);
    await rollUp(db);
    await rollUp(db);
    expect(await advancedOf(testApp.app, owner, RECENT)).toEqual(after);
  });
});

describe('releasing every conversation at once (contact/unlockall)', () => {
  it('closes each one for the assignee released, with its resolution', async () => {
    const { app } = testApp;
    const before = await advancedOf(app, owner, RECENT);
    const ownerRow = (answer: DashboardAdvanced) => answer.agents.find((row) => row.user_id === owner.userId);
    for (let index = 0; index < 2; index += 1) {
      const contactId = await customerWrites(app, owner, device);
      await post(app, owner, `contact/lock/${contactId}`);
    }
    await put(owner, 'contact/unlockall', {});
    const after = await advancedOf(app, owner, RECENT);
    expect(after.totals.conversations_closed).toBe(before.totals.conversations_closed + 2);
    expect(after.totals.resolution_count).toBe(before.totals.resolution_count + 2);
    expect(ownerRow(after)?.conversations_closed).toBe((ownerRow(before)?.conversations_closed ?? 0) + 2);
  });
});

describe('deleting a deal or a task', () => {
  it('takes back its outcome, for one and for many', async () => {
    const contactId = await createContact(testApp.app, owner.token);
    const won = await create('deal', {
      name: 'Won, then deleted',
      stage: 'win',
      amount: 700,
      owner: [owner.userId],
    });
    const lost = await create('deal', {
      name: 'Lost, then deleted',
      stage: 'lost',
      lost_reason: 'price',
      amount: 300,
      owner: [owner.userId],
    });
    const task = await create('task', {
      title: 'Done, then deleted',
      due_date: new Date(Date.now() + 3_600_000).toISOString(),
      owner: [owner.userId],
      module: 'contact',
      contact_id: contactId,
    });
    await put(owner, `task/updateone/${task.id}`, { complete: true });
    const before = (await advancedOf(testApp.app, owner, RECENT)).totals;

    const one = await call(testApp.app, 'DELETE', `/api/v1/en/deal/deleteone/${won.id}`, {
      token: owner.token,
    });
    expect(one.status).toBe(200);
    await put(owner, 'deal/deletemany', { ids: [lost.id] });
    await put(owner, 'task/deletemany', { ids: [task.id] });

    const after = (await advancedOf(testApp.app, owner, RECENT)).totals;
    expect(after.deals_won).toBe((before.deals_won ?? 0) - 1);
    expect(after.deals_won_amount).toBe((before.deals_won_amount ?? 0) - 700);
    expect(after.deals_lost).toBe((before.deals_lost ?? 0) - 1);
    expect(after.deals_lost_amount).toBe((before.deals_lost_amount ?? 0) - 300);
    expect(after.tasks_done).toBe((before.tasks_done ?? 0) - 1);
  });
});

describe('assigning and freeing a conversation from the contact record (contact/updateone)', () => {
  it('starts the clock for the first response and closes the conversation with its resolution', async () => {
    const { app } = testApp;
    const contactId = await customerWrites(app, owner, device);
    const before = (await advancedOf(app, owner, RECENT)).totals;

    await put(owner, `contact/updateone/${contactId}`, { derivedto: owner.userId });
    await reply(app, owner, device, contactId);
    const answered = (await advancedOf(app, owner, RECENT)).totals;
    expect(answered.first_response_count).toBe(before.first_response_count + 1);

    await put(owner, `contact/updateone/${contactId}`, { derivedto: '' });
    const after = (await advancedOf(app, owner, RECENT)).totals;
    expect(after.conversations_closed).toBe(before.conversations_closed + 1);
    expect(after.resolution_count).toBe(before.resolution_count + 1);
  });
});
