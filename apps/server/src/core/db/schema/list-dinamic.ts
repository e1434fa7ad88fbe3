import type { ListField, ListModule } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/** Dynamic lists: a company's tags and statuses per module; records carry their ids. */
export const listDinamic = pgTable(
  'list_dinamic',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    module: text('module').$type<ListModule>().notNull(),
    field: text('field').$type<ListField>().notNull(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#f44336'),
    status: boolean('status').notNull().default(true),
    position: integer('position').notNull().default(0),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('list_dinamic_client_id_module_field_idx').on(table.client_id, table.module, table.field),
    // One name per list whatever its case: the service answers 409, the database makes it true under races.
    uniqueIndex('list_dinamic_client_id_module_field_name_key').on(
      table.client_id,
      table.module,
      table.field,
      sql`lower(${table.name})`,
    ),
  ],
);

export type ListItemRow = typeof listDinamic.$inferSelect;
