import type { ListItem } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { itemsOf, moveItem, nextPosition } from './list-order';

const item = (id: string, position: number, extra: Partial<ListItem> = {}): ListItem => ({
  id,
  module: 'lead',
  field: 'tags',
  name: id,
  color: '#f44336',
  status: true,
  position,
  ...extra,
});

describe('smart list order', () => {
  it("shows one module's field only, in position order", () => {
    const items = [item('b', 2), item('a', 1), item('x', 0, { field: 'status_id' }), item('c', 0)];
    expect(itemsOf(items, { module: 'lead', field: 'tags' }).map((entry) => entry.id)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('puts a new item after the last one', () => {
    expect(nextPosition([])).toBe(0);
    expect(nextPosition([item('a', 0), item('b', 7)])).toBe(8);
  });

  it('moves an item up by swapping it with the one above', () => {
    const ordered = [item('a', 0), item('b', 1), item('c', 2)];
    expect(moveItem(ordered, 'c', -1)).toEqual([
      { id: 'c', position: 1 },
      { id: 'b', position: 2 },
    ]);
  });

  it('numbers a list with gaps again when an item moves down', () => {
    const ordered = [item('a', 0), item('b', 5), item('c', 9)];
    expect(moveItem(ordered, 'a', 1)).toEqual([
      { id: 'b', position: 0 },
      { id: 'a', position: 1 },
      { id: 'c', position: 2 },
    ]);
  });

  it('changes nothing past either end', () => {
    const ordered = [item('a', 0), item('b', 1)];
    expect(moveItem(ordered, 'a', -1)).toEqual([]);
    expect(moveItem(ordered, 'b', 1)).toEqual([]);
  });
});
