import type { AccountType } from '@conversa/domain';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Stored lowercased; unique across all companies because login is by e-mail alone.
    email: text('email').notNull().unique(),
    phone: text('phone').notNull().default(''),
    password_hash: text('password_hash').notNull(),
    account: text('account').$type<AccountType>().notNull().default('user'),
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
    push_notification: jsonb('push_notification').$type<string[]>().notNull().default([]),
    notifications: jsonb('notifications').$type<string[]>().notNull().default([]),
    sound_notification: jsonb('sound_notification').$type<string[]>().notNull().default([]),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_client_id_idx').on(table.client_id),
    index('users_client_id_create_date_idx').on(table.client_id, table.create_date),
  ],
);

export type UserRow = typeof users.$inferSelect;
