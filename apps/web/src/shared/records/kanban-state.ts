/**
 * The kanban board as data, and every change made to it: a card moved by the person (kept until the server
 * answers, undone if it refuses), a card moved by someone else (realtime), a column's next page. Pure, so
 * the rules are tested without a browser; the board component and its query only call these.
 */

/**
 * One column as loaded: the cards shown and how many the column holds on the server; `total`, when the
 * server sums the column (a deal's amount), follows the cards moved in and out like the count.
 */
export type KanbanColumnData<T> = { count: number; items: T[]; page: number; total?: number };

/** The board by column id; a column nobody has loaded yet is simply absent (empty, count 0). */
export type KanbanBoardData<T> = Record<string, KanbanColumnData<T>>;

/** How the board reads and changes a record: its id, the column it belongs to, the record in another column. */
export type KanbanShape<T> = {
  idOf: (item: T) => string;
  columnOf: (item: T) => string;
  withColumn: (item: T, column: string) => T;
  /** What a card adds to its column's `total` (a deal's amount); boards without totals leave it out. */
  amountOf?: (item: T) => number;
};

/** A move the person made, with what is needed to put the card back where it was. */
export type KanbanMove = { itemId: string; from: string; to: string; index: number };

export const columnOf = <T>(board: KanbanBoardData<T>, column: string): KanbanColumnData<T> =>
  board[column] ?? { count: 0, items: [], page: 0 };

export const findCard = <T>(
  board: KanbanBoardData<T>,
  shape: KanbanShape<T>,
  itemId: string,
): { column: string; index: number; item: T } | undefined => {
  for (const [column, data] of Object.entries(board)) {
    const index = data.items.findIndex((item) => shape.idOf(item) === itemId);
    if (index >= 0) return { column, index, item: data.items[index] as T };
  }
  return undefined;
};

/** Whether the column holds more cards on the server than it shows. */
export const hasMoreCards = <T>(board: KanbanBoardData<T>, column: string): boolean => {
  const data = columnOf(board, column);
  return data.items.length < data.count;
};

/** The column's total with a card's amount added (or taken, `sign` -1); no total stays none. */
const totalWith = <T>(data: KanbanColumnData<T>, shape: KanbanShape<T>, item: T | undefined, sign: 1 | -1) =>
  data.total === undefined || !shape.amountOf || item === undefined
    ? {}
    : { total: data.total + sign * shape.amountOf(item) };

const take = <T>(
  board: KanbanBoardData<T>,
  shape: KanbanShape<T>,
  column: string,
  index: number,
): KanbanBoardData<T> => {
  const data = columnOf(board, column);
  return {
    ...board,
    [column]: {
      ...data,
      ...totalWith(data, shape, data.items[index], -1),
      count: Math.max(0, data.count - 1),
      items: data.items.filter((_item, at) => at !== index),
    },
  };
};

const put = <T>(
  board: KanbanBoardData<T>,
  shape: KanbanShape<T>,
  column: string,
  item: T,
  index: number,
): KanbanBoardData<T> => {
  const data = columnOf(board, column);
  const items = [...data.items];
  items.splice(Math.min(Math.max(index, 0), items.length), 0, item);
  return {
    ...board,
    [column]: { ...data, ...totalWith(data, shape, item, 1), count: data.count + 1, items },
  };
};

/**
 * The person drops a card on a column: it leaves its column and opens the new one (the newest change on
 * top), or, on a board whose columns keep an order, takes the place `at` it was dropped (counted without
 * the card itself, so a card can also change place in its own column). Dropping it where it already is
 * changes nothing and gives no move to save.
 */
export const moveCard = <T>(
  board: KanbanBoardData<T>,
  shape: KanbanShape<T>,
  itemId: string,
  to: string,
  at?: number,
): { board: KanbanBoardData<T>; move?: KanbanMove } => {
  const found = findCard(board, shape, itemId);
  if (!found) return { board };
  if (found.column === to && (at === undefined || at === found.index)) return { board };
  const moved = put(
    take(board, shape, found.column, found.index),
    shape,
    to,
    shape.withColumn(found.item, to),
    at ?? 0,
  );
  return { board: moved, move: { itemId, from: found.column, to, index: found.index } };
};

/**
 * The server refused a move: the card goes back to its column and place. When something else moved it
 * meanwhile (a colleague, live), that later truth is kept.
 */
export const undoMove = <T>(
  board: KanbanBoardData<T>,
  shape: KanbanShape<T>,
  move: KanbanMove,
): KanbanBoardData<T> => {
  const found = findCard(board, shape, move.itemId);
  if (!found || found.column !== move.to) return board;
  return put(
    take(board, shape, move.to, found.index),
    shape,
    move.from,
    shape.withColumn(found.item, move.from),
    move.index,
  );
};

/**
 * A record changed elsewhere (realtime). A card on the board takes the new data, moving to its column's top
 * when its column changed; `undefined` when the board does not show it, so the caller knows it must ask
 * the server (the record may belong to a page not loaded, or to no column of this board at all).
 */
export const applyRemoteChange = <T>(
  board: KanbanBoardData<T>,
  shape: KanbanShape<T>,
  item: T,
): KanbanBoardData<T> | undefined => {
  const found = findCard(board, shape, shape.idOf(item));
  if (!found) return undefined;
  const to = shape.columnOf(item);
  if (found.column === to) {
    const data = columnOf(board, to);
    const withOld = { ...data, ...totalWith(data, shape, found.item, -1) };
    return {
      ...board,
      [to]: {
        ...withOld,
        ...totalWith(withOld, shape, item, 1),
        items: data.items.map((old, at) => (at === found.index ? item : old)),
      },
    };
  }
  return put(take(board, shape, found.column, found.index), shape, to, item, 0);
};

/** A record deleted elsewhere leaves the board; the board is unchanged when it did not show it. */
export const removeCard = <T>(
  board: KanbanBoardData<T>,
  shape: KanbanShape<T>,
  itemId: string,
): KanbanBoardData<T> => {
  const found = findCard(board, shape, itemId);
  return found ? take(board, shape, found.column, found.index) : board;
};

/**
 * A column's next page arrives. Cards moved meanwhile shift the server's pages, so a card the board already
 * shows (in any column) is not added twice.
 */
export const appendPage = <T>(
  board: KanbanBoardData<T>,
  shape: KanbanShape<T>,
  column: string,
  page: number,
  loaded: { count: number; items: T[] },
): KanbanBoardData<T> => {
  const shown = new Set(Object.values(board).flatMap((data) => data.items.map(shape.idOf)));
  const data = columnOf(board, column);
  return {
    ...board,
    [column]: {
      ...data,
      count: loaded.count,
      page: Math.max(data.page, page),
      items: [...data.items, ...loaded.items.filter((item) => !shown.has(shape.idOf(item)))],
    },
  };
};
