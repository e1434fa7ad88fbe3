import type { ImportModule } from '@conversa/domain';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';

/** One row per bad line of an imported file: its line, the field and the rule it broke. */
export type ImportRowIssue = { line: number; path: string; message: string };

/** An import of a CSV or XLSX file into a module, run as a job; its progress and its report. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    module: text('module').$type<ImportModule>().notNull(),
    filename: text('filename').notNull().default(''),
    // Where the uploaded file waits in the FileStore until the job has read it.
    file_key: text('file_key').notNull().default(''),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    total: integer('total').notNull().default(0),
    // Lines read so far; the job resumes after the last committed batch.
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors').$type<ImportRowIssue[]>().notNull().default([]),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('import_jobs_client_id_create_date_idx').on(table.client_id, table.create_date.desc())],
);

export type ImportJobRow = typeof importJobs.$inferSelect;
