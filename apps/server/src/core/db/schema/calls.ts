import type { CallDirection, CallResult } from '@conversa/domain';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { contacts } from './contacts';
import { integrations } from './integrations';
import { users } from './users';

/**
 * A phone call reported by a PBX integration (Yeastar), on the contact's timeline. `external_id` is the
 * PBX's own id of the call: a repeated or late event updates the same row instead of adding one.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    integration_id: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    contact_id: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    phone: text('phone').notNull().default(''),
    direction: text('direction').$type<CallDirection>().notNull(),
    result: text('result').$type<CallResult>().notNull(),
    duration: integer('duration').notNull().default(0),
    // The PBX extension that took or made the call, and the user it belongs to when one is set up.
    extension: text('extension').notNull().default(''),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('calls_integration_id_external_id_idx').on(table.integration_id, table.external_id),
    // The contact's timeline, newest first.
    index('calls_contact_id_started_at_idx').on(table.contact_id, table.started_at.desc()),
    index('calls_client_id_started_at_idx').on(table.client_id, table.started_at.desc()),
  ],
);

export type CallRow = typeof calls.$inferSelect;
