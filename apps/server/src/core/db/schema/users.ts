import { type AccountType, DEFAULT_ALERT_FAMILIES, DEFAULT_NOTIFICATION_MODULES } from '@conversa/domain';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Chosen by the user for their avatar; empty means the initials of the name.
    initials: text('initials').notNull().default(''),
    // Stored lowercased; unique across all companies because login is by e-mail alone.
    email: text('email').notNull().unique(),
    phone: text('phone').notNull().default(''),
    password_hash: text('password_hash').notNull(),
    account: text('account').$type<AccountType>().notNull().default('user'),
    // A deactivated user can neither sign in nor use a session opened before.
    active: boolean('active').notNull().default(true),
    // The TOTP secret sealed by the secret box; set while enrolling, in force once totp_enabled_at is set.
    totp_secret: text('totp_secret'),
    totp_enabled_at: timestamp('totp_enabled_at', { withTimezone: true }),
    // The last 30-second step whose code was accepted, so a code cannot be replayed within its window.
    totp_last_step: integer('totp_last_step'),
    language: text('language').notNull().default('es'),
    online: boolean('online').notNull().default(false),
    last_login: timestamp('last_login', { withTimezone: true }),
    sound: boolean('sound').notNull().default(true),
    notify: boolean('notify').notNull().default(true),
    analytics: boolean('analytics').notNull().default(false),
    custom_views: jsonb('custom_views').$type<Record<string, unknown>>().notNull().default({}),
    fixed: jsonb('fixed').$type<string[]>().notNull().default([]),
    access: jsonb('access').$type<string[]>().notNull().default([]),
    answer: boolean('answer').notNull().default(true),
    push_notification: jsonb('push_notification')
      .$type<string[]>()
      .notNull()
      .default([...DEFAULT_NOTIFICATION_MODULES]),
    notifications: jsonb('notifications')
      .$type<string[]>()
      .notNull()
      .default([...DEFAULT_ALERT_FAMILIES]),
    sound_notification: jsonb('sound_notification')
      .$type<string[]>()
      .notNull()
      .default([...DEFAULT_NOTIFICATION_MODULES]),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_client_id_idx').on(table.client_id),
    index('users_client_id_create_date_idx').on(table.client_id, table.create_date),
  ],
);

export type UserRow = typeof users.$inferSelect;
