import type { DashboardAdvanced } from '@conversa/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffUser } from '../../test/company-fixture';
import { createTestMessagesService } from '../../test/messages-service';
import { createSandboxDevice, deliver, newPhone, type SandboxDevice } from '../../test/messaging-fixtures';
import { call, createTestApp, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { createContactsRepository } from '../contacts/contacts.repository';
import { createDevicesRepository } from '../devices/devices.repository';
import {
  advancedOf,
  askDashboard,
  clockAt,
  customerWrites,
  dayFromToday,
  mainOf,
  plus,
  post,
  reply,
} from './dashboard-fixtures';

// Days in the past, fixed before any test moves the clock.
const D = dayFromToday(-2);
const NEXT = dayFromToday(-1);
const isoWeekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay() || 7;

let testApp: TestApp;
let owner: Session;
let agent: Session;
let device: SandboxDevice;

const CHAT = ['chat.view', 'chat.releasechat'];
const NO_DEALS_OR_TASKS = {
  deals_won: 0,
  deals_won_amount: 0,
  deals_lost: 0,
  deals_lost_amount: 0,
  tasks_done: 0,
  tasks_overdue: 0,
};

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signupCompany(testApp.app, { timezone: 'Asia/Tokyo' });
  device = await createSandboxDevice(testApp.app, owner.token, 'Tokyo line');
  agent = await staffUser(testApp.app, owner.clientId, 'Ana Agent', CHAT);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => testApp?.close());

