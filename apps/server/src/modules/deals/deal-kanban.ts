import { DEAL_KANBAN_CARDS, type Deal, type DealKanbanColumn, type dealKanbanSchema } from '@conversa/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../core/db/database';
import { type DealRow, deals } from '../../core/db/schema';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import type { SearchQuery } from '../../core/http/search-query';
import { createPipelinesRepository } from '../pipelines/pipelines.repository';

type KanbanBody = z.output<typeof dealKanbanSchema>;

type KanbanDeps = {
  db: Executor;
  /** The kit's search SQL of a body (its filters as a where). */
  query: (body: {
    page: number;
    offset: number;
    filters: KanbanBody['filters'];
    logical: KanbanBody['logical'];
  }) => SearchQuery;
  toApiMany: (db: Executor, clientId: string, rows: DealRow[]) => Promise<Deal[]>;
};

/**
 * `deal/kanban`: the pipeline's columns in stage order, each with the count and amount total of its
 * matching deals (one grouped query over the kanban index) and its first cards by position (one LATERAL
 * query walking the same index per stage), never every deal in memory.
 */
export const dealKanban = async (
  { db, query, toApiMany }: KanbanDeps,
  auth: AuthContext,
  body: KanbanBody,
): Promise<DealKanbanColumn[]> => {
  const pipelines = createPipelinesRepository(db);
  const pipeline = isUuid(body.pipeline_id)
    ? await pipelines.findById(auth.clientId, body.pipeline_id)
    : undefined;
  if (!pipeline) throw notFound();
  const { where } = query({ page: 1, offset: 1, filters: body.filters, logical: body.logical });
  const scope = and(eq(deals.client_id, auth.clientId), eq(deals.pipeline_id, pipeline.id), where);
  const [stages, totals, cards] = await Promise.all([
    pipelines.stagesOf(auth.clientId, pipeline.id),
    db
      .select({
        stage: deals.pipeline_stage_id,
        count: count(),
        amount: sql<string>`coalesce(sum(${deals.amount}), 0)`,
      })
      .from(deals)
      .where(scope)
      .groupBy(deals.pipeline_stage_id),
    db.execute(sql`
      select card.id from pipeline_stages s
      cross join lateral (
        select ${deals.id} as id, ${deals.position} as position from ${deals}
        where ${scope} and ${deals.pipeline_stage_id} = s.id
        order by ${deals.position}, ${deals.id}
        limit ${DEAL_KANBAN_CARDS}
      ) card
      where s.client_id = ${auth.clientId} and s.pipeline_id = ${pipeline.id}`) as unknown as Promise<{
      rows: { id: string }[];
    }>,
  ]);
  const ids = cards.rows.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(deals)
          .where(and(eq(deals.client_id, auth.clientId), inArray(deals.id, ids)));
  // A column's cards in the order the index gave them: position, then id.
  rows.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const shown = await toApiMany(db, auth.clientId, rows);
  const byStage = new Map(totals.map((total) => [total.stage, total]));
  return stages.map((stage) => {
    const total = byStage.get(stage.id);
    return {
      stage: { id: stage.id, name: stage.name, color: stage.color, order: stage.position },
      count: total?.count ?? 0,
      amount_total: Number(total?.amount ?? 0),
      deals: shown.filter((deal) => deal.pipeline_stage_id === stage.id),
    };
  });
};
