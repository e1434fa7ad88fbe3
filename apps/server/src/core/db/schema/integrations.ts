import type { IntegrationLinkModule, IntegrationStatus, IntegrationType } from '@conversa/domain';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { devices } from './devices';

/**
 * A connected outside system (an answer bot, a CRM, a PBX, a scheduling system) and its settings. The
 * secret values of `config` (INTEGRATION_SECRET_KEYS) are AES-256-GCM ciphertexts (core/crypto).
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: text('type').$type<IntegrationType>().notNull(),
    name: text('name').notNull(),
    answer_new_conversations: boolean('answer_new_conversations').notNull().default(true),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<IntegrationStatus>().notNull().default('connected'),
    // The last successful call to the provider; `error` says why the last one failed ('' when it worked).
    last_sync_at: timestamp('last_sync_at', { withTimezone: true }),
    error: text('error').notNull().default(''),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    update_date: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('integrations_client_id_create_date_idx').on(table.client_id, table.create_date)],
);

export type IntegrationRow = typeof integrations.$inferSelect;

/**
 * The devices a bot answers on. The unique device makes "a device has at most one bot" a rule the
 * database holds, whatever two administrators do at the same time.
 */
export const integrationDevices = pgTable(
  'integration_devices',
  {
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    integration_id: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    device_id: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (table) => [index('integration_devices_integration_id_idx').on(table.integration_id)],
);

export type IntegrationDeviceRow = typeof integrationDevices.$inferSelect;

/**
 * A record of ours and its id in a CRM integration (Zoho): the upsert sends it back, so a record is
 * updated there rather than created twice, and the record shows where it lives.
 */
export const integrationLinks = pgTable(
  'integration_links',
  {
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    integration_id: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    module: text('module').$type<IntegrationLinkModule>().notNull(),
    record_id: uuid('record_id').notNull(),
    external_id: text('external_id').notNull(),
    synced_at: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.integration_id, table.module, table.record_id] }),
    index('integration_links_record_id_idx').on(table.record_id),
  ],
);

export type IntegrationLinkRow = typeof integrationLinks.$inferSelect;