describe('conversations, first responses and resolutions (API.md Definitions)', () => {
  const T0 = `${D}T01:00:00.000Z`; // 10:00 in Tokyo
  let advanced: DashboardAdvanced;

  beforeAll(async () => {
    const { app } = testApp;
    // 1: opened unassigned; taken a minute later (the clock starts), transferred (it does not restart),
    // answered twice (one sample), released (the resolution).
    clockAt(T0);
    const first = newPhone();
    const c1 = await customerWrites(app, owner, device, first);
    clockAt(plus(T0, 60));
    await post(app, owner, `contact/lock/${c1}`);
    clockAt(plus(T0, 120));
    await post(app, owner, `contact/transfer/${c1}`, { user_id: agent.userId });
    clockAt(plus(T0, 300));
    await reply(app, agent, device, c1);
    clockAt(plus(T0, 400));
    await reply(app, agent, device, c1);
    clockAt(plus(T0, 600));
    await post(app, agent, `contact/release/${c1}`);
    // 2: opened, taken and released at once (a 10 s resolution), then taken again before its customer
    // writes: the new conversation's clock starts at its opening.
    clockAt(plus(T0, 1000));
    const second = newPhone();
    const c2 = await customerWrites(app, owner, device, second);
    await post(app, owner, `contact/lock/${c2}`);
    clockAt(plus(T0, 1010));
    await post(app, owner, `contact/release/${c2}`);
    clockAt(plus(T0, 1050));
    await post(app, owner, `contact/lock/${c2}`);
    clockAt(plus(T0, 1100));
    await deliver(app, device, { phone: second });
    clockAt(plus(T0, 1130));
    await reply(app, owner, device, c2);
    // 3: the first customer writes again after the close: a new conversation.
    clockAt(plus(T0, 1200));
    await deliver(app, device, { phone: first });
    vi.useRealTimers();
    advanced = await advancedOf(app, owner, { from: D, to: D });
  });

  it('counts conversations, messages and the samples from the later of opening and assignment', () => {
    expect(advanced.totals).toMatchObject({
      conversations_opened: 4,
      conversations_closed: 2,
      messages_in: 4,
      messages_out: 3,
      first_response_count: 2,
      // 300 - 60 (transfer at 120 does not restart) and 1130 - 1100 (assigned before the opening).
      first_response_avg_seconds: 135,
      // c1 released at 600 (clock at 60), c2 at 1010 (clock at 1000).
      resolution_count: 2,
      resolution_avg_seconds: 275,
    });
    expect(advanced.series).toEqual([expect.objectContaining({ date: D, messages_in: 4 })]);
  });

  it('attributes each event to its person, the owner row included, ordered by name', () => {
    const rowOf = (userId: string) => advanced.agents.find((row) => row.user_id === userId);
    expect(advanced.agents.map((row) => row.name)).toEqual(['Ana Agent', 'Owner Person']);
    expect(rowOf(agent.userId)).toMatchObject({
      messages_out: 2,
      messages_in: 0,
      first_response_count: 1,
      first_response_avg_seconds: 240,
      conversations_closed: 1,
      resolution_count: 1,
      resolution_avg_seconds: 540,
    });
    expect(rowOf(owner.userId)).toMatchObject({
      conversations_opened: 1,
      messages_in: 1,
      messages_out: 1,
      first_response_count: 1,
      first_response_avg_seconds: 30,
      conversations_closed: 1,
      resolution_count: 1,
      resolution_avg_seconds: 10,
    });
  });

  it('answers one channel row per device and the customer messages per local weekday and hour', () => {
    expect(advanced.channels).toEqual([
      expect.objectContaining({ device_id: device.id, name: 'Tokyo line', type: 'sandbox', messages_in: 4 }),
    ]);
    expect(advanced.heatmap).toHaveLength(168);
    expect(advanced.heatmap[0]).toEqual({ weekday: 1, hour: 0, messages_in: expect.any(Number) });
    expect(advanced.heatmap.filter((cell) => cell.messages_in > 0)).toEqual([
      { weekday: isoWeekday(D), hour: 10, messages_in: 4 },
    ]);
  });

  it('shows a staff user without dashboard.advanced only their own figures', async () => {
    const own = await mainOf(testApp.app, agent, { from: D, to: D });
    expect(own.totals).toMatchObject({ messages_out: 2, first_response_count: 1, messages_in: 0 });
    // Deals and tasks are outside this agent's access.
    expect(own.totals.deals_won).toBeNull();
    expect(own.totals.tasks_done).toBeNull();
    const named = await askDashboard(testApp.app, agent, { from: D, to: D, user_id: owner.userId });
    expect(named.status).toBe(403);
    expect((await askDashboard(testApp.app, agent, { from: D, to: D }, 'advanced')).status).toBe(403);
    // The owner naming the agent reads the same figures, and those of deals and tasks too.
    const asOwner = await mainOf(testApp.app, owner, { from: D, to: D, user_id: agent.userId });
    expect(asOwner.totals).toEqual({ ...own.totals, ...NO_DEALS_OR_TASKS });
  });

  it('never counts a bot or a broadcast (diffusion, confirmation) as a first response', async () => {
    const { app } = testApp;
    clockAt(`${D}T03:00:00.000Z`);
    const contactId = await customerWrites(app, owner, device);
    await post(app, owner, `contact/lock/${contactId}`);
    const messages = createTestMessagesService(testApp);
    const db = app.database.db;
    const deviceRow = await createDevicesRepository(db).findById(owner.clientId, device.id);
    const contactRow = await createContactsRepository(db).findById(owner.clientId, contactId);
    if (!deviceRow || !contactRow) throw new Error('rows missing');
    await messages.queueBotMessage(owner.clientId, {
      device: deviceRow,
      contact: contactRow,
      body: 'Soy un bot',
      tempId: 'bot-1',
    });
    await messages.queueBroadcast(
      { clientId: owner.clientId, userId: owner.userId },
      { device: deviceRow, contact: contactRow, body: 'Recordatorio de su hora' },
      async () => {},
    );
    vi.useRealTimers();
    const after = await advancedOf(app, owner, { from: D, to: D });
    expect(after.totals.messages_out).toBe(advanced.totals.messages_out + 2);
    expect(after.totals.first_response_count).toBe(advanced.totals.first_response_count);
    const ownerRow = after.agents.find((row) => row.user_id === owner.userId);
    expect(ownerRow?.messages_out).toBe(1);
  });
});

