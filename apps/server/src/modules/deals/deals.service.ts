import type {
  DealBrief,
  DealKanbanColumn,
  DealStageChange,
  dealKanbanSchema,
  SearchBody,
} from '@conversa/domain';
import type { z } from 'zod';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { createRecordRepository } from '../../core/records/record-repository';
import { createRecordService } from '../../core/records/record-service';
import { stageHistoryOf } from './deal-history';
import { dealKanban } from './deal-kanban';
import { createDealRecords } from './deals.records';

export const createDealsService = ({ db, events }: { db: Database; events: EventBus }) => {
  const dealRecords = createDealRecords(events);
  const records = createRecordService(dealRecords, { db, events });

  return {
    records,

    /** `deal/list`: short form for pickers, by name. */
    async list(auth: AuthContext, body: SearchBody) {
      const { rows, pagination } = await records.rows(auth, body, { key: 'name', order: 'asc' });
      const data = rows.map(
        (deal): DealBrief => ({
          id: deal.id,
          numdeal: deal.numdeal,
          name: deal.name,
          pipeline_id: deal.pipeline_id,
          pipeline_stage_id: deal.pipeline_stage_id,
          stage: deal.stage,
          amount: deal.amount,
          currency: deal.currency,
        }),
      );
      return { data, pagination };
    },

    /** `deal/kanban`: one pipeline's columns with counts, amount totals and first cards. */
    async kanban(auth: AuthContext, body: z.output<typeof dealKanbanSchema>): Promise<DealKanbanColumn[]> {
      const columns = await dealKanban(
        { db, query: records.query, toApiMany: records.toApiMany },
        auth,
        body,
      );
      return columns.map((column) => ({
        ...column,
        deals: column.deals.map((deal) => records.seenBy(auth, deal)),
      }));
    },

    /** `deal/history/{id}`: the deal's stage changes, newest first. */
    async history(auth: AuthContext, dealId: string): Promise<DealStageChange[]> {
      const deal = isUuid(dealId)
        ? await createRecordRepository(db, dealRecords.table).findById(auth.clientId, dealId)
        : undefined;
      if (!deal) throw notFound();
      return stageHistoryOf(db, auth.clientId, deal.id);
    },
  };
};

export type DealsService = ReturnType<typeof createDealsService>;
