import type { ListItem } from '@conversa/domain';
import type { ListPair } from '../api/list-items';

/** The items of one module's field, in their order (by position, then name for equal positions). */
export const itemsOf = (items: readonly ListItem[], pair: ListPair): ListItem[] =>
  items
    .filter((item) => item.module === pair.module && item.field === pair.field)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));

/** Where a new item goes: after the last one. */
export const nextPosition = (ordered: readonly ListItem[]): number =>
  ordered.reduce((last, item) => Math.max(last, item.position + 1), 0);

/**
 * Moves one item a step up (-1) or down (+1) and numbers the list again from 0; answers only the items
 * whose position changes, so a move saves two records, not the whole list.
 */
export const moveItem = (
  ordered: readonly ListItem[],
  id: string,
  step: -1 | 1,
): { id: string; position: number }[] => {
  const from = ordered.findIndex((item) => item.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ordered.length) return [];
  const next = [...ordered];
  const [moved] = next.splice(from, 1);
  if (!moved) return [];
  next.splice(to, 0, moved);
  return next.flatMap((item, index) => (item.position === index ? [] : [{ id: item.id, position: index }]));
};
