import { type DashboardQuery, dashboardQuerySchema } from '@conversa/domain';
import { createDashboardService } from '../../apps/server/src/modules/metrics/dashboard.service';
import { rollUp } from '../../apps/server/src/modules/metrics/metric-rollups';
import type { BenchTenant } from '../generate';
import { type DatabaseTarget, openSql, type Sql } from '../lib/db';
import { Histogram, type Summary } from '../lib/histogram';
import { postJson } from '../lib/http';
import { ms, pcts, type Row, ratio, verdict } from '../lib/report';
import { capturingService, timeQueries } from '../lib/sql-floor';
import type { PhaseContext, Results } from './context';

export type DashboardRoute = 'main' | 'advanced';
export type DashboardsResult = {
  events: number;
  /** One run of the rollup job over the seeded events: how many it added up, in how long. */
  rollup: { events: number; ms: number };
  rows: { route: DashboardRoute; latency: Summary; rawSql: Summary }[];
};

/** The period: a year of the company, both ends counted (365 days). */
export const yearToDate = (): DashboardQuery => {
  const to = new Date();
  const from = new Date(to.getTime() - 364 * 86_400_000);
  return dashboardQuerySchema.parse({
    from: from.toISOString().slice(0, 10),
    to: to.toISOString().slice(0, 10),
  });
};

/**
 * The tenant's metric events as its history would have written them, spread over the last year: every
 * generated message is one message_in or message_out (its moment moved to a day of the year by its row
 * number), and one message in 16 also opens, answers (a first response) or closes a conversation with its
 * sample, for an agent. Rolled up, then a few more written after the rollup, so the dashboard also
 * reads events above the watermark as in production. Answers how many events there are, and how long the
 * rollup took over those it added up.
 */
export const seedDashboardEvents = async (
  sql: Sql,
  tenant: BenchTenant,
): Promise<Pick<DashboardsResult, 'events' | 'rollup'>> => {
  const agents = tenant.agents.map((agent) => agent.id);
  const write = (where: string) =>
    sql.query(
      `with zone as (select $2::text as tz),
       moments as (
         select m.*, now() - ((row_number() over (order by m.id) % 365) * interval '1 day')
           - ((row_number() over (order by m.id) % 1440) * interval '1 minute') as at
         from messages m where m.client_id = $1 ${where})
       insert into metric_events (client_id, kind, at, day, hour, weekday, device_id, user_ids, seconds)
       select $1, k.kind, x.at, (x.at at time zone z.tz)::date, extract(hour from x.at at time zone z.tz),
         extract(isodow from x.at at time zone z.tz), coalesce(x.device_id::text, ''),
         case when k.kind = 'message_in' then '{}'::text[] else array[($3::text[])[1 + abs(hashtext(x.contact_id::text)) % array_length($3::text[], 1)]] end,
         k.seconds
       from moments x, zone z
       cross join lateral (
         select case when x.from_me then 'message_out' else 'message_in' end as kind, null::float8 as seconds
         union all select 'conversation_opened', null where not x.from_me and x.id::text like '0%'
         union all select 'first_response', 30 + abs(hashtext(x.id::text)) % 900 where x.from_me and x.id::text like '0%'
         union all select 'conversation_closed', 600 + abs(hashtext(x.id::text)) % 7200 where x.from_me and x.id::text like '1%'
       ) k`,
      [tenant.clientId, tenant.timezone, agents],
    );
  // These events are the tenant's history: the server's one-time backfill is marked done at generation
  // (bench/generate.ts), so it never writes it a second time.
  // About one message in 4,096 stays above the watermark: the few seconds' worth a rollup has not reached.
  await write(`and m.id::text not like 'fff%'`);
  const [pending] = await sql.query<{ n: string }>(
    'select count(*) as n from metric_events where xid >= (select watermark from metric_rollup where id = 1)',
  );
  const started = performance.now();
  await rollUp(sql.drizzle({ logQuery: () => undefined }));
  const rollup = { events: Number(pending?.n ?? 0), ms: performance.now() - started };
  await write(`and m.id::text like 'fff%'`);
  const [counted] = await sql.query<{ n: string }>(
    'select count(*) as n from metric_events where client_id = $1',
    [tenant.clientId],
  );
  return { events: Number(counted?.n ?? 0), rollup };
};

/** `dashboard/{route}` for the year over HTTP as the company's owner, one request at a time. */
export const runDashboardHttp = async (
  serverUrl: string,
  tenant: BenchTenant,
  route: DashboardRoute,
  requests: number,
  warmup: number,
): Promise<Summary> => {
  const histogram = new Histogram();
  const period = yearToDate();
  for (let index = 0; index < warmup + requests; index += 1) {
    const started = performance.now();
    const answer = await postJson(`${serverUrl}/api/v1/en/dashboard/${route}`, period, tenant.owner.token);
    const elapsed = performance.now() - started;
    if (answer.status !== 200) throw new Error(`dashboard/${route}: ${answer.status}`);
    if (index >= warmup) histogram.record(elapsed);
  }
  return histogram.summary();
};

