import type { DealStageChange } from '@conversa/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type DealRow, dealStageChanges, type deals, users } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import type { AuthContext } from '../../core/http/fastify-types';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import type { RecordChange, WriteEffects } from '../../core/records/record-module';
import { recordDealOutcomes } from '../metrics/metric-events';
import { toStageChange } from './deals.mapper';

type Change = RecordChange<typeof deals>;

const entersStage = ({ before, after }: Change) =>
  before === null || before.pipeline_stage_id !== after.pipeline_stage_id || before.stage !== after.stage;

const movesCard = ({ before, after }: Change) =>
  before !== null &&
  (before.pipeline_id !== after.pipeline_id ||
    before.pipeline_stage_id !== after.pipeline_stage_id ||
    before.position !== after.position);

/** What an open board needs to move a card. */
const cardOf = (deal: DealRow) => ({
  deal_id: deal.id,
  pipeline_id: deal.pipeline_id,
  pipeline_stage_id: deal.pipeline_stage_id,
  position: deal.position,
});

const userNameOf = async (db: Executor, auth: AuthContext): Promise<string> => {
  if (!auth.userId) return '';
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.client_id, auth.clientId), eq(users.id, auth.userId)))
    .limit(1);
  return rows[0]?.name ?? '';
};

/**
 * The kit's afterWrite of deals: every deal that entered a stage or an outcome (created included) gets a
 * history row in the write's transaction and a `deal.stageChanged` event after commit; every card that
 * moved is announced to open boards as `pipeline` `updateAlt`.
 */
export const dealStageEffects =
  (events: EventBus) =>
  async (changes: Change[], { db, auth }: { db: Executor; auth: AuthContext }): Promise<WriteEffects> => {
    const entering = changes.filter(entersStage);
    // The dashboards count a deal at its last move to win or lost, in this same transaction.
    await recordDealOutcomes(db, auth.clientId, changes, new Date());
    const stored =
      entering.length === 0
        ? []
        : await db
            .insert(dealStageChanges)
            .values(
              entering.map(({ before, after }) => ({
                client_id: auth.clientId,
                deal_id: after.id,
                from_pipeline_stage_id: before?.pipeline_stage_id ?? null,
                to_pipeline_stage_id: after.pipeline_stage_id,
                from_stage: before?.stage ?? ('' as const),
                to_stage: after.stage,
                user_id: auth.userId || null,
              })),
            )
            .returning();
    const moved = changes.filter(movesCard);
    const notifications =
      moved.length === 0
        ? []
        : [
            await createRealtimeEventsRepository(db).record(auth.clientId, {
              module: 'pipeline',
              action: 'updateAlt',
              data: moved.map(({ after }) => cardOf(after)),
              ref: moved.length === 1 ? (moved[0]?.after.id ?? '') : '',
            }),
          ];
    const userName = stored.length === 0 ? '' : await userNameOf(db, auth);
    return {
      notifications,
      afterCommit: () => {
        for (const row of stored) {
          events.emit('deal.stageChanged', { clientId: auth.clientId, change: toStageChange(row, userName) });
        }
      },
    };
  };

/** A deal's history, newest first, with the name of who moved it. */
export const stageHistoryOf = async (
  db: Executor,
  clientId: string,
  dealId: string,
): Promise<DealStageChange[]> => {
  const rows = await db
    .select({ change: dealStageChanges, userName: users.name })
    .from(dealStageChanges)
    .leftJoin(users, eq(users.id, dealStageChanges.user_id))
    .where(and(eq(dealStageChanges.client_id, clientId), eq(dealStageChanges.deal_id, dealId)))
    .orderBy(desc(dealStageChanges.create_date), desc(dealStageChanges.id));
  return rows.map(({ change, userName }) => toStageChange(change, userName ?? ''));
};
