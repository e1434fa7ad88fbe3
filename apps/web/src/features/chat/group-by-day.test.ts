import type { Message } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import { groupByDay } from './group-by-day';
import { makeMessage } from './test/chat-fixtures';

const at = (id: string, date: Date): Message => makeMessage({ id, timestamp: date.toISOString() });

describe('grouping messages by day', () => {
  it('puts one date chip before the first message of each day', () => {
    const items = groupByDay([
      at('a', new Date(2026, 2, 10, 9, 0)),
      at('b', new Date(2026, 2, 10, 23, 59)),
      at('c', new Date(2026, 2, 11, 0, 1)),
      at('d', new Date(2026, 2, 14, 12, 0)),
    ]);
    expect(items.map((item) => (item.kind === 'day' ? `chip ${item.key}` : item.message.id))).toEqual([
      'chip day-2026-03-10',
      'a',
      'b',
      'chip day-2026-03-11',
      'c',
      'chip day-2026-03-14',
      'd',
    ]);
  });

  it('has no rows without messages', () => {
    expect(groupByDay([])).toEqual([]);
  });

  it('keys an optimistic message by its temp id so the server record keeps its row', () => {
    const [, row] = groupByDay([makeMessage({ id: 'srv-1', temp_id: 'abc' })]);
    expect(row?.key).toBe('abc');
  });
});
