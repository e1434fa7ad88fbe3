import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * The transactional outbox of realtime notifications: written in the same transaction as the change,
 * published after commit with its seq, and read back by `GET events?since=` after a reconnect.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    action: text('action').notNull(),
    data: jsonb('data').$type<unknown[]>().notNull(),
    msg: text('msg').notNull().default(''),
    ref: text('ref').notNull().default(''),
    // Also delivered to this user's room (transfers reach the new assignee wherever they are).
    target_user_id: uuid('target_user_id'),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('realtime_events_client_id_seq_idx').on(table.client_id, table.seq),
    index('realtime_events_create_date_idx').on(table.create_date),
    // A person's alerts, newest first (the bell), without walking the tenant's every message event.
    index('realtime_events_alerts_idx')
      .on(table.target_user_id, table.seq)
      .where(sql`${table.module} = 'alert'`),
  ],
);

export type RealtimeEventRow = typeof realtimeEvents.$inferSelect;
