import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import {
  deals,
  type PipelineRow,
  type PipelineStageRow,
  pipelineStages,
  pipelines,
} from '../../core/db/schema';

export type StageValues = { name: string; color: string; position: number };

/** Tenant-first storage of pipelines and their stages. */
export const createPipelinesRepository = (db: Executor) => ({
  async listAll(clientId: string): Promise<{ row: PipelineRow; stages: PipelineStageRow[] }[]> {
    const [rows, stages] = await Promise.all([
      db
        .select()
        .from(pipelines)
        .where(eq(pipelines.client_id, clientId))
        .orderBy(asc(pipelines.position), asc(pipelines.create_date), asc(pipelines.id)),
      db
        .select()
        .from(pipelineStages)
        .where(eq(pipelineStages.client_id, clientId))
        .orderBy(asc(pipelineStages.position), asc(pipelineStages.id)),
    ]);
    return rows.map((row) => ({ row, stages: stages.filter((stage) => stage.pipeline_id === row.id) }));
  },

  async findById(clientId: string, id: string, lock = false): Promise<PipelineRow | undefined> {
    const select = db
      .select()
      .from(pipelines)
      .where(and(eq(pipelines.client_id, clientId), eq(pipelines.id, id)))
      .limit(1);
    return (lock ? await select.for('update') : await select)[0];
  },

  /** The company's first pipeline: where a deal goes when it names none. */
  async first(clientId: string): Promise<PipelineRow | undefined> {
    const rows = await db
      .select()
      .from(pipelines)
      .where(eq(pipelines.client_id, clientId))
      .orderBy(asc(pipelines.position), asc(pipelines.create_date), asc(pipelines.id))
      .limit(1);
    return rows[0];
  },

  async stagesOf(clientId: string, pipelineId: string): Promise<PipelineStageRow[]> {
    return db
      .select()
      .from(pipelineStages)
      .where(and(eq(pipelineStages.client_id, clientId), eq(pipelineStages.pipeline_id, pipelineId)))
      .orderBy(asc(pipelineStages.position), asc(pipelineStages.id));
  },

  async findStage(clientId: string, id: string): Promise<PipelineStageRow | undefined> {
    const rows = await db
      .select()
      .from(pipelineStages)
      .where(and(eq(pipelineStages.client_id, clientId), eq(pipelineStages.id, id)))
      .limit(1);
    return rows[0];
  },

  /** Serializes a company's pipeline creations, so the limit holds under concurrent requests. */
  async lockCompany(clientId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`pipelines:${clientId}`}))`);
  },

  async countAndLastPosition(clientId: string): Promise<{ total: number; last: number }> {
    const rows = await db
      .select({ total: count(), last: max(pipelines.position) })
      .from(pipelines)
      .where(eq(pipelines.client_id, clientId));
    return { total: rows[0]?.total ?? 0, last: rows[0]?.last ?? -1 };
  },

  async insert(clientId: string, name: string, position: number): Promise<PipelineRow> {
    const rows = await db.insert(pipelines).values({ client_id: clientId, name, position }).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async rename(clientId: string, id: string, name: string): Promise<void> {
    await db
      .update(pipelines)
      .set({ name })
      .where(and(eq(pipelines.client_id, clientId), eq(pipelines.id, id)));
  },

  async insertStages(clientId: string, pipelineId: string, stages: StageValues[]): Promise<void> {
    if (stages.length === 0) return;
    await db
      .insert(pipelineStages)
      .values(stages.map((stage) => ({ ...stage, client_id: clientId, pipeline_id: pipelineId })));
  },

  async updateStage(clientId: string, id: string, values: StageValues): Promise<void> {
    await db
      .update(pipelineStages)
      .set(values)
      .where(and(eq(pipelineStages.client_id, clientId), eq(pipelineStages.id, id)));
  },

  async deleteStages(clientId: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .delete(pipelineStages)
      .where(and(eq(pipelineStages.client_id, clientId), inArray(pipelineStages.id, ids)));
  },

  async delete(clientId: string, id: string): Promise<void> {
    await db.delete(pipelines).where(and(eq(pipelines.client_id, clientId), eq(pipelines.id, id)));
  },

  /** How many deals each of these stages holds (stages holding none are absent). */
  async dealsByStage(clientId: string, pipelineId: string, stageIds: string[]): Promise<Map<string, number>> {
    if (stageIds.length === 0) return new Map();
    const rows = await db
      .select({ stage: deals.pipeline_stage_id, total: count() })
      .from(deals)
      .where(
        and(
          eq(deals.client_id, clientId),
          eq(deals.pipeline_id, pipelineId),
          inArray(deals.pipeline_stage_id, stageIds),
        ),
      )
      .groupBy(deals.pipeline_stage_id);
    return new Map(rows.map((row) => [row.stage, row.total]));
  },

  async dealCount(clientId: string, pipelineId: string): Promise<number> {
    const rows = await db
      .select({ total: count() })
      .from(deals)
      .where(and(eq(deals.client_id, clientId), eq(deals.pipeline_id, pipelineId)));
    return rows[0]?.total ?? 0;
  },
});

export type PipelinesRepository = ReturnType<typeof createPipelinesRepository>;
