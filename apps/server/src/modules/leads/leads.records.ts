import {
  isValidPhone,
  LEAD_FIELDS,
  leadBulkUpdateSchema,
  leadCreateSchema,
  leadUpdateSchema,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { leads } from '../../core/db/schema';
import { badRequest } from '../../core/http/app-error';
import { NEWEST_FIRST } from '../../core/http/search-query';
import { defineRecordModule } from '../../core/records/record-module';
import { assertCompanyUsers } from '../../core/records/record-users';
import { fullNameOf, toLead } from './leads.mapper';

/** Leads on the record kit: every kit route under `lead/`, plus convert (leads.routes.ts). */
export const leadRecords = defineRecordModule({
  name: 'lead',
  permission: 'lead',
  words: { one: 'lead', many: 'leads' },
  table: leads,
  fields: LEAD_FIELDS,
  columns: {
    full_name: leads.full_name,
    first_name: leads.first_name,
    last_name: leads.last_name,
    phone: leads.phone,
    email: leads.email,
    document: leads.document,
    country: leads.country,
    status_id: leads.status_id,
    tags: leads.tags,
    owner: leads.owner,
    source: leads.source,
    // A uuid column compared as text, so any searched value is a plain mismatch, never a database error.
    converted_contact_id: sql`${leads.converted_contact_id}::text`,
    create_date: leads.create_date,
  },
  toApi: toLead,
  create: {
    schema: leadCreateSchema,
    async values(input, { db, auth }) {
      await assertCompanyUsers(db, auth.clientId, input.owner);
      return { ...input, full_name: fullNameOf(input.first_name, input.last_name) };
    },
  },
  update: {
    schema: leadUpdateSchema,
    async patch(input, current, { db, auth }) {
      if (input.owner) await assertCompanyUsers(db, auth.clientId, input.owner);
      const changesPhone = input.phone !== undefined || input.country !== undefined;
      if (changesPhone && !isValidPhone(input.phone ?? current.phone, input.country ?? current.country)) {
        throw badRequest([{ path: 'phone', message: 'validation.phone' }]);
      }
      const naming = input.first_name !== undefined || input.last_name !== undefined;
      return naming
        ? {
            ...input,
            full_name: fullNameOf(
              input.first_name ?? current.first_name,
              input.last_name ?? current.last_name,
            ),
          }
        : input;
    },
  },
  bulkUpdate: {
    schema: leadBulkUpdateSchema,
    async patch(update, { db, auth }) {
      await assertCompanyUsers(db, auth.clientId, update.owner ?? []);
      return update;
    },
  },
  defaultSort: NEWEST_FIRST,
  kanban: 'status_id',
  info: { created: 'info.leadCreated', updated: 'info.leadUpdated', deleted: 'info.leadDeleted' },
});
