import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxDevice } from '../../test/messaging-fixtures';
import { call, createTestApp, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { createContact } from '../tasks/tasks.fixtures';
import { advancedOf, clockAt, customerWrites, dayFromToday, post, reply } from './dashboard-fixtures';
import { rollUp } from './metric-rollups';
import { backfillMetrics } from './metrics-backfill';

const D = dayFromToday(-2);
const PERIOD = { from: dayFromToday(-3), to: dayFromToday(1) };

let testApp: TestApp;
let owner: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signupCompany(testApp.app, { timezone: 'America/Santiago' });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => testApp?.close());

describe('the one-time backfill', () => {
  it('builds the figures the history holds, once', async () => {
    const { app } = testApp;
    const db = app.database.db;
    const device = await createSandboxDevice(app, owner.token);
    const contactId = await createContact(app, owner.token);
    clockAt(`${D}T15:00:00.000Z`);
    const customer = await customerWrites(app, owner, device);
    await post(app, owner, `contact/lock/${customer}`);
    await reply(app, owner, device, customer);
    await post(app, owner, 'deal/create', { name: 'Won', stage: 'win', amount: 700, owner: [owner.userId] });
    const task = await post(app, owner, 'task/create', {
      title: 'Follow up',
      due_date: `${D}T18:00:00.000Z`,
      owner: [owner.userId],
      module: 'contact',
      contact_id: contactId,
    });
    const taskId = (task.body.data[0] as { id: string }).id;
    const done = await call(app, 'PUT', `/api/v1/en/task/updateone/${taskId}`, {
      token: owner.token,
      body: { complete: true },
    });
    expect(done.status).toBe(200);
    vi.useRealTimers();
    const live = await advancedOf(app, owner, PERIOD);

    // As if all this had happened before the events were written: no event, no rollup, backfill to do.
    await rollUp(db);
    await db.transaction(async (tx) => {
      for (const table of ['metric_events', 'metric_days', 'metric_deal_days', 'metric_hours']) {
        await tx.execute(sql`delete from ${sql.identifier(table)} where client_id = ${owner.clientId}`);
      }
      await tx.execute(sql`update metric_rollup set backfilled = false, backfill_before = now()`);
    });
    expect((await advancedOf(app, owner, PERIOD)).totals.messages_in).toBe(0);

    expect(await backfillMetrics(db)).toBe(true);
    const rebuilt = await advancedOf(app, owner, PERIOD);
    expect(rebuilt.totals).toMatchObject({
      messages_in: live.totals.messages_in,
      messages_out: live.totals.messages_out,
      deals_won: 1,
      deals_won_amount: 700,
      tasks_done: 1,
      // What the history cannot tell: conversations and their samples.
      conversations_opened: 0,
      first_response_count: 0,
    });
    // A message on its own moment (the customer's, as the provider gave it); what the company did on the
    // moments the database's clock wrote in the history.
    expect(rebuilt.series.find((day) => day.date === D)).toMatchObject({ messages_in: 1 });
    expect(rebuilt.agents.find((row) => row.user_id === owner.userId)).toMatchObject({
      messages_out: 1,
      deals_won: 1,
      tasks_done: 1,
    });

    expect(await backfillMetrics(db)).toBe(false);
    await rollUp(db);
    expect(await advancedOf(app, owner, PERIOD)).toEqual(rebuilt);
  });
});
