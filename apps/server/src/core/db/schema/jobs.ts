import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** The durable job queue (core/jobs): claimed with FOR UPDATE SKIP LOCKED, one row per unique key. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    // Singleton key: enqueuing the same key twice keeps one job (send:{messageId}).
    key: text('key').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(5),
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_error: text('last_error').notNull().default(''),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    update_date: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_status_run_at_idx').on(table.status, table.run_at),
    index('jobs_update_date_idx').on(table.update_date),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
