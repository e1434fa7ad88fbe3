import {
  CONTACT_FIELDS,
  contactBulkUpdateSchema,
  contactCreateSchema,
  contactUpdateSchema,
  isValidPhone,
  splitFullName,
} from '@conversa/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type ContactRow, contacts, devices } from '../../core/db/schema';
import { badRequest, notFound } from '../../core/http/app-error';
import { isUuid } from '../../core/http/route-schemas';
import { NEWEST_FIRST } from '../../core/http/search-query';
import { defineRecordModule } from '../../core/records/record-module';
import { assertCompanyUsers } from '../../core/records/record-users';
import { recordAssignment, recordRelease } from '../metrics/metric-events';
import { contactFor, toContact } from './contacts.mapper';
import type { ContactDevice, ContactPatch } from './contacts.repository';

/** The device summary each contact of a batch carries, read once for the batch. */
const devicesOf = async (db: Executor, clientId: string, rows: ContactRow[]) => {
  const ids = [...new Set(rows.flatMap((row) => (row.device_id ? [row.device_id] : [])))];
  const found: ContactDevice[] =
    ids.length === 0
      ? []
      : await db
          .select({
            id: devices.id,
            name: devices.name,
            color: devices.color,
            background_color: devices.background_color,
            status: devices.status,
            type: devices.type,
          })
          .from(devices)
          .where(and(eq(devices.client_id, clientId), inArray(devices.id, ids)));
  return new Map(found.map((device) => [device.id, device]));
};

/** Contacts on the record kit; the conversation's own routes stay in contacts.routes.ts. */
export const contactRecords = defineRecordModule({
  name: 'contact',
  permission: 'contact',
  // The chat opens its conversation's contact with chat.view alone.
  readPermissions: ['chat.view'],
  words: { one: 'contact', many: 'contacts' },
  table: contacts,
  fields: CONTACT_FIELDS,
  columns: {
    'info.full_name': contacts.full_name,
    'info.first_name': contacts.first_name,
    'info.last_name': contacts.last_name,
    'info.phone': contacts.phone,
    'info.email': contacts.email,
    'info.document': contacts.document,
    'info.country': contacts.country,
    stage: contacts.stage,
    tags: contacts.tags,
    owner: contacts.owner,
    derivedto: contacts.derivedto,
    starred: contacts.starred,
    answerbot: contacts.answerbot,
    'message.numtotal': contacts.numtotal,
    last_message_at: contacts.last_message_at,
    create_date: contacts.create_date,
  },
  searchExtra: {
    'message.numpending': { column: contacts.numpending, type: 'number' },
    device_id: { column: sql`${contacts.device_id}::text`, type: 'text' },
  },
  related: devicesOf,
  toApi: (row, devicesById) =>
    toContact({ contact: row, device: devicesById.get(row.device_id ?? '') ?? null }),
  viewFor: contactFor,
  create: {
    schema: contactCreateSchema,
    async values(input, { db, auth }) {
      if (input.device_id !== undefined) {
        const [device] = isUuid(input.device_id)
          ? await db
              .select({ id: devices.id })
              .from(devices)
              .where(and(eq(devices.client_id, auth.clientId), eq(devices.id, input.device_id)))
          : [];
        if (!device) throw notFound();
      }
      return {
        ...splitFullName(input.name),
        email: input.email,
        document: input.document,
        country: input.country,
        phone: input.phone,
        device_id: input.device_id ?? null,
        tags: input.tags,
        stage: input.stage,
      };
    },
  },
  update: {
    schema: contactUpdateSchema,
    async patch(input, current, { db, auth }) {
      const people = [...(input.owner ?? []), ...(input.derivedto ? [input.derivedto] : [])];
      await assertCompanyUsers(db, auth.clientId, people);
      const patch: ContactPatch = {};
      if (input.info) {
        const { first_name, last_name, ...rest } = input.info;
        Object.assign(patch, rest);
        if (first_name !== undefined || last_name !== undefined) {
          patch.first_name = first_name ?? current.first_name;
          patch.last_name = last_name ?? current.last_name;
          patch.full_name = [patch.first_name, patch.last_name].filter(Boolean).join(' ');
        }
        const changesPhone = input.info.phone !== undefined || input.info.country !== undefined;
        if (changesPhone && !isValidPhone(patch.phone ?? current.phone, patch.country ?? current.country)) {
          throw badRequest([{ path: 'info.phone', message: 'validation.phone' }]);
        }
      }
      if (input.tags !== undefined) patch.tags = input.tags;
      if (input.stage !== undefined) patch.stage = input.stage;
      if (input.starred !== undefined) patch.starred = input.starred;
      if (input.owner !== undefined) patch.owner = input.owner;
      if (input.derivedto !== undefined) patch.derivedto = input.derivedto;
      return patch;
    },
  },
  bulkUpdate: {
    schema: contactBulkUpdateSchema,
    async patch(update, { db, auth }) {
      const people = [...(update.owner ?? []), ...(update.derivedto ? [update.derivedto] : [])];
      await assertCompanyUsers(db, auth.clientId, people);
      return update;
    },
  },
  // Assigning or freeing a conversation from the record (its form, a bulk change) counts on the dashboards as
  // the chat's take, transfer or release does. A contact created assigned has no conversation yet: its
  // first message starts the clock.
  async afterWrite(changes, { db, auth }) {
    const at = new Date();
    const moved = changes.flatMap(({ before, after }) =>
      before && before.derivedto !== after.derivedto ? [{ before, after }] : [],
    );
    for (const { after } of moved) {
      await recordAssignment(db, auth.clientId, { contactId: after.id, userId: after.derivedto, at });
    }
    const freed = moved.filter(({ after }) => after.derivedto === '');
    await recordRelease(
      db,
      auth.clientId,
      freed.map(({ before, after }) => ({ contactId: after.id, assignee: before.derivedto })),
      at,
    );
    return { notifications: [] };
  },
  defaultSort: NEWEST_FIRST,
  kanban: 'stage',
  duplicate: { info: 'info.phoneTaken', createPath: 'phone', updatePath: 'info.phone' },
  info: { created: 'info.contactCreated', updated: 'info.contactUpdated', deleted: 'info.contactDeleted' },
});
