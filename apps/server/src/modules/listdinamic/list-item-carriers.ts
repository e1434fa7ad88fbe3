import type { ListField, ListModule } from '@conversa/domain';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database';
import { contacts, leads } from '../../core/db/schema';

/** Where a module's records keep their list items: `tags` a jsonb array of ids, `status_id` one id. */
type Carrier = { table: PgTable; clientId: AnyPgColumn; tags: AnyPgColumn; status_id: AnyPgColumn };

/**
 * The records that carry each module's items. A contact's status is its `stage`. A module whose table
 * exists adds one line here (deal, task), and deleting one of its items strips it from its records.
 */
const CARRIERS: Partial<Record<ListModule, Carrier>> = {
  contact: { table: contacts, clientId: contacts.client_id, tags: contacts.tags, status_id: contacts.stage },
  lead: { table: leads, clientId: leads.client_id, tags: leads.tags, status_id: leads.status_id },
};

/**
 * Removes a deleted item from every record of its module that carries it, in the caller's transaction,
 * and answers how many records changed.
 */
export const stripListItem = async (
  db: Executor,
  clientId: string,
  item: { id: string; module: ListModule; field: ListField },
): Promise<number> => {
  const carrier = CARRIERS[item.module];
  if (!carrier) return 0;
  const column = carrier[item.field];
  const [value, carries] =
    item.field === 'tags'
      ? [sql`${column} - ${item.id}::text`, sql`${column} ? ${item.id}::text`]
      : [sql`''`, sql`${column} = ${item.id}`];
  const result = (await db.execute(
    sql`update ${carrier.table} set ${sql.identifier(column.name)} = ${value}
        where ${eq(carrier.clientId, clientId)} and ${carries}`,
  )) as unknown as { rowCount: number | null };
  return result.rowCount ?? 0;
};
