import type { DealOutcome } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { contacts } from './contacts';
import { users } from './users';

/** A company's sales pipeline; its stages are the kanban columns of `/app/deals`. */
export const pipelines = pgTable(
  'pipelines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pipelines_client_id_position_idx').on(table.client_id, table.position)],
);

export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    pipeline_id: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#f44336'),
    position: integer('position').notNull().default(0),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pipeline_stages_pipeline_id_position_idx').on(table.pipeline_id, table.position)],
);

/** The last `numdeal` a company gave: bumped in the create's transaction, so numbers have no gap. */
export const dealCounters = pgTable('deal_counters', {
  client_id: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  last_numdeal: integer('last_numdeal').notNull().default(0),
});

/** A deal (presupuesto). Its stage restricts the stage's deletion: a stage holding deals stays. */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    numdeal: integer('numdeal').notNull(),
    name: text('name').notNull(),
    contact_id: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    pipeline_id: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'restrict' }),
    pipeline_stage_id: uuid('pipeline_stage_id')
      .notNull()
      .references(() => pipelineStages.id, { onDelete: 'restrict' }),
    position: doublePrecision('position').notNull().default(0),
    stage: text('stage').$type<DealOutcome>().notNull().default('open'),
    lost_reason: text('lost_reason').notNull().default(''),
    branch: text('branch').notNull().default(''),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('CLP'),
    closing_date: date('closing_date'),
    expected_date: date('expected_date'),
    owner: jsonb('owner').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deals_client_id_numdeal_key').on(table.client_id, table.numdeal),
    // The kanban: a column's cards in order, its count and amount total.
    index('deals_kanban_idx').on(table.client_id, table.pipeline_id, table.pipeline_stage_id, table.position),
    index('deals_client_id_contact_id_idx').on(table.client_id, table.contact_id),
    index('deals_client_id_create_date_idx').on(table.client_id, table.create_date),
    index('deals_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);

/** Every move of a deal between stages or outcomes: its history, and what automations will listen to. */
export const dealStageChanges = pgTable(
  'deal_stage_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    deal_id: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    from_pipeline_stage_id: uuid('from_pipeline_stage_id'),
    to_pipeline_stage_id: uuid('to_pipeline_stage_id').notNull(),
    from_stage: text('from_stage').$type<DealOutcome | ''>().notNull().default(''),
    to_stage: text('to_stage').$type<DealOutcome>().notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('deal_stage_changes_deal_id_idx').on(table.client_id, table.deal_id, table.create_date)],
);

/** A payment (abono) on a deal. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    deal_id: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    payment_date: date('payment_date').notNull(),
    payment_method: text('payment_method').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    note: text('note').notNull().default(''),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_client_id_deal_id_idx').on(table.client_id, table.deal_id),
    index('payments_client_id_payment_date_idx').on(table.client_id, table.payment_date),
  ],
);

export type PipelineRow = typeof pipelines.$inferSelect;
export type PipelineStageRow = typeof pipelineStages.$inferSelect;
export type DealRow = typeof deals.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
