import { defaultCurrency } from '@conversa/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, contacts, deals } from '../../core/db/schema';
import { badRequest, notFound } from '../../core/http/app-error';
import { isUuid } from '../../core/http/route-schemas';
import { createPipelinesRepository } from '../pipelines/pipelines.repository';

/** Where a deal stands: its pipeline and a stage of it. */
export type Place = { pipelineId: string; stageId: string };

/** The deal's contact: '' for none; another company's (or an unknown) id is not found. */
export const companyContact = async (db: Executor, clientId: string, id: string): Promise<string | null> => {
  if (id === '') return null;
  const found = isUuid(id)
    ? await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.client_id, clientId), eq(contacts.id, id)))
        .limit(1)
    : [];
  if (found.length === 0) throw notFound();
  return id;
};

const stageIn = async (db: Executor, clientId: string, stageId: string, pipelineId: string) => {
  const stage = isUuid(stageId)
    ? await createPipelinesRepository(db).findStage(clientId, stageId)
    : undefined;
  if (!stage) throw notFound();
  if (stage.pipeline_id !== pipelineId) {
    throw badRequest([{ path: 'pipeline_stage_id', message: 'validation.stageOfAnotherPipeline' }]);
  }
  return stage.id;
};

const companyPipeline = async (db: Executor, clientId: string, pipelineId: string) => {
  const pipeline = isUuid(pipelineId)
    ? await createPipelinesRepository(db).findById(clientId, pipelineId)
    : undefined;
  if (!pipeline) throw notFound();
  return pipeline.id;
};

/**
 * A new deal's place: the named pipeline (or the company's first), the named stage (or the pipeline's
 * first). Another company's pipeline or stage is not found; a stage of another pipeline is a bad stage.
 */
export const placeOnCreate = async (
  db: Executor,
  clientId: string,
  pipelineId: string,
  stageId: string,
): Promise<Place> => {
  const pipelines = createPipelinesRepository(db);
  let pipeline = pipelineId;
  if (pipeline !== '') pipeline = await companyPipeline(db, clientId, pipeline);
  else if (stageId !== '') {
    const stage = isUuid(stageId) ? await pipelines.findStage(clientId, stageId) : undefined;
    if (!stage) throw notFound();
    pipeline = stage.pipeline_id;
  } else {
    const first = await pipelines.first(clientId);
    if (!first) throw badRequest([{ path: 'pipeline_id', message: 'validation.required' }]);
    pipeline = first.id;
  }
  if (stageId !== '')
    return { pipelineId: pipeline, stageId: await stageIn(db, clientId, stageId, pipeline) };
  const first = (await pipelines.stagesOf(clientId, pipeline))[0];
  if (!first) throw badRequest([{ path: 'pipeline_stage_id', message: 'validation.required' }]);
  return { pipelineId: pipeline, stageId: first.id };
};

/**
 * A deal's new place on update: a stage of its own pipeline, or another pipeline with a stage of it (a
 * pipeline alone is refused on `pipeline_stage_id`). Answers undefined when neither changes.
 */
export const placeOnUpdate = async (
  db: Executor,
  clientId: string,
  current: Place,
  input: { pipeline_id?: string; pipeline_stage_id?: string },
): Promise<Place | undefined> => {
  const movesPipeline = input.pipeline_id !== undefined && input.pipeline_id !== current.pipelineId;
  const movesStage = input.pipeline_stage_id !== undefined && input.pipeline_stage_id !== current.stageId;
  if (!movesPipeline && !movesStage) return undefined;
  const pipelineId = movesPipeline
    ? await companyPipeline(db, clientId, input.pipeline_id ?? '')
    : current.pipelineId;
  if (movesPipeline && !movesStage) {
    throw badRequest([{ path: 'pipeline_stage_id', message: 'validation.required' }]);
  }
  return { pipelineId, stageId: await stageIn(db, clientId, input.pipeline_stage_id ?? '', pipelineId) };
};

/** A stage given alone by a bulk update carries its own pipeline: every deal moves there. */
export const pipelineOfStage = async (db: Executor, clientId: string, stageId: string): Promise<string> => {
  const stage = isUuid(stageId)
    ? await createPipelinesRepository(db).findStage(clientId, stageId)
    : undefined;
  if (!stage) throw notFound();
  return stage.pipeline_id;
};

/** After the last card of the column. */
export const nextPosition = async (db: Executor, clientId: string, place: Place): Promise<number> => {
  const rows = await db
    .select({ last: sql<number | null>`max(${deals.position})` })
    .from(deals)
    .where(
      and(
        eq(deals.client_id, clientId),
        eq(deals.pipeline_id, place.pipelineId),
        eq(deals.pipeline_stage_id, place.stageId),
      ),
    );
  const last = rows[0]?.last;
  return last === null || last === undefined ? 1 : Number(last) + 1;
};

/**
 * Reserves the company's next `count` numdeals in the write's transaction and answers the first: the counter
 * row stays locked until commit, so concurrent creates take 1, 2, 3… in turn and a rolled-back create gives
 * its numbers back. A deal written without the counter (a seed) is never numbered twice: the counter also
 * passes the highest number the company holds (one index lookup).
 */
export const reserveNumdeals = async (db: Executor, clientId: string, count: number): Promise<number> => {
  const result = (await db.execute(sql`
    insert into deal_counters (client_id, last_numdeal)
    values (${clientId}::uuid,
      coalesce((select max(numdeal) from deals where client_id = ${clientId}::uuid), 0) + ${count}::int)
    on conflict (client_id) do update
      set last_numdeal = greatest(deal_counters.last_numdeal + ${count}::int, excluded.last_numdeal)
    returning last_numdeal`)) as unknown as { rows: { last_numdeal: number }[] };
  const last = result.rows[0]?.last_numdeal;
  if (last === undefined) throw new Error('deal counter returned no row');
  return Number(last) - count + 1;
};

/** The company's next numdeal. */
export const nextNumdeal = (db: Executor, clientId: string): Promise<number> =>
  reserveNumdeals(db, clientId, 1);

/** The company's currency, from its country. */
export const companyCurrency = async (db: Executor, clientId: string): Promise<string> => {
  const rows = await db
    .select({ country: clients.country })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return defaultCurrency(rows[0]?.country ?? '');
};
