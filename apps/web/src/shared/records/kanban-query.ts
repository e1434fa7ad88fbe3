import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client';
import { notify } from '../notify';
import { type Notification, RECONNECTED, useSocketEvent } from '../socket';
import {
  appendPage,
  applyRemoteChange,
  columnOf,
  findCard,
  hasMoreCards,
  type KanbanBoardData,
  type KanbanShape,
  moveCard,
  removeCard,
  undoMove,
} from './kanban-state';

/** Where a board's cards come from and where a move is saved; a module gives one to the board. */
export type KanbanSource<T> = {
  queryKey: readonly unknown[];
  shape: KanbanShape<T>;
  /** The card's name, for the announcements and the refusal message. */
  labelOf: (item: T) => string;
  /** The first `pages` pages of every column (more than one when the board is loaded again after scrolling). */
  loadBoard: (pages: number, signal?: AbortSignal) => Promise<KanbanBoardData<T>>;
  /** A later page of one column. */
  loadPage: (column: string, page: number) => Promise<{ count: number; items: T[] }>;
  /**
   * Saves a move; `place` says where the card now stands in its column (its neighbours above and below),
   * for a board whose columns keep an order.
   */
  saveMove: (item: T, to: string, place: KanbanPlace<T>) => Promise<unknown>;
  /** The realtime `notification` module whose records are the board's cards. */
  realtimeModule: string;
};

/** Where a moved card landed: its index in the column and the cards now above and below it. */
export type KanbanPlace<T> = { index: number; above: T | undefined; below: T | undefined };

export type KanbanBoardState<T> = {
  data: KanbanBoardData<T> | undefined;
  isPending: boolean;
  isError: boolean;
  /** Loads the board again (after a failed load, or when its columns changed). */
  reload: () => void;
  shape: KanbanShape<T>;
  labelOf: (item: T) => string;
  /** Moves a card to a column: to its top, or to the place `at` on a board whose columns keep an order. */
  move: (itemId: string, to: string, at?: number) => Promise<void>;
  loadMore: (column: string) => void;
  isLoadingMore: (column: string) => boolean;
  hasMore: (column: string) => boolean;
};

/**
 * Changes to records the board does not show (a new customer writing in, a card on a page not loaded) ask
 * the server again at most this often, so a busy chat does not reload the board with every message.
 */
const REFETCH_EVERY_MS = 2000;

const recordsOf = (notification: Notification): Record<string, unknown>[] =>
  notification.data.filter(
    (record): record is Record<string, unknown> =>
      typeof record === 'object' && record !== null && typeof (record as { id?: unknown }).id === 'string',
  );

/**
 * The board's data in the query cache, and the person's moves on it: shown at once, saved, put back with a
 * message when the server refuses. Colleagues' changes arrive live: a card the board shows moves by itself;
 * anything else (a new record, a card on a page not loaded) asks the server again.
 */
export const useKanbanBoard = <T>(source: KanbanSource<T>): KanbanBoardState<T> => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { queryKey, shape, labelOf } = source;
  const query = useQuery({
    queryKey,
    // Loaded again (live changes, a reconnect), the board keeps as many cards as the person scrolled to.
    queryFn: ({ signal }) => {
      const loaded = queryClient.getQueryData<KanbanBoardData<T>>(queryKey);
      const pages = Math.max(1, ...Object.values(loaded ?? {}).map((column) => column.page));
      return source.loadBoard(pages, signal);
    },
  });
  const [loadingColumns, setLoadingColumns] = useState<ReadonlySet<string>>(new Set());
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const read = useCallback(
    () => queryClient.getQueryData<KanbanBoardData<T>>(queryKey),
    [queryClient, queryKey],
  );
  const write = useCallback(
    (change: (board: KanbanBoardData<T>) => KanbanBoardData<T>) =>
      queryClient.setQueryData<KanbanBoardData<T>>(queryKey, (board) => (board ? change(board) : board)),
    [queryClient, queryKey],
  );

  const refetchSoon = useCallback(() => {
    if (refetchTimer.current !== undefined) return;
    refetchTimer.current = setTimeout(() => {
      refetchTimer.current = undefined;
      void queryClient.invalidateQueries({ queryKey });
    }, REFETCH_EVERY_MS);
  }, [queryClient, queryKey]);
  useEffect(() => () => clearTimeout(refetchTimer.current), []);

  const move = async (itemId: string, to: string, at?: number) => {
    const board = read();
    const found = board ? findCard(board, shape, itemId) : undefined;
    if (!board || !found) return;
    const { board: moved, move: made } = moveCard(board, shape, itemId, to, at);
    if (!made) return;
    const landed = columnOf(moved, to).items;
    const index = landed.findIndex((item) => shape.idOf(item) === itemId);
    const place = { index, above: landed[index - 1], below: landed[index + 1] };
    // A load in flight was read before the move and would put the card back.
    await queryClient.cancelQueries({ queryKey });
    write((current) => moveCard(current, shape, itemId, to, at).board);
    try {
      await source.saveMove(found.item, to, place);
    } catch (error) {
      write((current) => undoMove(current, shape, made));
      const reason = error instanceof ApiError ? error.info : '';
      notify(t('kanban.moveRefused', { card: labelOf(found.item), reason }), 'error');
    }
  };

  const loadMore = (column: string) => {
    const board = read();
    if (!board || loadingColumns.has(column) || !hasMoreCards(board, column)) return;
    const page = columnOf(board, column).page + 1;
    setLoadingColumns((current) => new Set(current).add(column));
    source
      .loadPage(column, page)
      .then(
        (loaded) => write((current) => appendPage(current, shape, column, page, loaded)),
        () => notify(t('kanban.loadMoreFailed'), 'error'),
      )
      .finally(() =>
        setLoadingColumns((current) => {
          const next = new Set(current);
          next.delete(column);
          return next;
        }),
      );
  };

  useSocketEvent<Notification>('notification', (notification) => {
    // A finished import may have added cards anywhere on the board.
    if (notification.module === 'import' && notification.action === 'done') return refetchSoon();
    if (notification.module !== source.realtimeModule) return;
    const board = read();
    if (!board) return;
    const records = recordsOf(notification);
    if (notification.action === 'delete') {
      write((current) =>
        records.reduce<KanbanBoardData<T>>(
          (next, record) => removeCard(next, shape, record.id as string),
          current,
        ),
      );
      return;
    }
    let next: KanbanBoardData<T> | undefined = board;
    for (const record of records) {
      if (!next) break;
      const shown: { item: T } | undefined = findCard(next, shape, record.id as string);
      // A notification may carry only the fields that changed.
      next = shown ? applyRemoteChange(next, shape, { ...shown.item, ...record } as T) : undefined;
    }
    if (next && records.length > 0) queryClient.setQueryData(queryKey, next);
    else refetchSoon();
  });
  useSocketEvent(RECONNECTED, refetchSoon);

  return {
    data: query.data,
    isPending: query.isPending,
    isError: query.isError,
    reload: () => void query.refetch(),
    shape,
    labelOf,
    move,
    loadMore,
    isLoadingMore: (column) => loadingColumns.has(column),
    hasMore: (column) => (query.data ? hasMoreCards(query.data, column) : false),
  };
};
