import type {
  Diffusion,
  DiffusionStatus,
  NewsletterCategory,
  NewsletterPopup,
  NewsletterStatus,
  PauseReason,
  RecipientReason,
  RecipientState,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { contacts } from './contacts';
import { devices } from './devices';
import { users } from './users';

/** A diffusion (broadcast): who, what, when, how fast; its recipients are frozen when it starts. */
export const diffusions = pgTable(
  'diffusions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    device_id: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    audience: jsonb('audience').$type<Diffusion['audience']>().notNull(),
    message: jsonb('message').$type<Diffusion['message']>().notNull(),
    scheduled_at: timestamp('scheduled_at', { withTimezone: true }),
    send_window: jsonb('send_window').$type<Diffusion['send_window']>().notNull(),
    pacing: jsonb('pacing').$type<Diffusion['pacing']>().notNull(),
    max_monthly_responses: integer('max_monthly_responses').notNull().default(0),
    count_current_responses: integer('count_current_responses').notNull().default(0),
    status: text('status').$type<DiffusionStatus>().notNull().default('draft'),
    pause_reason: text('pause_reason').$type<PauseReason | ''>().notNull().default(''),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('diffusions_client_id_create_date_idx').on(table.client_id, table.create_date),
    // The scheduler's look for what is due: scheduled or running diffusions only.
    index('diffusions_due_idx')
      .on(table.scheduled_at)
      .where(sql`${table.status} in ('scheduled', 'running')`),
  ],
);

/**
 * One recipient of a diffusion: unique per diffusion and phone, claimed (`sending`) before its send, so its
 * message is the only one ever sent for it whatever restarts or workers.
 */
export const diffusionRecipients = pgTable(
  'diffusion_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    diffusion_id: uuid('diffusion_id')
      .notNull()
      .references(() => diffusions.id, { onDelete: 'cascade' }),
    contact_id: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    /** Per-recipient template values (an imported CSV's columns); empty: the diffusion's. */
    parameters: jsonb('parameters').$type<string[]>().notNull().default([]),
    state: text('state').$type<RecipientState>().notNull().default('pending'),
    reason: text('reason').$type<RecipientReason | ''>().notNull().default(''),
    detail: text('detail').notNull().default(''),
    /** Our message (messages.id) and the provider's id, recorded as soon as the provider accepted it. */
    message_id: uuid('message_id'),
    provider_id: text('provider_id').notNull().default(''),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    replied: boolean('replied').notNull().default(false),
  },
  (table) => [
    uniqueIndex('diffusion_recipients_diffusion_id_phone_key').on(table.diffusion_id, table.phone),
    index('diffusion_recipients_diffusion_id_state_idx').on(table.diffusion_id, table.state, table.id),
    index('diffusion_recipients_message_id_idx').on(table.message_id),
  ],
);

/** People who asked a company to stop its marketing (an opt-out word, or WhatsApp's error 131050). */
export const marketingOptOuts = pgTable(
  'marketing_opt_outs',
  {
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    reason: text('reason').notNull().default(''),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.client_id, table.phone] })],
);

/** Release news and pop-up announcements, written by the master for every company. */
export const newsletters = pgTable(
  'newsletters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    category: text('category').$type<NewsletterCategory>().notNull().default('newfeature'),
    status: text('status').$type<NewsletterStatus>().notNull().default('scheduled'),
    release_date: date('release_date').notNull(),
    show_login_date: timestamp('show_login_date', { withTimezone: true }),
    description: text('description').notNull().default(''),
    issues: jsonb('issues').$type<string[]>().notNull().default([]),
    popup: jsonb('popup').$type<NewsletterPopup | null>(),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('newsletters_release_date_idx').on(table.release_date)],
);

/** Which user has seen which pop-up: each shows once per user. */
export const newsletterViews = pgTable(
  'newsletter_views',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newsletter_id: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    seen_at: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.newsletter_id] })],
);

export type DiffusionRow = typeof diffusions.$inferSelect;
export type DiffusionRecipientRow = typeof diffusionRecipients.$inferSelect;
export type NewsletterRow = typeof newsletters.$inferSelect;
