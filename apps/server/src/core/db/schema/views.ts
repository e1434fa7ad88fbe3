import type { ViewModule } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

/** Saved views of a module's records: a user's own (owner set) or the whole company's (owner null). */
export const views = pgTable(
  'views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    owner: uuid('owner').references(() => users.id, { onDelete: 'cascade' }),
    module: text('module').$type<ViewModule>().notNull(),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    filters: jsonb('filters')
      .$type<{ filters: unknown[]; logical: 'and' | 'or' }>()
      .notNull()
      .default({ filters: [], logical: 'and' }),
    sort: jsonb('sort').$type<{ key: string; order: 'asc' | 'desc' } | null>(),
    kanban: jsonb('kanban').$type<{ columns: string[] }>().notNull().default({ columns: [] }),
    is_default: boolean('is_default').notNull().default(false),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('views_client_id_module_idx').on(table.client_id, table.module),
    // At most one default view per module for each user and one for the company (owner null).
    uniqueIndex('views_one_default_key')
      .on(table.client_id, table.module, sql`coalesce(${table.owner}::text, '')`)
      .where(sql`${table.is_default}`),
  ],
);

export type ViewRow = typeof views.$inferSelect;
