import type { View } from '@conversa/domain';
import type { ViewRow } from '../../core/db/schema';

export const toView = (row: ViewRow): View => ({
  id: row.id,
  module: row.module,
  name: row.name,
  columns: row.columns,
  filters: row.filters as View['filters'],
  sort: row.sort,
  kanban: row.kanban,
  is_default: row.is_default,
  owner: row.owner,
  create_date: row.create_date.toISOString(),
});

/** What the audit log keeps of a view: everything a person can change. */
export const auditedView = ({ id: _id, create_date: _created, ...changeable }: View) => changeable;
