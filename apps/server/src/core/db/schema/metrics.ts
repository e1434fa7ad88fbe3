import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { contacts } from './contacts';

/** PostgreSQL's 64-bit transaction id (13+), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * One countable moment of the dashboards (issue #27), written in the transaction of the change it
 * describes and never changed. `xid` is that transaction's id: the rollup takes only events of finished
 * transactions (below the snapshot's xmin), so an event committed late is never skipped. `day`, `hour`
 * and `weekday` are local in the company's time zone when it was written, so a later change of zone
 * moves nothing already counted. Undoing (a deal back to open, a task reopened) is a new event with
 * `sign` -1 on the original's day.
 */
export const metricEvents = pgTable(
  'metric_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
    hour: smallint('hour').notNull(),
    weekday: smallint('weekday').notNull(),
    // '' for what has no channel (deals, tasks).
    device_id: text('device_id').notNull().default(''),
    // Everyone the event belongs to: none, one, or each owner of a deal or task.
    user_ids: text('user_ids').array().notNull().default(sql`'{}'::text[]`),
    sign: smallint('sign').notNull().default(1),
    seconds: doublePrecision('seconds'),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'number' }),
    currency: text('currency'),
    // The deal or task an outcome is about, so its undoing finds it.
    ref_id: uuid('ref_id'),
  },
  (table) => [
    index('metric_events_xid_idx').on(table.xid),
    index('metric_events_client_id_xid_idx').on(table.client_id, table.xid),
    index('metric_events_ref_id_idx').on(table.ref_id, table.kind).where(sql`${table.ref_id} is not null`),
  ],
);

/**
 * A contact's open conversation (at most one): where and when it opened, when its clock started (the
 * later of the opening and the first assignment) and whether its first response was counted. Deleted
 * when the conversation closes.
 */
export const metricConversations = pgTable('metric_conversations', {
  contact_id: uuid('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  client_id: uuid('client_id').notNull(),
  device_id: text('device_id').notNull(),
  opened_at: timestamp('opened_at', { withTimezone: true }).notNull(),
  clock_start: timestamp('clock_start', { withTimezone: true }),
  responded: boolean('responded').notNull().default(false),
});

/**
 * The rolled-up conversation, message and task figures per company, local day, device and user. The row
 * with `user_id` '' is the company's (each event once); a row per user holds what belongs to them.
 */
export const metricDays = pgTable(
  'metric_days',
  {
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    device_id: text('device_id').notNull(),
    user_id: text('user_id').notNull(),
    conversations_opened: integer('conversations_opened').notNull().default(0),
    conversations_closed: integer('conversations_closed').notNull().default(0),
    messages_in: integer('messages_in').notNull().default(0),
    messages_out: integer('messages_out').notNull().default(0),
    first_response_count: integer('first_response_count').notNull().default(0),
    first_response_seconds: doublePrecision('first_response_seconds').notNull().default(0),
    resolution_count: integer('resolution_count').notNull().default(0),
    resolution_seconds: doublePrecision('resolution_seconds').notNull().default(0),
    tasks_done: integer('tasks_done').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.client_id, table.day, table.device_id, table.user_id] })],
);

/** Deals won and lost per company, local day, user ('' the company's) and currency. */
export const metricDealDays = pgTable(
  'metric_deal_days',
  {
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    user_id: text('user_id').notNull(),
    currency: text('currency').notNull(),
    won: integer('won').notNull().default(0),
    won_amount: numeric('won_amount', { precision: 20, scale: 2, mode: 'number' }).notNull().default(0),
    lost: integer('lost').notNull().default(0),
    lost_amount: numeric('lost_amount', { precision: 20, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.client_id, table.day, table.user_id, table.currency] })],
);

/** Customer messages per company, local day and hour, device and user: the heat map. */
export const metricHours = pgTable(
  'metric_hours',
  {
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    hour: smallint('hour').notNull(),
    device_id: text('device_id').notNull(),
    user_id: text('user_id').notNull(),
    messages_in: integer('messages_in').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.client_id, table.day, table.hour, table.device_id, table.user_id] }),
  ],
);

/**
 * The rollup's one row: events of transactions below `watermark` are in the rollup tables, the others
 * are read from metric_events. The one-time backfill builds events of the history before
 * `backfill_before` (when the events began to be written) and sets `backfilled`.
 */
export const metricRollup = pgTable('metric_rollup', {
  id: smallint('id').primaryKey(),
  watermark: xid8('watermark').notNull(),
  backfill_before: timestamp('backfill_before', { withTimezone: true }).notNull().defaultNow(),
  backfilled: boolean('backfilled').notNull().default(false),
});
