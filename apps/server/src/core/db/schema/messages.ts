import type {
  MessageButton,
  MessageStatus,
  MessageTemplate,
  MessageType,
  SharedContact,
} from '@conversa/domain';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { contacts } from './contacts';
import { devices } from './devices';

export type DispatchState = '' | 'dispatching';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    contact_id: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    device_id: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    from_me: boolean('from_me').notNull(),
    // The provider's id: set on arrival for inbound, after the provider accepted an outbound send.
    message_id: text('message_id'),
    type: text('type').$type<MessageType>().notNull().default('chat'),
    body: text('body').notNull().default(''),
    status: text('status').$type<MessageStatus>().notNull(),
    owner: text('owner').notNull().default(''),
    temp_id: text('temp_id').notNull().default(''),
    attachment_key: text('attachment_key'),
    filename: text('filename').notNull().default(''),
    mimetype: text('mimetype').notNull().default(''),
    template: jsonb('template').$type<MessageTemplate>(),
    buttons: jsonb('buttons').$type<MessageButton[]>().notNull().default([]),
    button_reply: text('button_reply').notNull().default(''),
    // The provider's id of the message this one answers or reacts to ('' for none); resolved on read.
    quoted_message_id: text('quoted_message_id').notNull().default(''),
    // A shared contact card's people.
    contacts: jsonb('contacts').$type<SharedContact[]>().notNull().default([]),
    starred: boolean('starred').notNull().default(false),
    selected: boolean('selected').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    error: text('error').notNull().default(''),
    // Set when a send job claimed the message for the provider; guards against sending it twice.
    dispatched_at: timestamp('dispatched_at', { withTimezone: true }),
    // 'dispatching' is committed BEFORE the provider call: finding it later means an attempt's outcome is
    // unknown (the process died mid-call), so the message is never sent blindly again. '' otherwise.
    dispatch_state: text('dispatch_state').$type<DispatchState>().notNull().default(''),
    dispatch_attempts: integer('dispatch_attempts').notNull().default(0),
    // The send turn the provider's pacing promised this queued message (channels/send-rate.ts): the attempt
    // that comes back at it sends without asking for another; cleared when the message is handed over.
    send_turn_at: timestamp('send_turn_at', { withTimezone: true }),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_client_id_contact_id_create_date_idx').on(
      table.client_id,
      table.contact_id,
      table.create_date.desc(),
    ),
    uniqueIndex('messages_device_id_message_id_key').on(table.device_id, table.message_id),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
