import type { LastMessage } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { devices } from './devices';

/**
 * A contact is a customer, and the conversation with them. It is unique per company and phone: the same
 * person writing through two devices is one conversation (its device_id is the device last used).
 * The last-message summary and counters are denormalised here so the conversation list never reads
 * the messages table.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    device_id: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    full_name: text('full_name').notNull().default(''),
    email: text('email').notNull().default(''),
    document: text('document').notNull().default(''),
    country: text('country').notNull().default('CL'),
    phone: text('phone').notNull(),
    // The assignee's user id, '' when nobody holds the conversation (the API's own spelling).
    derivedto: text('derivedto').notNull().default(''),
    answerbot: boolean('answerbot').notNull().default(false),
    owner: jsonb('owner').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    stage: text('stage').notNull().default(''),
    starred: boolean('starred').notNull().default(false),
    numpending: integer('numpending').notNull().default(0),
    numtotal: integer('numtotal').notNull().default(0),
    last_message: jsonb('last_message').$type<LastMessage>(),
    last_message_at: timestamp('last_message_at', { withTimezone: true }),
    // When the customer last wrote: the providers' 24-hour window (All / AllInactive) is counted from it.
    last_inbound_at: timestamp('last_inbound_at', { withTimezone: true }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  // The three list indexes also carry last_inbound_at (INCLUDE, written by hand in migration 0004 because
  // drizzle-kit cannot express it), so the list's exact totals are index-only scans.
  (table) => [
    uniqueIndex('contacts_client_id_phone_key').on(table.client_id, table.phone),
    index('contacts_client_id_last_message_at_idx').on(table.client_id, table.last_message_at.desc()),
    index('contacts_client_id_derivedto_last_message_at_idx').on(
      table.client_id,
      table.derivedto,
      table.last_message_at.desc(),
    ),
    index('contacts_client_id_pending_idx')
      .on(table.client_id, table.last_message_at.desc())
      .where(sql`${table.numpending} > 0`),
    index('contacts_full_name_trgm_idx').using('gin', sql`lower(${table.full_name}) gin_trgm_ops`),
    index('contacts_client_id_create_date_idx').on(table.client_id, table.create_date),
    // The contacts screen (record kit): sorted by name, filtered by tag, grouped by stage on the board.
    index('contacts_client_id_full_name_idx').on(table.client_id, table.full_name),
    index('contacts_tags_gin_idx').using('gin', table.tags.op('jsonb_path_ops')),
    index('contacts_client_id_stage_create_date_idx').on(table.client_id, table.stage, table.create_date),
    index('contacts_device_id_idx').on(table.device_id),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
