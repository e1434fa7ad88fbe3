import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  price_clp: integer('price_clp').notNull().default(0),
  price_usd: integer('price_usd').notNull().default(0),
  duration_days: integer('duration_days').notNull(),
  devices: integer('devices').notNull(),
  users: integer('users').notNull(),
  messages: integer('messages').notNull(),
  access: jsonb('access').$type<string[]>().notNull().default([]),
  is_default: boolean('is_default').notNull().default(false),
  create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
});

export type PlanRow = typeof plans.$inferSelect;
