import type { WebhookDeliveryStatus, WebhookEvent } from '@conversa/domain';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { integrations } from './integrations';

/**
 * One event sent (or being sent) to one crmx2 subscription: the delivery log. `payload` is the body as it
 * is signed and sent; its job (`webhook.deliver:<id>`) makes the attempts.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    integration_id: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEvent>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    response_status: integer('response_status'),
    error: text('error').notNull().default(''),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    update_date: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The log: one integration's deliveries, newest first.
    index('webhook_deliveries_integration_id_create_date_idx').on(
      table.integration_id,
      table.create_date.desc(),
      table.id.desc(),
    ),
    index('webhook_deliveries_client_id_idx').on(table.client_id),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
