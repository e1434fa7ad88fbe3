import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { contacts } from './contacts';

/** A lead: someone who may become a customer. Converting it makes (or joins, by phone) a contact. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    full_name: text('full_name').notNull().default(''),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    document: text('document').notNull().default(''),
    country: text('country').notNull().default('CL'),
    // Dynamic-list item ids (module lead): tags and the status.
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    status_id: text('status_id').notNull().default(''),
    owner: jsonb('owner').$type<string[]>().notNull().default([]),
    source: text('source').notNull().default(''),
    converted_contact_id: uuid('converted_contact_id').references(() => contacts.id, {
      onDelete: 'set null',
    }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('leads_client_id_create_date_idx').on(table.client_id, table.create_date),
    index('leads_client_id_phone_idx').on(table.client_id, table.phone),
    index('leads_client_id_status_id_idx').on(table.client_id, table.status_id),
    index('leads_full_name_trgm_idx').using('gin', sql`lower(${table.full_name}) gin_trgm_ops`),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
