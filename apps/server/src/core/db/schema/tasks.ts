import type { TaskModule, TaskPriority } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { contacts } from './contacts';
import { users } from './users';

/** A task: a follow-up on a contact, deal or lead, with participants (`owner`) and an e-mail reminder. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priority: text('priority').$type<TaskPriority>().notNull().default('medium'),
    complete: boolean('complete').notNull().default(false),
    due_date: timestamp('due_date', { withTimezone: true }).notNull(),
    owner: jsonb('owner').$type<string[]>().notNull().default([]),
    visibility: smallint('visibility').$type<0 | 1 | 2>().notNull().default(2),
    module: text('module').$type<TaskModule>().notNull(),
    reference_id: text('reference_id').notNull().default(''),
    contact_id: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    status_id: text('status_id').notNull().default(''),
    color: text('color').notNull().default(''),
    notify_enable: boolean('notify_enable').notNull().default(false),
    notify_before: timestamp('notify_before', { withTimezone: true }),
    notify_sent: boolean('notify_sent').notNull().default(false),
    notify_channel: text('notify_channel').$type<'email'>().notNull().default('email'),
    is_notified: boolean('is_notified').notNull().default(false),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tasks_client_id_complete_due_date_idx').on(table.client_id, table.complete, table.due_date),
    index('tasks_client_id_module_reference_id_idx').on(table.client_id, table.module, table.reference_id),
    index('tasks_client_id_contact_id_idx').on(table.client_id, table.contact_id),
    index('tasks_owner_idx').using('gin', table.owner),
    index('tasks_title_trgm_idx').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
    // The reminder sweep reads only the reminders still to send.
    index('tasks_pending_reminder_idx')
      .on(table.notify_before)
      .where(sql`${table.notify_enable} and not ${table.notify_sent} and not ${table.complete}`),
  ],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('task_comments_task_id_idx').on(table.task_id, table.create_date)],
);

/** One participant's reminder e-mail, written when the mail server accepted it: a retry skips them. */
export const taskReminderSends = pgTable(
  'task_reminder_sends',
  {
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.task_id, table.user_id] })],
);

export type TaskRow = typeof tasks.$inferSelect;
export type TaskCommentRow = typeof taskComments.$inferSelect;