/** The floor: the exact SQL the dashboard service sends for the same answer, run directly. */
export const rawDashboardSql = async (
  sql: Sql,
  tenant: BenchTenant,
  route: DashboardRoute,
  repeats: number,
): Promise<Summary> => {
  const { deps, auth, take } = capturingService(sql, tenant);
  await createDashboardService({ db: deps.db })[route](auth, yearToDate());
  return timeQueries(sql, take(), repeats);
};

const ROUTES: DashboardRoute[] = ['main', 'advanced'];

/** With the product stopped: a year of events seeded, rolled up and analysed, then each route's floor. */
const seedAndFloors = async (target: DatabaseTarget, tenant: BenchTenant, repeats: number) => {
  const sql = await openSql(target, 4);
  const rawSql = new Map<DashboardRoute, Summary>();
  let seeded: Pick<DashboardsResult, 'events' | 'rollup'> = { events: 0, rollup: { events: 0, ms: 0 } };
  try {
    seeded = await seedDashboardEvents(sql, tenant);
    await sql.query('vacuum analyze metric_events, metric_days, metric_deal_days, metric_hours');
    for (const route of ROUTES) rawSql.set(route, await rawDashboardSql(sql, tenant, route, repeats));
  } finally {
    await sql.close();
  }
  return { seeded, rawSql };
};

/** The phase: its own events and floors, then each route over HTTP on a product of its own. */
export const dashboardsPhase = async (
  { profile, target, results, log, startProduct, stopProducts }: PhaseContext,
  tenant: BenchTenant,
) => {
  log(
    'dashboards: a year of metric events rolled up, dashboard/main and /advanced over HTTP and their own SQL',
  );
  const { seeded, rawSql } = await seedAndFloors(target, tenant, Math.min(profile.inbox.requests, 50));
  const server = await startProduct('dashboards');
  try {
    const rows: DashboardsResult['rows'] = [];
    for (const route of ROUTES) {
      const latency = await runDashboardHttp(
        server.url,
        tenant,
        route,
        profile.inbox.requests,
        profile.inbox.warmup,
      );
      const floor = rawSql.get(route);
      if (floor) rows.push({ route, latency, rawSql: floor });
    }
    results.dashboards = { ...seeded, rows };
  } finally {
    await stopProducts();
  }
};

/**
 * Each customer message writes one event (two when it opens a conversation): the rollup keeps up with
 * ingest while it adds up events faster than the highest sustained rate writes them.
 */
const rollupRow = (r: Results, rollup: DashboardsResult['rollup']): Row => {
  const eventsPerSecond = (rollup.events / rollup.ms) * 1000;
  const ingestRates = (r.ingest?.runs ?? []).map((run) => run.acceptedPerSecond);
  const ingest = ingestRates.length > 0 ? Math.max(...ingestRates) * 2 : Number.NaN;
  return {
    metric: `metric rollup: ${rollup.events.toLocaleString('en')} events added up in one run`,
    ours: `${Math.round(eventsPerSecond).toLocaleString('en')} events/s (${ms(rollup.ms)})`,
    limit: Number.isNaN(ingest)
      ? 'ingest not measured (--only)'
      : `${Math.round(ingest)} events/s written by ingest at its highest`,
    ratio: Number.isNaN(ingest) ? '' : ratio(eventsPerSecond, ingest),
    target: 'keeps up with ingest (no backlog)',
    verdict: r.profile === 'smoke' || Number.isNaN(ingest) ? '' : verdict(eventsPerSecond > ingest),
  };
};

/** Each route beside its floor, then the rollup beside ingest; no verdict on smoke. */
export const dashboardsRows = (r: Results): Row[] => {
  const { dashboards } = r;
  if (!dashboards) return [];
  const rows: Row[] = dashboards.rows.map((row) => ({
    metric: `dashboard/${row.route}, a year (${dashboards.events.toLocaleString('en')} events): p50 / p95 / p99`,
    ours: pcts(row.latency),
    limit: `${ms(row.rawSql.p95)} raw SQL p95`,
    ratio: ratio(row.latency.p95, row.rawSql.p95),
    target: 'p95 ≤ 100 ms, ≤ 2 × raw SQL',
    verdict:
      r.profile === 'smoke' ? '' : verdict(row.latency.p95 <= 100 && row.latency.p95 <= 2 * row.rawSql.p95),
  }));
  if (dashboards.rollup.events > 0) rows.push(rollupRow(r, dashboards.rollup));
  return rows;
};
