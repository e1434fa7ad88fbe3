import { dealKanbanSchema } from '@conversa/domain';
import { createDealsService } from '../../apps/server/src/modules/deals/deals.service';
import type { BenchTenant } from '../generate';
import type { Sql } from '../lib/db';
import { Histogram, type Summary } from '../lib/histogram';
import { postJson } from '../lib/http';
import type { ProfileName } from '../lib/profiles';
import { capturingService, timeQueries } from '../lib/sql-floor';

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
