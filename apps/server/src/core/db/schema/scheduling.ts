import type {
  AppointmentStatus,
  ConfirmationAnswer,
  ConfirmationRowState,
  ConfirmationRunStatus,
  SchedulingIntegrationType,
  WritebackState,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { contacts } from './contacts';
import { devices } from './devices';
import { integrations } from './integrations';
import { users } from './users';

/**
 * An appointment of a scheduling integration (API.md part 3 §2): pulled from the clinic's system, booked on
 * the Standard agenda, or told by a Calendly webhook. One per (integration, external id), so a later pull
 * updates it in place.
 */
export const agendaAppointments = pgTable(
  'agenda_appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    integration_id: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    type: text('type').$type<SchedulingIntegrationType>().notNull(),
    external_id: text('external_id').notNull().default(''),
    /**
     * The ids this appointment had before (a Calendly reschedule moves it onto the new invitee): a late
     * delivery about one of them is about this appointment, never a new one.
     */
    former_external_ids: text('former_external_ids').array().notNull().default(sql`'{}'::text[]`),
    agenda_id: text('agenda_id').notNull().default(''),
    account_id: text('account_id').notNull().default(''),
    treatment_id: text('treatment_id').notNull().default(''),
    contact_id: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    patient_name: text('patient_name').notNull().default(''),
    /** Digits only, '' when the patient has none. */
    phone: text('phone').notNull().default(''),
    meet_date: timestamp('meet_date', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    specialist: text('specialist').notNull().default(''),
    specialist_name: text('specialist_name').notNull().default(''),
    branch: text('branch').notNull().default(''),
    branch_name: text('branch_name').notNull().default(''),
    specialty: text('specialty').notNull().default(''),
    status: text('status').$type<AppointmentStatus>().notNull().default('scheduled'),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    update_date: timestamp('update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agenda_appointments_integration_external_key')
      .on(table.integration_id, table.external_id)
      .where(sql`${table.external_id} <> ''`),
    // The calendar's week and the run's day: a company's appointments by time.
    index('agenda_appointments_client_meet_date_idx').on(table.client_id, table.meet_date),
    index('agenda_appointments_integration_meet_date_idx').on(table.integration_id, table.meet_date),
    index('agenda_appointments_contact_id_idx').on(table.contact_id),
  ],
);

export type AgendaAppointmentRow = typeof agendaAppointments.$inferSelect;

/**
 * A confirmation run (API.md part 3 §3): a day's patients of one integration asked from one device. At
 * most one run per integration and day that is not cancelled: the partial unique index holds it.
 */
export const confirmationRuns = pgTable(
  'confirmation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    integration_id: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    device_id: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The appointments' day, YYYY-MM-DD in the company's time zone. */
    date: text('date').notNull(),
    template_id: uuid('template_id'),
    parameters: jsonb('parameters').$type<string[]>().notNull().default([]),
    message: text('message').notNull().default(''),
    send_at: timestamp('send_at', { withTimezone: true }),
    reply_deadline: timestamp('reply_deadline', { withTimezone: true }).notNull(),
    status: text('status').$type<ConfirmationRunStatus>().notNull().default('draft'),
    error: text('error').notNull().default(''),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('confirmation_runs_integration_date_key')
      .on(table.integration_id, table.date)
      .where(sql`${table.status} <> 'cancelled'`),
    index('confirmation_runs_client_date_idx').on(table.client_id, table.date),
    // The scheduler's look for what is due: scheduled runs by send_at, running ones by deadline.
    index('confirmation_runs_due_idx')
      .on(table.status, table.send_at)
      .where(sql`${table.status} in ('scheduled', 'running')`),
  ],
);

export type ConfirmationRunRow = typeof confirmationRuns.$inferSelect;

/**
 * One appointment asked by a run: unique per (run, appointment), claimed before its send and linked to its
 * message in the send's transaction, so it is asked at most once whatever restarts or processes.
 */
export const confirmationRows = pgTable(
  'confirmation_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    run_id: uuid('run_id')
      .notNull()
      .references(() => confirmationRuns.id, { onDelete: 'cascade' }),
    agenda_id: uuid('agenda_id')
      .notNull()
      .references(() => agendaAppointments.id, { onDelete: 'cascade' }),
    contact_id: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    phone: text('phone').notNull().default(''),
    patient_name: text('patient_name').notNull().default(''),
    meet_date: timestamp('meet_date', { withTimezone: true }).notNull(),
    specialist: text('specialist').notNull().default(''),
    specialist_name: text('specialist_name').notNull().default(''),
    branch: text('branch').notNull().default(''),
    branch_name: text('branch_name').notNull().default(''),
    state: text('state').$type<ConfirmationRowState>().notNull().default('pending'),
    answer: text('answer').$type<ConfirmationAnswer | ''>().notNull().default(''),
    message_id: uuid('message_id'),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    answered_at: timestamp('answered_at', { withTimezone: true }),
    writeback: text('writeback').$type<WritebackState>().notNull().default('none'),
    error: text('error').notNull().default(''),
  },
  (table) => [
    uniqueIndex('confirmation_rows_run_agenda_key').on(table.run_id, table.agenda_id),
    index('confirmation_rows_run_state_idx').on(table.run_id, table.state),
    // The sender's next row (`claimNext`): without it every claim sorted the run's pending rows (8.8 ms
    // at 10,000, most of the database's time while a run sends; 0.1 ms with it).
    index('confirmation_rows_unclaimed_idx')
      .on(table.run_id, table.meet_date, table.id)
      .where(sql`${table.state} = 'pending' and ${table.claimed_at} is null`),
    // An inbound message looks for the phone's rows waiting for an answer.
    index('confirmation_rows_waiting_idx')
      .on(table.client_id, table.phone)
      .where(sql`${table.state} = 'sent'`),
  ],
);

export type ConfirmationRowRow = typeof confirmationRows.$inferSelect;
