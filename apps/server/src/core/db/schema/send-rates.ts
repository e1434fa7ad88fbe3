import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Token buckets pacing outbound sends to the providers' published limits, one row per key
 * (`device:{id}`, `device:{id}:chat:{chat}`). In the database so every server process shares them.
 * Below zero, the turns already promised to waiting senders (channels/send-rate.ts).
 */
export const sendRates = pgTable('send_rates', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
