import { describe, expect, it } from 'vitest';
import {
  appendPage,
  applyRemoteChange,
  hasMoreCards,
  type KanbanBoardData,
  type KanbanShape,
  moveCard,
  removeCard,
  undoMove,
} from './kanban-state';

type Card = { id: string; stage: string; name: string };

const shape: KanbanShape<Card> = {
  idOf: (card) => card.id,
  columnOf: (card) => card.stage,
  withColumn: (card, stage) => ({ ...card, stage }),
};

const card = (id: string, stage: string): Card => ({ id, stage, name: `Contact ${id}` });

const board = (): KanbanBoardData<Card> => ({
  new: { count: 3, page: 1, items: [card('a', 'new'), card('b', 'new'), card('c', 'new')] },
  won: { count: 1, page: 1, items: [card('d', 'won')] },
});

const ids = (data: KanbanBoardData<Card>, column: string) => data[column]?.items.map((item) => item.id);

describe('kanban board moves', () => {
  it('moves a card to the top of the column it is dropped on and updates both counts', () => {
    const { board: moved, move } = moveCard(board(), shape, 'b', 'won');

    expect(ids(moved, 'new')).toEqual(['a', 'c']);
    expect(ids(moved, 'won')).toEqual(['b', 'd']);
    expect(moved.new?.count).toBe(2);
    expect(moved.won?.count).toBe(2);
    expect(moved.won?.items[0]?.stage).toBe('won');
    expect(move).toEqual({ itemId: 'b', from: 'new', to: 'won', index: 1 });
  });

  it('opens a column the board had not loaded (the "no stage" column with no cards)', () => {
    const { board: moved } = moveCard(board(), shape, 'a', '');

    expect(moved['']).toEqual({ count: 1, page: 0, items: [card('a', '')] });
  });

  it('gives no move to save when a card is dropped on its own column', () => {
    const before = board();
    const { board: after, move } = moveCard(before, shape, 'a', 'new');

    expect(move).toBeUndefined();
    expect(after).toBe(before);
  });

  it('puts a refused card back in its column and place, with the counts as before', () => {
    const { board: moved, move } = moveCard(board(), shape, 'b', 'won');
    const undone = undoMove(moved, shape, move!);

    expect(ids(undone, 'new')).toEqual(['a', 'b', 'c']);
    expect(ids(undone, 'won')).toEqual(['d']);
    expect(undone.new?.count).toBe(3);
    expect(undone.won?.count).toBe(1);
    expect(undone.new?.items[1]?.stage).toBe('new');
  });

  it('keeps a colleague’s later move when the person’s own move is refused', () => {
    const { board: moved, move } = moveCard(board(), shape, 'b', 'won');
    const elsewhere = applyRemoteChange(moved, shape, card('b', 'lost'))!;

    expect(undoMove(elsewhere, shape, move!)).toBe(elsewhere);
    expect(ids(elsewhere, 'lost')).toEqual(['b']);
  });
});

describe('kanban board live changes', () => {
  it('moves a card someone else moved, and updates the data of one that stayed', () => {
    const moved = applyRemoteChange(board(), shape, card('a', 'won'))!;
    expect(ids(moved, 'won')).toEqual(['a', 'd']);
    expect(moved.new?.count).toBe(2);

    const renamed = applyRemoteChange(board(), shape, { ...card('d', 'won'), name: 'Ana' })!;
    expect(renamed.won?.items[0]?.name).toBe('Ana');
    expect(renamed.won?.count).toBe(1);
  });

  it('tells the caller when the board does not show the changed record', () => {
    expect(applyRemoteChange(board(), shape, card('z', 'won'))).toBeUndefined();
  });

  it('removes a deleted card and its count', () => {
    const after = removeCard(board(), shape, 'c');
    expect(ids(after, 'new')).toEqual(['a', 'b']);
    expect(after.new?.count).toBe(2);
  });
});

describe('kanban column pages', () => {
  it('appends the next page without the cards already shown', () => {
    const data = board();
    expect(hasMoreCards({ ...data, new: { ...data.new!, count: 5 } }, 'new')).toBe(true);

    const next = appendPage(data, shape, 'new', 2, { count: 5, items: [card('c', 'new'), card('e', 'new')] });
    expect(ids(next, 'new')).toEqual(['a', 'b', 'c', 'e']);
    expect(next.new?.page).toBe(2);
    expect(next.new?.count).toBe(5);
    expect(hasMoreCards(next, 'new')).toBe(true);
  });
});
