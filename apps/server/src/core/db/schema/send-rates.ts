import { boolean, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Token buckets pacing outbound sends to the providers' published limits, one row per key
 * (`device:{id}`, `device:{id}:chat:{chat}`). In the database so every server process shares them.
 */
export const sendRates = pgTable('send_rates', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  // Whether the last take got a token: RETURNING can only read the row, so the verdict is stored with it.
  last_granted: boolean('last_granted').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
