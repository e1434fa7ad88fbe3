import type { ChannelType, DeviceConfig, DeviceMode, DeviceSession, DeviceStatus } from '@conversa/domain';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * Provider settings as stored: secrets inside config are AES-256-GCM ciphertexts (core/crypto). An
 * unofficial gateway (maytapi) also keeps its session and, while it waits for a scan, the QR.
 */
export type DeviceSetting = {
  conect: {
    type: ChannelType;
    status: DeviceStatus;
    config: DeviceConfig;
    session?: DeviceSession;
    qr?: string;
  };
};

/** A connected channel account (a WhatsApp number, a Telegram bot, the sandbox). */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<ChannelType>().notNull(),
    mode: text('mode').$type<DeviceMode>().notNull().default('official'),
    status: text('status').$type<DeviceStatus>().notNull().default('disconnected'),
    color: text('color').notNull().default('#1976d2'),
    background_color: text('background_color').notNull().default('#e3f2fd'),
    selected: boolean('selected').notNull().default(false),
    setting: jsonb('setting').$type<DeviceSetting>().notNull(),
    /**
     * WhatsApp's business messaging limit: unique people a rolling 24 h the number may start a conversation
     * with (250 for a new number, then 2,000, 10,000, 100,000); null: unlimited. Marketing sends count it.
     */
    messaging_limit: integer('messaging_limit').default(250),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('devices_client_id_create_date_idx').on(table.client_id, table.create_date)],
);

export type DeviceRow = typeof devices.$inferSelect;
