import {
  type ChatListQuery,
  CONTACT_EXPORT_CAP,
  type Contact,
  type ContactUpdateInput,
  type ContactUpdateManyInput,
  type contactCreateSchema,
  DEFAULTS,
  hasAccess,
  isTimeZone,
  isValidPhone,
  type SearchBody,
  splitFullName,
} from '@conversa/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Executor, isUniqueViolation } from '../../core/db/database';
import { contacts } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, conflict, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import { translate } from '../../core/i18n/i18n';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { createClientsRepository } from '../clients/clients.repository';
import { createDevicesRepository } from '../devices/devices.repository';
import { createUsersRepository } from '../users/users.repository';
import { chatListConditions } from './chat-list';
import { CONTACT_CSV_COLUMNS, toContact, toCsvLine } from './contacts.mapper';
import { CONTACT_SEARCH_FIELDS, type ContactPatch, createContactsRepository } from './contacts.repository';

type ContactCreate = z.output<typeof contactCreateSchema>;

const SEARCH_OPTIONS = { defaultSort: NEWEST_FIRST, tieBreaker: contacts.id };

/** 409 with the composer's text: someone else holds the conversation. */
export const takenByOther = () => new AppError(409, 'composer.takenByOther');

/** Reads a contact with its device and writes its notification, inside the change's transaction. */
export const announceContact = async (
  tx: Executor,
  clientId: string,
  id: string,
  action: string,
  extra: { msg?: string; targetUserId?: string } = {},
): Promise<{ contact: Contact; notification: StoredNotification }> => {
  const detailed = await createContactsRepository(tx).findDetailed(clientId, id);
  if (!detailed) throw notFound();
  const contact = toContact(detailed);
  const notification = await createRealtimeEventsRepository(tx).record(clientId, {
    module: 'contact',
    action,
    data: [contact],
    ref: contact.id,
    ...extra,
  });
  return { contact, notification };
};