describe('local days of the company', () => {
  let tokyo: Session;
  let line: SandboxDevice;

  beforeAll(async () => {
    tokyo = await signupCompany(testApp.app, { timezone: 'Asia/Tokyo' });
    line = await createSandboxDevice(testApp.app, tokyo.token);
    clockAt(`${D}T14:59:00.000Z`); // 23:59 in Tokyo
    await customerWrites(testApp.app, tokyo, line);
    clockAt(`${D}T15:01:00.000Z`); // 00:01 the next day in Tokyo
    await customerWrites(testApp.app, tokyo, line);
    vi.useRealTimers();
  });

  it('counts events at 23:59 and 00:01 local on their own days, in the series and the heat map', async () => {
    const answer = await advancedOf(testApp.app, tokyo, { from: D, to: NEXT });
    expect(answer.timezone).toBe('Asia/Tokyo');
    expect(answer.series.map((day) => [day.date, day.messages_in, day.conversations_opened])).toEqual([
      [D, 1, 1],
      [NEXT, 1, 1],
    ]);
    expect(answer.heatmap.filter((cell) => cell.messages_in > 0)).toEqual([
      { weekday: isoWeekday(D), hour: 23, messages_in: 1 },
      { weekday: isoWeekday(NEXT), hour: 0, messages_in: 1 },
    ]);
  });

  it('keeps old events on their day after a change of time zone', async () => {
    const changed = await call(testApp.app, 'PUT', '/api/v1/en/client/profile', {
      token: tokyo.token,
      body: { timezone: 'America/Santiago' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    clockAt(`${D}T15:03:00.000Z`); // 12:03 in Santiago, still the first day there
    await customerWrites(testApp.app, tokyo, line);
    vi.useRealTimers();
    const answer = await mainOf(testApp.app, tokyo, { from: D, to: NEXT });
    expect(answer.timezone).toBe('America/Santiago');
    expect(answer.series.map((day) => [day.date, day.messages_in])).toEqual([
      [D, 2],
      [NEXT, 1],
    ]);
  });

  it('answers zeros and null averages for a day without events, and days still to come', async () => {
    const answer = await mainOf(testApp.app, tokyo, { from: dayFromToday(5), to: dayFromToday(6) });
    expect(answer.series).toHaveLength(2);
    expect(answer.series[0]).toMatchObject({
      conversations_opened: 0,
      messages_in: 0,
      first_response_avg_seconds: null,
      resolution_avg_seconds: null,
      deals_won: 0,
      tasks_done: 0,
      tasks_overdue: 0,
    });
  });
});

describe('bad input and other companies', () => {
  it('answers 400 naming the field for a bad period or an unknown key', async () => {
    const backwards = await askDashboard(testApp.app, owner, { from: NEXT, to: D });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.map((error) => error.path)).toContain('to');
    const tooLong = await askDashboard(testApp.app, owner, { from: '2025-01-01', to: '2026-01-02' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ path: 'to', message: 'Choose a period of at most 366 days' }]);
    const yearLong = await askDashboard(testApp.app, owner, { from: '2025-01-01', to: '2026-01-01' });
    expect(yearLong.status).toBe(200);
    const badDay = await askDashboard(testApp.app, owner, { from: '2026-02-30', to: D });
    expect(badDay.status).toBe(400);
    expect(badDay.body.errors?.map((error) => error.path)).toContain('from');
    expect((await askDashboard(testApp.app, owner, { from: D, to: D, extra: 1 })).status).toBe(400);
  });

  it("answers 404 for another company's or an unknown device or user, and never mixes companies", async () => {
    const other = await signupCompany(testApp.app, { timezone: 'Asia/Tokyo' });
    const otherLine = await createSandboxDevice(testApp.app, other.token);
    const before = await mainOf(testApp.app, owner, { from: D, to: NEXT });
    clockAt(`${D}T05:00:00.000Z`);
    await customerWrites(testApp.app, other, otherLine);
    vi.useRealTimers();
    for (const body of [
      { device_id: otherLine.id },
      { user_id: other.userId },
      { device_id: '00000000-0000-4000-8000-000000000000' },
      { user_id: 'not-a-user' },
    ]) {
      const answer = await askDashboard(testApp.app, owner, { from: D, to: D, ...body }, 'advanced');
      expect(answer.status, JSON.stringify(body)).toBe(404);
    }
    expect(await mainOf(testApp.app, owner, { from: D, to: NEXT })).toEqual(before);
    const theirs = await mainOf(testApp.app, other, { from: D, to: D });
    expect(theirs.totals.messages_in).toBe(1);
  });
});
