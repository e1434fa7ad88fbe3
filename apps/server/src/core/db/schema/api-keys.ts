import type { ApiKeyScope } from '@conversa/domain';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

/**
 * A company API key: an outside system's credential for the public API. Only the SHA-256 of the key is
 * kept (like sessions' tokens); `prefix` is its first characters, shown so people can tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull().default([]),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_idx').on(table.key_hash),
    index('api_keys_client_id_create_date_idx').on(table.client_id, table.create_date),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
