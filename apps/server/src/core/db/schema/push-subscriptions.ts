import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

/**
 * A browser's Web Push subscription: where the push service takes a user's alerts while the app is closed.
 * An endpoint belongs to one user at a time (the last who subscribed on that browser); the push service's
 * 404 or 410 deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    // The browser's keys for the payload's encryption (RFC 8291), base64url as the browser gives them.
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_user_id_idx').on(table.user_id),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
