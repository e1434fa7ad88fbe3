import { dealKanbanSchema } from '@conversa/domain';
import { createDealsService } from '../../apps/server/src/modules/deals/deals.service';
import type { BenchTenant } from '../generate';
import { type DatabaseTarget, openSql, type Sql } from '../lib/db';
import { Histogram, type Summary } from '../lib/histogram';
import { postJson } from '../lib/http';
import type { ProfileName } from '../lib/profiles';
import { ms, pcts, type Row, ratio, verdict } from '../lib/report';
import { capturingService, timeQueries } from '../lib/sql-floor';
import type { PhaseContext, Results } from './context';

/** Deals on the measured pipeline: the 20,000 on quick and full, a handful on smoke. */
export const DEALS_BY_PROFILE: Record<ProfileName, number> = { smoke: 300, quick: 20_000, full: 20_000 };

const STAGES = 6;

export type DealsKanbanResult = { deals: number; stages: number; latency: Summary; rawSql: Summary };

/**
 * One pipeline of the tenant with `count` deals spread over its stages, written straight to the database
 * (with contacts and amounts, numbered after the company's last deal) and analysed.
 */
export const seedDealsPipeline = async (sql: Sql, tenant: BenchTenant, count: number): Promise<string> =>
  sql.transaction(async (query) => {
    const [pipeline] = await query<{ id: string }>(
      `insert into pipelines (client_id, name, position) values ($1, 'Bench pipeline', 99) returning id`,
      [tenant.clientId],
    );
    if (!pipeline) throw new Error('no pipeline');
    const stages = await query<{ id: string }>(
      `insert into pipeline_stages (client_id, pipeline_id, name, position)
       select $1, $2, 'Stage ' || g, g from generate_series(0, $3::int - 1) g returning id`,
      [tenant.clientId, pipeline.id, STAGES],
    );
    await query(
      `with people as (
         select array_agg(id) as ids from (select id from contacts where client_id = $1 limit 1000) c
       ), base as (select coalesce(max(numdeal), 0) as last from deals where client_id = $1)
       insert into deals (client_id, numdeal, name, contact_id, pipeline_id, pipeline_stage_id, position,
         amount, currency)
       select $1, base.last + g, 'Bench deal ' || g,
         people.ids[1 + g % greatest(coalesce(array_length(people.ids, 1), 1), 1)],
         $2, ($3::uuid[])[1 + g % array_length($3::uuid[], 1)], g, (g % 1000) * 10.5, 'CLP'
       from generate_series(1, $4::int) g, people, base`,
      [tenant.clientId, pipeline.id, stages.map((stage) => stage.id), count],
    );
    return pipeline.id;
  });

/** `deal/kanban` of the pipeline over HTTP as the company's owner, one request at a time. */
export const runDealsKanbanHttp = async (
  serverUrl: string,
  tenant: BenchTenant,
  pipelineId: string,
  requests: number,
  warmup: number,
): Promise<Summary> => {
  const histogram = new Histogram();
  for (let index = 0; index < warmup + requests; index += 1) {
    const started = performance.now();
    const answer = await postJson(
      `${serverUrl}/api/v1/en/deal/kanban`,
      { pipeline_id: pipelineId },
      tenant.owner.token,
    );
    const elapsed = performance.now() - started;
    if (answer.status !== 200) throw new Error(`deal/kanban: ${answer.status}`);
    if ((answer.body.data ?? []).length !== STAGES) throw new Error('deal/kanban: not every stage answered');
    if (index >= warmup) histogram.record(elapsed);
  }
  return histogram.summary();
};

/**
 * The floor under the HTTP figure: the exact SQL the deals service sends for the board (captured from the
 * server's own service on a logging Drizzle), run directly, side by side as the service runs it.
 */
export const rawDealsKanbanSql = async (
  sql: Sql,
  tenant: BenchTenant,
  pipelineId: string,
  repeats: number,
): Promise<Summary> => {
  const { deps, auth, take } = capturingService(sql, tenant);
  await createDealsService(deps).kanban(auth, dealKanbanSchema.parse({ pipeline_id: pipelineId }));
  return timeQueries(sql, take(), repeats);
};

/** With the product stopped: the pipeline seeded and analysed, then the board's floor. */
const seedAndFloor = async (target: DatabaseTarget, tenant: BenchTenant, count: number, repeats: number) => {
  const sql = await openSql(target, 4);
  try {
    const pipelineId = await seedDealsPipeline(sql, tenant, count);
    await sql.query('vacuum analyze deals');
    const rawSql = await rawDealsKanbanSql(sql, tenant, pipelineId, repeats);
    return { pipelineId, rawSql };
  } finally {
    await sql.close();
  }
};

/** The phase: its own pipeline and floor, then the board over HTTP on a product of its own. */
export const dealsPhase = async (
  { profile, target, results, log, startProduct, stopProducts }: PhaseContext,
  tenant: BenchTenant,
) => {
  const count = DEALS_BY_PROFILE[profile.name];
  log(`deals: one pipeline of ${count} deals, deal/kanban over HTTP and its own SQL run directly`);
  const { pipelineId, rawSql } = await seedAndFloor(
    target,
    tenant,
    count,
    Math.min(profile.inbox.requests, 50),
  );
  const server = await startProduct('deals');
  try {
    const latency = await runDealsKanbanHttp(
      server.url,
      tenant,
      pipelineId,
      profile.inbox.requests,
      profile.inbox.warmup,
    );
    results.deals = { deals: count, stages: STAGES, latency, rawSql };
  } finally {
    await stopProducts();
  }
};

/** The board beside its floor; no verdict on smoke. */
export const dealsRows = ({ deals, profile }: Results): Row[] =>
  deals
    ? [
        {
          metric: `deals kanban, one pipeline of ${deals.deals.toLocaleString('en')} deals in ${deals.stages} stages: p50 / p95 / p99`,
          ours: pcts(deals.latency),
          limit: `${ms(deals.rawSql.p95)} raw SQL p95`,
          ratio: ratio(deals.latency.p95, deals.rawSql.p95),
          target: 'p95 < 100 ms',
          verdict: profile === 'smoke' ? '' : verdict(deals.latency.p95 < 100),
        },
      ]
    : [];
