import type { Filter, Logical } from '@conversa/domain';
import { api } from '../api-client';
import type { KanbanSource } from './kanban-query';
import type { KanbanBoardData, KanbanShape } from './kanban-state';

/** Cards per column per page. */
export const KANBAN_PAGE_SIZE = 20;

/** The server refuses larger pages; a board reloaded after long scrolling keeps at most this many cards. */
const MAX_CARDS_PER_COLUMN = 500;

/** One column of `POST {api}/kanban` (API.md, the record kit): its value, its total and a page of cards. */
type KanbanColumnAnswer<T> = { column: string; count: number; items: T[] };

export type RecordKanbanOptions<T> = {
  /** The route prefix: `{api}/kanban`, `{api}/updateone/{id}`. */
  api: string;
  /** The realtime module of the records. */
  module: string;
  /** The record's field the columns group by; a move saves `{ [field]: column }`. */
  field: string;
  filters?: Filter[];
  logical?: Logical;
  labelOf: (item: T) => string;
  shape: KanbanShape<T>;
};

const toBoard = <T>(columns: KanbanColumnAnswer<T>[], page: number): KanbanBoardData<T> =>
  Object.fromEntries(columns.map(({ column, count, items }) => [column, { count, items, page }]));

/**
 * The board of a module on the record kit: columns are the values of one field, a later page of a column
 * is the same kanban call one page further (so any filter, with `and` or `or`, still holds), and a move is
 * an update of that one field.
 */
export const recordKanbanSource = <T>(options: RecordKanbanOptions<T>): KanbanSource<T> => {
  const { filters = [], logical = 'and' } = options;
  const load = (page: number, offset: number, signal?: AbortSignal) =>
    api.request<KanbanColumnAnswer<T>>(`${options.api}/kanban`, {
      method: 'POST',
      body: { page, offset, filters, logical, field: options.field },
      signal,
    });
  return {
    queryKey: ['records', options.module, 'kanban', options.field, filters, logical],
    shape: options.shape,
    labelOf: options.labelOf,
    realtimeModule: options.module,
    loadBoard: async (pages, signal) => {
      const size = Math.min(pages * KANBAN_PAGE_SIZE, MAX_CARDS_PER_COLUMN);
      const answer = await load(1, size, signal);
      return toBoard(answer.data, Math.floor(size / KANBAN_PAGE_SIZE));
    },
    loadPage: async (column, page) => {
      const answer = await load(page, KANBAN_PAGE_SIZE);
      const found = answer.data.find((entry) => entry.column === column);
      return { count: found?.count ?? 0, items: found?.items ?? [] };
    },
    saveMove: (item, to) =>
      api.request(`${options.api}/updateone/${options.shape.idOf(item)}`, {
        method: 'PUT',
        body: { [options.field]: to },
        errors: 'caller',
      }),
  };
};
