import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { dealCounters, deals, pipelineStages, pipelines } from '../../core/db/schema';

/**
 * A deal of the company stored as the deal routes store it (its own pipeline and stage, the next numdeal),
 * so payment tests do not depend on the deal module's routes.
 */
export const insertDeal = async (
  db: Executor,
  clientId: string,
  deal: { name: string; amount: number; currency?: string; contactId?: string | null },
) => {
  const [pipeline] = await db.insert(pipelines).values({ client_id: clientId, name: 'Sales' }).returning();
  if (!pipeline) throw new Error('no pipeline');
  const [stage] = await db
    .insert(pipelineStages)
    .values({ client_id: clientId, pipeline_id: pipeline.id, name: 'New' })
    .returning();
  if (!stage) throw new Error('no stage');
  // The company's counter, as deal/create bumps it, so deals created both ways never share a number.
  const [counter] = await db
    .insert(dealCounters)
    .values({ client_id: clientId, last_numdeal: 1 })
    .onConflictDoUpdate({
      target: dealCounters.client_id,
      set: { last_numdeal: sql`${dealCounters.last_numdeal} + 1` },
    })
    .returning();
  if (!counter) throw new Error('no deal counter');
  const [row] = await db
    .insert(deals)
    .values({
      client_id: clientId,
      numdeal: counter.last_numdeal,
      name: deal.name,
      contact_id: deal.contactId ?? null,
      pipeline_id: pipeline.id,
      pipeline_stage_id: stage.id,
      amount: deal.amount,
      currency: deal.currency ?? 'CLP',
    })
    .returning();
  if (!row) throw new Error('no deal');
  return row;
};
