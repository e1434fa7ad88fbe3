import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts counted per key (a sign-in's account or address, a reset mail's account) within a window
 * (core/http/attempt-limiter.ts), for when no REDIS_URL is set. In the database so every server process
 * counts together; a row is pruned once it expires.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    window_ends_at: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    // Whether the last take counted its attempt: RETURNING can only read the row, so the verdict is stored.
    last_counted: boolean('last_counted').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_expires_at_idx').on(table.expires_at)],
);
