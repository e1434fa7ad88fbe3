import type { ExtractionFormat, ExtractionStatusName, StorageModuleName } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * One file of a company in the FileStore: its row is what the storage screen lists and what the plan's
 * storage limit adds up. The bytes live behind `key` (the FileStore's opaque key, one per file).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    module: text('module').$type<StorageModuleName>().notNull(),
    /** The message, extraction or import the file belongs to; '' for an upload. */
    reference_id: text('reference_id').notNull().default(''),
    /** The uploader or sender; '' for a customer's attachment. */
    created_by: text('created_by').notNull().default(''),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('files_key_key').on(table.key),
    // Also carries size (INCLUDE, written by hand in migration 0027): the storage limit's sum reads only it.
    index('files_client_id_create_date_idx').on(table.client_id, table.create_date.desc()),
    index('files_client_id_module_reference_idx').on(table.client_id, table.module, table.reference_id),
    index('files_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);

export type FileRow = typeof files.$inferSelect;

/** A module's records written to a CSV or XLSX file in the background (API.md part 3, Extractions). */
export const extractions = pgTable(
  'extractions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    filters: jsonb('filters').$type<unknown[]>().notNull().default([]),
    logical: text('logical').notNull().default('and'),
    sort: jsonb('sort').$type<{ key: string; order: 'asc' | 'desc' } | null>(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    format: text('format').$type<ExtractionFormat>().notNull().default('csv'),
    status: text('status').$type<ExtractionStatusName>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    file_id: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Seconds a signed download link stays valid. */
    expires_in: integer('expires_in').notNull().default(86_400),
    error: text('error').notNull().default(''),
    created_by: text('created_by').notNull().default(''),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    done_date: timestamp('done_date', { withTimezone: true }),
  },
  (table) => [index('extractions_client_id_create_date_idx').on(table.client_id, table.create_date.desc())],
);

export type ExtractionRow = typeof extractions.$inferSelect;
