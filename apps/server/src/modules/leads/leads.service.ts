import { type ChatListQuery, type Contact, hasAccess, type SearchBody } from '@conversa/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, type Executor, isUniqueViolation } from '../../core/db/database';
import { contacts as contactsTable, leads, notes, tasks } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { createRecordRepository } from '../../core/records/record-repository';
import { createRecordService } from '../../core/records/record-service';
import { createContactsRepository } from '../contacts/contacts.repository';
import type { ContactsService } from '../contacts/contacts.service';
import { toNote } from '../notes/notes.mapper';
import { loadTaskRelated, toTask } from '../tasks/tasks.mapper';
import { leadRecords } from './leads.records';

/**
 * The contacts holding a lead's conversation, conversationOf's rule as SQL: the contact a lead became, else
 * the one with an unconverted lead's phone (leads_client_id_phone_idx finds it).
 */
const holdsLeadConversation = sql`exists (select 1 from ${leads} where ${leads.client_id} = ${contactsTable.client_id} and (${leads.converted_contact_id} = ${contactsTable.id} or (${leads.converted_contact_id} is null and ${leads.phone} = ${contactsTable.phone})))`;

export const createLeadsService = ({
  db,
  events,
  contacts,
}: {
  db: Database;
  events: EventBus;
  contacts: ContactsService;
}) => {
  const records = createRecordService(leadRecords, { db, events });

  /** The lead's notes move onto the contact, so its detail shows them; announced like a note change. */
  const moveNotes = async (tx: Executor, auth: AuthContext, leadId: string, contactId: string) => {
    const moved = await tx
      .update(notes)
      .set({ contact_id: contactId })
      .where(
        and(eq(notes.client_id, auth.clientId), eq(notes.module, 'lead'), eq(notes.reference_id, leadId)),
      )
      .returning();
    if (moved.length === 0) return [];
    // ref is the contact: its notes panel refreshes.
    return [
      await createRealtimeEventsRepository(tx).record(auth.clientId, {
        module: 'note',
        action: 'update',
        data: moved.map(toNote),
        ref: contactId,
      }),
    ];
  };

  /** The lead's tasks follow it too: they become the contact's, announced as task updates. */
  const moveTasks = async (tx: Executor, auth: AuthContext, leadId: string, contactId: string) => {
    const moved = await tx
      .update(tasks)
      .set({ module: 'contact', contact_id: contactId, reference_id: '' })
      .where(
        and(eq(tasks.client_id, auth.clientId), eq(tasks.module, 'lead'), eq(tasks.reference_id, leadId)),
      )
      .returning();
    if (moved.length === 0) return [];
    const related = await loadTaskRelated(tx, auth.clientId, moved);
    return [
      await createRealtimeEventsRepository(tx).record(auth.clientId, {
        module: 'task',
        action: 'update',
        data: moved.map((row) => toTask(row, related)),
        ref: contactId,
      }),
    ];
  };

  const convertOnce = async (auth: AuthContext, leadId: string) =>
    db.transaction(async (tx) => {
      const lead = isUuid(leadId)
        ? await createRecordRepository(tx, leadRecords.table).findById(auth.clientId, leadId, true)
        : undefined;
      if (!lead) throw notFound();
      if (lead.converted_contact_id) throw new AppError(406, 'info.leadAlreadyConverted');
      const existing = await createContactsRepository(tx).findByPhone(auth.clientId, lead.phone);
      const created = existing
        ? null
        : await contacts.records.writer(tx, auth).create({
            first_name: lead.first_name,
            last_name: lead.last_name,
            full_name: lead.full_name,
            phone: lead.phone,
            email: lead.email,
            document: lead.document,
            country: lead.country,
            owner: lead.owner,
          });
      const contact: Contact = created
        ? created.record
        : ((await contacts.records.toApiMany(tx, auth.clientId, [existing!]))[0] as Contact);
      const converted = await records.writer(tx, auth).change(lead, { converted_contact_id: contact.id });
      const noteNotifications = await moveNotes(tx, auth, lead.id, contact.id);
      const taskNotifications = await moveTasks(tx, auth, lead.id, contact.id);
      return {
        contact,
        contactNotifications: created ? [created.notification] : [],
        leadNotifications: converted ? [converted.notification] : [],
        noteNotifications,
        taskNotifications,
      };
    });

  return {
    records,
    /** The contacts' service, whose conversation routes serve `lead/` too (leads.routes.ts). */
    contacts,

    /** Short form for pickers, as contact/list's. */
    async list(auth: AuthContext, body: SearchBody) {
      const { rows, pagination } = await records.rows(auth, body, { key: 'full_name', order: 'asc' });
      const data = rows.map((lead) => ({
        id: lead.id,
        info: { full_name: lead.full_name, phone: lead.phone, email: lead.email },
        status_id: lead.status_id,
        converted_contact_id: lead.converted_contact_id,
      }));
      return { data, pagination };
    },

    /** contact/chats narrowed to the conversations leads hold; reading leads needs lead.view (403). */
    chats(auth: AuthContext, input: ChatListQuery) {
      if (!hasAccess(auth, 'lead.view')) throw forbidden();
      return contacts.chats(auth, input, holdsLeadConversation);
    },

    /**
     * The contact holding a lead's conversation: the one it was converted into, else the company's contact
     * with its phone (where that phone's messages arrive). A lead nobody has written to yet has none: 406.
     * Reaching a lead needs lead.view (403), as reading it does.
     */
    async conversationOf(auth: AuthContext, leadId: string): Promise<string> {
      if (!hasAccess(auth, 'lead.view')) throw forbidden();
      const lead = isUuid(leadId)
        ? await createRecordRepository(db, leadRecords.table).findById(auth.clientId, leadId)
        : undefined;
      if (!lead) throw notFound();
      const contactId =
        lead.converted_contact_id ??
        (await createContactsRepository(db).findByPhone(auth.clientId, lead.phone))?.id;
      if (!contactId) throw new AppError(406, 'info.leadHasNoConversation');
      return contactId;
    },

    /**
     * Makes the lead a contact in one transaction: a new contact with its data, or the company's contact
     * with the same phone; its notes follow; the lead keeps `converted_contact_id`. Converting it again is
     * 406. Answers the contact.
     */
    async convert(auth: AuthContext, leadId: string): Promise<Contact> {
      const result = await convertOnce(auth, leadId).catch((error: unknown) => {
        // A contact with this phone was created meanwhile: this time the lead joins it.
        if (isUniqueViolation(error)) return convertOnce(auth, leadId);
        throw error;
      });
      records.publish(auth.clientId, result.leadNotifications);
      contacts.records.publish(auth.clientId, result.contactNotifications);
      if (result.noteNotifications.length > 0) {
        events.emit('record.changed', {
          clientId: auth.clientId,
          module: 'note',
          notifications: result.noteNotifications,
        });
      }
      if (result.taskNotifications.length > 0) {
        events.emit('record.changed', {
          clientId: auth.clientId,
          module: 'task',
          notifications: result.taskNotifications,
        });
      }
      return result.contact;
    },
  };
};

export type LeadsService = ReturnType<typeof createLeadsService>;
