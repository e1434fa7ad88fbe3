import type {
  Currency,
  FeatureKind,
  PaymentProvider,
  PurchaseItem,
  PurchaseStatus,
  SpentQuotaType,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { plans } from './plans';
import { users } from './users';

/** USD amounts: dollars with two decimals, read as numbers. */
const usd = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** What a company can buy besides a plan (a message bag, extra devices or users, bot quotas). */
export const features = pgTable('features', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind').$type<FeatureKind>().notNull(),
  quantity: integer('quantity').notNull(),
  price_clp: integer('price_clp').notNull().default(0),
  price_usd: usd('price_usd').notNull().default(0),
  is_public: boolean('is_public').notNull().default(true),
  create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
});

export type FeatureRow = typeof features.$inferSelect;

/**
 * One checkout: a plan or a feature bought through a provider. `provider_ref` is the provider's id of it
 * (Flow's token, PayPal's order id, Rebill's payment link id); `applied_at` is set in the transaction that
 * extends the plan or adds the bag, so a repeated notification finds it set and changes nothing.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    item: text('item').$type<PurchaseItem>().notNull(),
    plan_id: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    feature_id: uuid('feature_id').references(() => features.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull().default(1),
    currency: text('currency').$type<Currency>().notNull(),
    amount: usd('amount').notNull(),
    status: text('status').$type<PurchaseStatus>().notNull().default('pending'),
    provider_ref: text('provider_ref').notNull().default(''),
    // What the provider last said of it (status, reason), shown in the error dialog and to the master.
    provider_info: jsonb('provider_info').$type<Record<string, unknown>>().notNull().default({}),
    applied_at: timestamp('applied_at', { withTimezone: true }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    update_date: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('purchases_provider_ref_idx')
      .on(table.provider, table.provider_ref)
      .where(sql`${table.provider_ref} <> ''`),
    index('purchases_client_id_create_date_idx').on(table.client_id, table.create_date),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;

/** The invoice of a paid purchase: one per purchase, numbered across the platform. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    purchase_id: uuid('purchase_id')
      .notNull()
      .unique()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amount: usd('amount').notNull(),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoices_client_id_create_date_idx').on(table.client_id, table.create_date)],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/** Messages bought on top of the plan; spent after the plan's, oldest bag first. */
export const messageBags = pgTable(
  'message_bags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    purchase_id: uuid('purchase_id')
      .unique()
      .references(() => purchases.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    used: integer('used').notNull().default(0),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('message_bags_client_id_create_date_idx').on(table.client_id, table.create_date)],
);

export type MessageBagRow = typeof messageBags.$inferSelect;

/**
 * What a company spent of a plan quota in one plan period (`period_start` = clients.plan_started_at):
 * a send takes one with `used = used + 1 … where used < quantity`, so two sends never share the last unit.
 */
export const quotaUsage = pgTable(
  'quota_usage',
  {
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SpentQuotaType>().notNull(),
    period_start: timestamp('period_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.client_id, table.kind, table.period_start] })],
);

export type QuotaUsageRow = typeof quotaUsage.$inferSelect;

/** Platform settings the master changes in the console (payment providers' credentials, encrypted). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull().default({}),
  update_date: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
});
