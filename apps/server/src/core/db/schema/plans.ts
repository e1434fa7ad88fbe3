import type { ExtraPrices } from '@conversa/domain';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const NO_EXTRA_PRICES: ExtraPrices = {
  device: { clp: 0, usd: 0 },
  user: { clp: 0, usd: 0 },
  message: { clp: 0, usd: 0 },
};

/** A plan: its prices (CLP in pesos, USD in dollars), period, quantities per company and the access it gives. */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  price_clp: integer('price_clp').notNull().default(0),
  price_usd: numeric('price_usd', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  duration_days: integer('duration_days').notNull(),
  devices: integer('devices').notNull(),
  users: integer('users').notNull(),
  messages: integer('messages').notNull(),
  chatgpt: integer('chatgpt').notNull().default(0),
  dialogflow: integer('dialogflow').notNull().default(0),
  yeastar: integer('yeastar').notNull().default(0),
  /** Bytes every file of a company may take together (API.md part 3, Storage). */
  storage: bigint('storage', { mode: 'number' }).notNull().default(1_000_000_000),
  extra_prices: jsonb('extra_prices').$type<ExtraPrices>().notNull().default(NO_EXTRA_PRICES),
  access: jsonb('access').$type<string[]>().notNull().default([]),
  is_default: boolean('is_default').notNull().default(false),
  // Listed in the Marketplace; a private plan is given by the master only.
  is_public: boolean('is_public').notNull().default(true),
  create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
});

export type PlanRow = typeof plans.$inferSelect;
