import type { ListItem } from '@conversa/domain';
import type { ListItemRow } from '../../core/db/schema';

export const toListItem = (row: ListItemRow): ListItem => ({
  id: row.id,
  module: row.module,
  field: row.field,
  name: row.name,
  color: row.color,
  status: row.status,
  position: row.position,
});

/** What the audit log keeps of an item: everything a person can change. */
export const auditedListItem = (item: ListItem) => ({
  module: item.module,
  field: item.field,
  name: item.name,
  color: item.color,
  status: item.status,
  position: item.position,
});
