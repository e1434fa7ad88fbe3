import type { NumberFormat, QuotaType } from '@conversa/domain';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { plans } from './plans';

export type ClientStatus = 'active' | 'blocked' | 'deleted';

/** A company (tenant); every tenant table points here through client_id. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subdomain: text('subdomain').notNull().unique(),
    country: text('country').notNull().default('CL'),
    timezone: text('timezone').notNull().default('America/Santiago'),
    language: text('language').notNull().default('es'),
    industry: text('industry').notNull().default('serviciosSalud'),
    quantityemple: integer('quantityemple').notNull().default(1),
    imglogo: text('imglogo').notNull().default(''),
    subscribe_id: jsonb('subscribe_id').$type<string[]>().notNull().default([]),
    plan_id: uuid('plan_id').references(() => plans.id),
    // null while the company has never been billed: the trial is not "unpaid".
    is_paid: boolean('is_paid'),
    plan_expires_at: timestamp('plan_expires_at', { withTimezone: true }),
    // When the current plan period began: the spent quotas (quota_usage) are counted from it.
    plan_started_at: timestamp('plan_started_at', { withTimezone: true }),
    // Units bought as features on top of the plan's quantities (extra devices, users, bot answers, calls).
    extra_quantities: jsonb('extra_quantities')
      .$type<Partial<Record<QuotaType, number>>>()
      .notNull()
      .default({}),
    access: jsonb('access').$type<string[]>().notNull().default([]),
    number_format: jsonb('number_format').$type<NumberFormat>().notNull(),
    market: boolean('market').notNull().default(false),
    // A blocked company's users can neither sign in nor use their sessions.
    status: text('status').$type<ClientStatus>().notNull().default('active'),
    // Two-factor sign-in for every user: required by the owner, or enforced by the master (the owner cannot lift it).
    two_factor_required: boolean('two_factor_required').notNull().default(false),
    two_factor_enforced: boolean('two_factor_enforced').notNull().default(false),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('clients_plan_id_idx').on(table.plan_id),
    index('clients_create_date_idx').on(table.create_date),
  ],
);

export type ClientRow = typeof clients.$inferSelect;
