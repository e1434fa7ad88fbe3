import { addDays, localDayOf } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../core/db/seed-logins';
import { advancedOf, mainOf } from '../modules/metrics/dashboard-fixtures';
import { createTestApp, login, type Session, type TestApp } from '../test/test-app';
import { seedDemoActivity } from './demo-activity';

const ZONE = 'America/Santiago';
let testApp: TestApp;
let owner: Session;

beforeAll(async () => {
  testApp = await createTestApp();
  await seedDemoActivity(testApp.app.database.db);
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
});
afterAll(async () => testApp?.close());

describe('the demo company’s month', () => {
  it('gives the dashboards a month of working days: conversations, answers, deals and tasks', async () => {
    const today = localDayOf(new Date(), ZONE);
    const period = { from: addDays(today, -30), to: addDays(today, -1) };
    const month = await mainOf(testApp.app, owner, period);
    expect(month.series).toHaveLength(30);
    const busyDays = month.series.filter((day) => day.conversations_opened > 0);
    expect(busyDays.length).toBeGreaterThanOrEqual(28);
    expect(month.totals.messages_in).toBeGreaterThan(month.totals.conversations_opened);
    expect(month.totals.first_response_count).toBe(month.totals.conversations_opened);
    expect(month.totals.first_response_avg_seconds).toBeGreaterThan(0);
    expect(month.totals.resolution_count).toBeLessThan(month.totals.conversations_opened);
    expect(month.totals.deals_won).toBeGreaterThan(0);
    expect(month.totals.deals_won_amount).toBeGreaterThan(0);
    expect(month.totals.tasks_done).toBeGreaterThan(0);

    // Customers write during the clinic's working hours, in its own zone.
    const advanced = await advancedOf(testApp.app, owner, period);
    const night = advanced.heatmap.filter((cell) => cell.hour < 8 || cell.hour > 21);
    expect(night.every((cell) => cell.messages_in === 0)).toBe(true);
    expect(advanced.agents.some((agent) => agent.first_response_count > 0)).toBe(true);
    // Today holds only the demo inbox's own six conversations, none of the seeded month.
    const todays = await mainOf(testApp.app, owner, { from: today, to: today });
    expect(todays.totals.conversations_opened).toBe(6);
  });
});
