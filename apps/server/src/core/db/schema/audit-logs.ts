import type { AuditAction, AuditChanges } from '@conversa/domain';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log: who did what, when, from where. Append-only: a trigger (migration 0006) refuses every
 * UPDATE and every DELETE of a row younger than AUDIT_RETENTION_DAYS, whoever asks. No foreign keys, so
 * neither a deleted user nor a deleted company takes its history with it.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    client_id: uuid('client_id').notNull(),
    user_id: uuid('user_id'),
    user_name: text('user_name').notNull().default(''),
    ip: text('ip').notNull().default(''),
    action: text('action').$type<AuditAction>().notNull(),
    module: text('module').notNull(),
    record_id: text('record_id').notNull().default(''),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    create_date: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_logs_client_id_create_date_idx').on(table.client_id, table.create_date.desc()),
    index('audit_logs_client_id_module_record_id_idx').on(table.client_id, table.module, table.record_id),
  ],
);

export type AuditLogRow = typeof auditLogs.$inferSelect;
