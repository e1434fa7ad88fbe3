import { DEFAULTS } from '@conversa/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../core/db/database';
import { DAY_COLUMNS, DEAL_COLUMNS, dayRowsOf, dealRowsOf, hourRowsOf } from './metric-rollups';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What a dashboard reads: a company's local days, one channel or all, one user's share or the company's. */
export type DashboardScope = {
  clientId: string;
  from: string;
  to: string;
  deviceId: string | undefined;
  /** '' the company's figures, else that user's. */
  userKey: string;
  /** The advanced dashboard: the agent rows (every user's, or only `userKey`'s) and the channel rows. */
  withAgents: boolean;
};

type Numeric = string | number;
export type DayFigureRow = { user_id: string; day: string | null; device_id: string | null } & Record<
  (typeof DAY_COLUMNS)[number],
  Numeric
>;
export type DealFigureRow = { user_id: string; day: string | null; currency: string } & Record<
  (typeof DEAL_COLUMNS)[number],
  Numeric
>;
export type HourRow = { weekday: number; hour: number; messages_in: Numeric };
export type OverdueRow = { user_id: string; day: string; overdue: Numeric };

const CONVERSATION_COLUMNS = DAY_COLUMNS.filter((column) => column !== 'tasks_done');

/** The rows of one user (or the company's ''), or with the agents every row of the company. */
const usersWanted = (scope: DashboardScope, column = sql`user_id`): SQL =>
  scope.withAgents && scope.userKey === '' ? sql`true` : sql`${column} = ${scope.userKey}`;

/** The rolled-up rows plus the events no rollup holds yet, read in the caller's one snapshot. */
const unrolled = (scope: DashboardScope) =>
  sql`e.client_id = ${scope.clientId} and e.day between ${scope.from} and ${scope.to}
    and e.xid >= (select watermark from metric_rollup where id = 1)`;

const inPeriod = (scope: DashboardScope) =>
  sql`client_id = ${scope.clientId} and day between ${scope.from} and ${scope.to}`;

const dayFigures = async (db: Executor, scope: DashboardScope) => {
  const columns = DAY_COLUMNS.join(', ');
  const onDevice = scope.deviceId ? sql`device_id = ${scope.deviceId}` : sql`true`;
  // The dashboard's own rows (the company's, or one user's) per day, in total, and (the advanced
  // dashboard's only) per channel; the other users' only in total, as agent rows: a year of every
  // user's days would be grouped for nothing.
  const groupings = scope.withAgents
    ? sql`(user_id, day), (user_id), (user_id, device_id)`
    : sql`(user_id, day), (user_id)`;
  const device = scope.withAgents ? sql`device_id` : sql`null::text as device_id`;
  // Tasks have no channel: a device narrows only the conversation and message figures.
  const sums = sql.join(
    [
      ...CONVERSATION_COLUMNS.map(
        (column) =>
          sql`coalesce(sum(${sql.identifier(column)}) filter (where ${onDevice}), 0) as ${sql.identifier(column)}`,
      ),
      sql`coalesce(sum(tasks_done), 0) as tasks_done`,
    ],
    sql`, `,
  );
  const agents =
    scope.withAgents && scope.userKey === ''
      ? sql`union all
        select user_id, null::text as day, null::text as device_id, ${sums}
        from figures where user_id <> '' group by user_id`
      : sql``;
  return rowsOf<DayFigureRow>(
    await db.execute(sql`
      with figures as (
        select day, device_id, user_id, ${sql.raw(columns)} from metric_days
          where ${inPeriod(scope)} and ${usersWanted(scope)}
        union all
        select day, device_id, user_id, ${sql.raw(columns)} from (${dayRowsOf(unrolled(scope))}) f
          where ${usersWanted(scope)})
      select user_id, day::text as day, ${device}, ${sums}
      from figures where user_id = ${scope.userKey}
      group by grouping sets (${groupings})
      ${agents}`),
  );
};

const dealFigures = async (db: Executor, scope: DashboardScope) => {
  const columns = DEAL_COLUMNS.join(', ');
  return rowsOf<DealFigureRow>(
    await db.execute(sql`
      with figures as (
        select day, user_id, currency, ${sql.raw(columns)} from metric_deal_days
          where ${inPeriod(scope)} and ${usersWanted(scope)}
        union all
        select day, user_id, currency, ${sql.raw(columns)} from (${dealRowsOf(unrolled(scope))}) f
          where ${usersWanted(scope)})
      select user_id, day::text as day, currency, sum(won) as won, sum(won_amount) as won_amount,
        sum(lost) as lost, sum(lost_amount) as lost_amount
      from figures
      group by grouping sets ((user_id, day, currency), (user_id, currency))`),
  );
};

const heatmap = async (db: Executor, scope: DashboardScope) => {
  const onDevice = scope.deviceId ? sql`device_id = ${scope.deviceId}` : sql`true`;
  const mine = sql`user_id = ${scope.userKey} and ${onDevice}`;
  return rowsOf<HourRow>(
    await db.execute(sql`
      with figures as (
        select day, hour, messages_in from metric_hours where ${inPeriod(scope)} and ${mine}
        union all
        select day, hour, messages_in from (${hourRowsOf(unrolled(scope))}) f where ${mine})
      select extract(isodow from day)::int as weekday, hour::int as hour, sum(messages_in) as messages_in
      from figures group by 1, 2`),
  );
};

/**
 * Tasks not complete whose due moment lies in the period (local days of the company's zone now) and
 * before `now`, per local day of that moment, for the company ('') and for each participant. Read from
 * the tasks themselves: being overdue is a state, not an event.
 */
const overdueTasks = async (db: Executor, scope: DashboardScope, now: Date) => {
  const wanted = usersWanted(scope, sql`u.user_id`);
  return rowsOf<OverdueRow>(
    await db.execute(sql`
      with zone as (select metric_zone(c.timezone, ${DEFAULTS.timezone}) as tz from clients c where c.id = ${scope.clientId})
      select u.user_id, (t.due_date at time zone z.tz)::date::text as day, count(*) as overdue
      from zone z, tasks t
      cross join lateral (select '' as user_id union select jsonb_array_elements_text(t.owner)) u
      where t.client_id = ${scope.clientId} and not t.complete and t.due_date < ${now.toISOString()}::timestamptz
        and t.due_date >= (${scope.from}::date::timestamp at time zone z.tz)
        and t.due_date < ((${scope.to}::date + 1)::timestamp at time zone z.tz)
        and ${wanted}
      group by 1, 2`),
  );
};

export type DashboardRows = {
  days: Awaited<ReturnType<typeof dayFigures>>;
  deals: DealFigureRow[];
  hours: HourRow[];
  overdue: OverdueRow[];
};

/**
 * Every figure of one dashboard in ONE snapshot (a read-only repeatable-read transaction): the rollup's
 * watermark, its rows and the events above it are read as of the same instant, so a rollup committing
 * meanwhile can neither hide an event nor count it twice.
 */
export const readDashboard = (
  db: Database,
  scope: DashboardScope,
  wants: { deals: boolean; tasks: boolean; heatmap: boolean; now: Date },
): Promise<DashboardRows> =>
  db.transaction(
    async (tx) => ({
      days: await dayFigures(tx, scope),
      deals: wants.deals ? await dealFigures(tx, scope) : [],
      hours: wants.heatmap ? await heatmap(tx, scope) : [],
      overdue: wants.tasks ? await overdueTasks(tx, scope, wants.now) : [],
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
