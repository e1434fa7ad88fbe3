import type { ProviderTemplateComponent } from '@conversa/domain';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { devices } from './devices';

/** Message templates as the provider (WhatsApp Business) approved them, copied by `template/synchronize`. */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    device_id: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id').notNull().default(''),
    name: text('name').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull().default(''),
    category: text('category').notNull().default(''),
    /** GREEN, YELLOW, RED or UNKNOWN, from the provider's quality webhook or a synchronize. */
    quality: text('quality').notNull().default('UNKNOWN'),
    /** Why the provider rejected or paused it, as it said. */
    reason: text('reason').notNull().default(''),
    components: jsonb('components').$type<ProviderTemplateComponent[]>().notNull().default([]),
    example: text('example').notNull().default(''),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    update_date: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('templates_device_id_name_language_key').on(table.device_id, table.name, table.language),
    index('templates_client_id_name_idx').on(table.client_id, table.name),
  ],
);

export type TemplateRow = typeof templates.$inferSelect;
