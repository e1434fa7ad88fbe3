import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';

/**
 * One row per user in a contact's `owner` list (everyone the conversation was ever derived to), kept by
 * triggers on `contacts` (migration 0016) in the same statement that changes the contact. It exists for
 * the conversation list's myDeriveds total: counted here, index-only on narrow rows, instead of through
 * the contacts' rows one heap page each. `is_conversation` and `last_inbound_at` are the contact's, for
 * the list's All and AllInactive filters.
 */
export const contactOwners = pgTable(
  'contact_owners',
  {
    contact_id: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    user_id: text('user_id').notNull(),
    client_id: uuid('client_id').notNull(),
    is_conversation: boolean('is_conversation').notNull(),
    last_inbound_at: timestamp('last_inbound_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.contact_id, table.user_id] }),
    index('contact_owners_client_id_user_id_idx')
      .on(table.client_id, table.user_id, table.last_inbound_at)
      .where(sql`${table.is_conversation}`),
  ],
);