export const createContactsService = ({ db, events }: { db: Database; events: EventBus }) => {
  const repo = createContactsRepository(db);

  const loadInTenant = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  /** Runs a change of one contact and announces it as a contact update after commit. */
  const changeOne = async (
    auth: AuthContext,
    id: string,
    change: (tx: Executor) => Promise<void>,
    action = 'update',
  ): Promise<Contact> => {
    const { contact, notification } = await db.transaction(async (tx) => {
      await change(tx);
      return announceContact(tx, auth.clientId, id, action);
    });
    events.emit('contact.updated', {
      clientId: auth.clientId,
      contacts: [contact],
      notifications: [notification],
    });
    return contact;
  };

  const viewerOf = async (auth: AuthContext) => {
    const client = await createClientsRepository(db).findById(auth.clientId);
    // A zone stored before zones were validated would make PostgreSQL fail the whole list.
    const timezone = client && isTimeZone(client.timezone) ? client.timezone : DEFAULTS.timezone;
    return { userId: auth.userId, timezone };
  };

  const validUuids = (ids: string[]) => ids.filter(isUuid);

  return {
    async create(auth: AuthContext, input: ContactCreate): Promise<Contact> {
      const name = splitFullName(input.name);
      if (input.device_id !== undefined) {
        const device = isUuid(input.device_id)
          ? await createDevicesRepository(db).findById(auth.clientId, input.device_id)
          : undefined;
        if (!device) throw notFound();
      }
      try {
        const { contact, notification } = await db.transaction(async (tx) => {
          const row = await createContactsRepository(tx).insert(auth.clientId, {
            ...name,
            email: input.email,
            document: input.document,
            country: input.country,
            phone: input.phone,
            device_id: input.device_id ?? null,
            tags: input.tags,
            stage: input.stage,
          });
          return announceContact(tx, auth.clientId, row.id, 'create');
        });
        events.emit('contact.updated', {
          clientId: auth.clientId,
          contacts: [contact],
          notifications: [notification],
        });
        return contact;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('info.phoneTaken', 'phone');
        throw error;
      }
    },

    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, CONTACT_SEARCH_FIELDS, SEARCH_OPTIONS);
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map(toContact), pagination: query.pagination(total) };
    },

    /** Short form for pickers. */
    async list(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, CONTACT_SEARCH_FIELDS, {
        defaultSort: { key: 'info.full_name', order: 'asc' },
        tieBreaker: contacts.id,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      const data = rows.map(({ contact }) => ({
        id: contact.id,
        info: { full_name: contact.full_name, phone: contact.phone, email: contact.email },
        device_id: contact.device_id,
        derivedto: contact.derivedto,
      }));
      return { data, pagination: query.pagination(total) };
    },

    /** The filtered set as CSV with a header row, capped at CONTACT_EXPORT_CAP rows. */
    async exportCsv(auth: AuthContext, body: SearchBody): Promise<string> {
      const query = buildSearchQuery(body, CONTACT_SEARCH_FIELDS, SEARCH_OPTIONS);
      const rows = await repo.searchCapped(auth.clientId, query, CONTACT_EXPORT_CAP);
      const lines = [toCsvLine([...CONTACT_CSV_COLUMNS])];
      for (const row of rows) {
        lines.push(
          toCsvLine([
            row.id,
            row.first_name,
            row.last_name,
            row.full_name,
            row.phone,
            row.email,
            row.document,
            row.country,
            row.stage,
            row.tags.join('|'),
            String(row.starred),
            row.derivedto,
            row.create_date.toISOString(),
          ]),
        );
      }
      return lines.join('');
    },

    /** Columns by stage; each column is the search body's page of that stage, with the stage's total. */
    async kanban(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, CONTACT_SEARCH_FIELDS, SEARCH_OPTIONS);
      const stages = await repo.stageTotals(auth.clientId, query);
      const columns = await Promise.all(
        stages.map(async ({ stage, total }) => {
          const { rows } = await repo.search(auth.clientId, query, eq(contacts.stage, stage));
          return { stage, total, items: rows.map(toContact) };
        }),
      );
      return {
        data: columns,
        pagination: query.pagination(stages.reduce((sum, column) => sum + column.total, 0)),
      };
    },

    async chats(auth: AuthContext, input: ChatListQuery) {
      const conditions = chatListConditions(input, await viewerOf(auth));
      const offset = (input.page - 1) * input.offset;
      const { rows, total, more } = await repo.chats(
        auth.clientId,
        conditions,
        validUuids(input.fixed),
        input.offset,
        offset,
      );
      return {
        data: rows.map(toContact),
        pagination: { total, page: input.page, offset: input.offset, more },
      };
    },

    async findOne(auth: AuthContext, id: string): Promise<Contact> {
      const detailed = isUuid(id) ? await repo.findDetailed(auth.clientId, id) : undefined;
      if (!detailed) throw notFound();
      return toContact(detailed);
    },

    /** Opening a conversation marks it read: both counters go back to 0. */
    async markRead(auth: AuthContext, id: string): Promise<Contact> {
      await loadInTenant(auth, id);
      return changeOne(auth, id, async (tx) => {
        await createContactsRepository(tx).resetUnread(auth.clientId, id);
      });
    },

    async update(auth: AuthContext, id: string, input: ContactUpdateInput): Promise<Contact> {
      const current = await loadInTenant(auth, id);
      const patch: ContactPatch = {};
      if (input.info) {
        const { first_name, last_name, ...rest } = input.info;
        Object.assign(patch, rest);
        if (first_name !== undefined || last_name !== undefined) {
          patch.first_name = first_name ?? current.first_name;
          patch.last_name = last_name ?? current.last_name;
          patch.full_name = [patch.first_name, patch.last_name].filter(Boolean).join(' ');
        }
        const phone = input.info.phone ?? current.phone;
        const country = input.info.country ?? current.country;
        if (
          (input.info.phone !== undefined || input.info.country !== undefined) &&
          !isValidPhone(phone, country)
        ) {
          throw badRequest([{ path: 'info.phone', message: 'validation.phone' }]);
        }
      }
      if (input.tags !== undefined) patch.tags = input.tags;
      if (input.stage !== undefined) patch.stage = input.stage;
      if (input.starred !== undefined) patch.starred = input.starred;
      try {
        return await changeOne(auth, id, async (tx) => {
          await createContactsRepository(tx).update(auth.clientId, id, patch);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('info.phoneTaken', 'info.phone');
        throw error;
      }
    },

    async updateMany(auth: AuthContext, input: ContactUpdateManyInput): Promise<Contact[]> {
      const { derivedto, ...rest } = input.update;
      const patch: ContactPatch = { ...rest };
      if (derivedto !== undefined) {
        if (derivedto !== '') {
          const user = isUuid(derivedto)
            ? await createUsersRepository(db).findById(auth.clientId, derivedto)
            : undefined;
          if (!user) throw notFound();
        }
        patch.derivedto = derivedto;
      }
      const { changed, notifications } = await db.transaction(async (tx) => {
        const txContacts = createContactsRepository(tx);
        const ids = await txContacts.updateMany(auth.clientId, validUuids(input.ids), patch);
        const rows = (await txContacts.findDetailedMany(auth.clientId, ids)).map(toContact);
        const recorded =
          rows.length === 0
            ? []
            : [
                await createRealtimeEventsRepository(tx).record(auth.clientId, {
                  module: 'contact',
                  action: 'updatemany',
                  data: rows,
                  ref: '',
                }),
              ];
        return { changed: rows, notifications: recorded };
      });
      if (notifications.length > 0)
        events.emit('contact.updated', { clientId: auth.clientId, contacts: changed, notifications });
      return changed;
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      await loadInTenant(auth, id);
      const notification = await db.transaction(async (tx) => {
        if (!(await createContactsRepository(tx).delete(auth.clientId, id))) throw notFound();
        return createRealtimeEventsRepository(tx).record(auth.clientId, {
          module: 'contact',
          action: 'delete',
          data: [{ id }],
          ref: id,
        });
      });
      events.emit('contact.deleted', {
        clientId: auth.clientId,
        contactId: id,
        notifications: [notification],
      });
    },

    async setAnswerbot(auth: AuthContext, id: string, answerbot: boolean): Promise<Contact> {
      await loadInTenant(auth, id);
      return changeOne(auth, id, async (tx) => {
        await createContactsRepository(tx).update(auth.clientId, id, { answerbot });
      });
    },

    /** Take the conversation: exactly one of several simultaneous takers wins; the others get 409. */
    async lock(auth: AuthContext, id: string): Promise<Contact> {
      await loadInTenant(auth, id);
      return changeOne(auth, id, async (tx) => {
        const txContacts = createContactsRepository(tx);
        if (await txContacts.lock(auth.clientId, id, auth.userId)) return;
        const current = await txContacts.findById(auth.clientId, id);
        if (!current) throw notFound();
        if (current.derivedto !== auth.userId) throw takenByOther();
      });
    },

    /** The assignee releases; with chat.unlockchatmany anyone may release anyone's conversation. */
    async release(auth: AuthContext, id: string): Promise<Contact> {
      const current = await loadInTenant(auth, id);
      const canReleaseOthers = hasAccess(auth, 'chat.unlockchatmany');
      if (current.derivedto !== '' && current.derivedto !== auth.userId && !canReleaseOthers) {
        throw new AppError(403, 'info.onlyAssignee');
      }
      return changeOne(auth, id, async (tx) => {
        const released = await createContactsRepository(tx).release(
          auth.clientId,
          id,
          canReleaseOthers ? undefined : auth.userId,
        );
        // Someone else took it between the check and the update: theirs now.
        if (!released && current.derivedto !== '') throw new AppError(403, 'info.onlyAssignee');
      });
    },

    async transfer(auth: AuthContext, id: string, targetUserId: string): Promise<Contact> {
      const current = await loadInTenant(auth, id);
      const users = createUsersRepository(db);
      const target = isUuid(targetUserId) ? await users.findById(auth.clientId, targetUserId) : undefined;
      if (!target) throw notFound();
      if (target.id === auth.userId) throw badRequest([{ path: 'user_id', message: 'validation.notSelf' }]);
      if (current.derivedto !== auth.userId) throw new AppError(403, 'info.onlyAssignee');
      const sender = await users.findById(auth.clientId, auth.userId);
      const msg = translate(target.language === 'en' ? 'en' : 'es', 'info.transferredToYou', {
        from: sender?.name ?? '',
        contact: current.full_name,
      });
      const { contact, notification } = await db.transaction(async (tx) => {
        const moved = await createContactsRepository(tx).transfer(auth.clientId, id, auth.userId, target.id);
        if (!moved) throw new AppError(403, 'info.onlyAssignee');
        return announceContact(tx, auth.clientId, id, 'transfer', { msg, targetUserId: target.id });
      });
      events.emit('contact.transferred', {
        clientId: auth.clientId,
        contact,
        targetUserId: target.id,
        notifications: [notification],
      });
      return contact;
    },

    /** Frees the conversations the chat query selects (the list the supervisor is looking at). */
    async unlockMany(auth: AuthContext, find: ChatListQuery): Promise<number> {
      const conditions = chatListConditions(find, await viewerOf(auth));
      return unlock(auth, conditions);
    },

    async unlockAll(auth: AuthContext): Promise<number> {
      return unlock(auth, []);
    },
  };

  async function unlock(
    auth: AuthContext,
    conditions: ReturnType<typeof chatListConditions>,
  ): Promise<number> {
    const { ids, notifications } = await db.transaction(async (tx) => {
      const freed = await createContactsRepository(tx).unlockWhere(auth.clientId, conditions);
      if (freed.length === 0) return { ids: freed, notifications: [] };
      // One notification for the whole batch: the web drops the assignee of each listed conversation.
      const recorded = await createRealtimeEventsRepository(tx).record(auth.clientId, {
        module: 'contact',
        action: 'unlockmany',
        data: freed.map((contactId) => ({ id: contactId, derivedto: '' })),
        ref: '',
      });
      return { ids: freed, notifications: [recorded] };
    });
    if (notifications.length > 0)
      events.emit('contact.updated', { clientId: auth.clientId, contacts: [], notifications });
    return ids.length;
  }
};

export type ContactsService = ReturnType<typeof createContactsService>;
