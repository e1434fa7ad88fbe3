import {
  DEAL_KANBAN_CARDS,
  type Deal,
  type DealKanbanColumn,
  type DealUpdateInput,
  type Filter,
  type Logical,
} from '@conversa/domain';
import { api, firstOf } from '../../../shared/api-client';
import { recordsKey } from '../../../shared/records/api/search-records';
import type { KanbanSource } from '../../../shared/records/kanban-query';
import type { KanbanBoardData, KanbanShape } from '../../../shared/records/kanban-state';
import { positionBetween } from '../deal-position';

export const dealShape: KanbanShape<Deal> = {
  idOf: (deal) => deal.id,
  columnOf: (deal) => deal.pipeline_stage_id,
  withColumn: (deal, pipeline_stage_id) => ({ ...deal, pipeline_stage_id }),
  amountOf: (deal) => deal.amount,
};

/** Every board of deals (each pipeline, each filter) starts with this key. */
export const dealKanbansKey = () => [...recordsKey('deal'), 'kanban'] as const;
export const dealKanbanKey = (pipelineId: string, filters: Filter[], logical: Logical) =>
  [...dealKanbansKey(), pipelineId, filters, logical] as const;

export const saveDeal = async (id: string, patch: DealUpdateInput): Promise<Deal> =>
  firstOf(await api.request<Deal>(`deal/updateone/${id}`, { method: 'PUT', body: patch, errors: 'caller' }));

type DealKanbanOptions = {
  pipelineId: string;
  filters: Filter[];
  logical: Logical;
  /** The saved deal, as the server answered it (its new position), for the board to show. */
  onSaved: (deal: Deal) => void;
};

/**
 * A pipeline's board: `deal/kanban` answers every stage's count, amount total and first cards by SQL; a
 * column's later cards are `deal/search` on that stage in position order; a move saves the stage and the
 * position between the card's new neighbours.
 */
export const dealKanbanSource = ({
  pipelineId,
  filters,
  logical,
  onSaved,
}: DealKanbanOptions): KanbanSource<Deal> => ({
  queryKey: dealKanbanKey(pipelineId, filters, logical),
  shape: dealShape,
  labelOf: (deal) => deal.name,
  realtimeModule: 'deal',
  loadBoard: async (_pages, signal) => {
    const answer = await api.request<DealKanbanColumn>('deal/kanban', {
      method: 'POST',
      body: { pipeline_id: pipelineId, filters, logical },
      signal,
    });
    const board: KanbanBoardData<Deal> = {};
    for (const column of answer.data) {
      board[column.stage.id] = {
        count: column.count,
        items: column.deals,
        page: 1,
        total: column.amount_total,
      };
    }
    return board;
  },
  loadPage: async (column, page) => {
    const answer = await api.request<Deal>('deal/search', {
      method: 'POST',
      body: {
        page,
        offset: DEAL_KANBAN_CARDS,
        // The filters are flat: an `or` search cannot be joined to the stage, so its later cards are the stage's.
        filters: [
          { key: 'pipeline_stage_id', condition: 'equalto', value: column },
          ...(logical === 'and' ? filters : []),
        ],
        logical: 'and',
        sort: { key: 'position', order: 'asc' },
      },
    });
    return { count: answer.pagination?.total ?? answer.data.length, items: answer.data };
  },
  saveMove: async (deal, to, place) => {
    const position = positionBetween(place.above?.position, place.below?.position);
    onSaved(await saveDeal(deal.id, { pipeline_stage_id: to, position }));
  },
});
