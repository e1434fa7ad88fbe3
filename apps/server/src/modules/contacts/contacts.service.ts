import {
  type ChatListQuery,
  type Contact,
  DEFAULTS,
  hasAccess,
  isTimeZone,
  type SearchBody,
} from '@conversa/domain';
import type { SQL } from 'drizzle-orm';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { createRecordService } from '../../core/records/record-service';
import { createClientsRepository } from '../clients/clients.repository';
import { recordAssignment, recordRelease } from '../metrics/metric-events';
import { createUsersRepository } from '../users/users.repository';
import { type ChatListViewer, chatListConditions, ownedTotalCondition } from './chat-list';
import { recordAssignmentAlert } from './contacts.alerts';
import { contactFor, toContact } from './contacts.mapper';
import { contactRecords } from './contacts.records';
import { createContactsRepository } from './contacts.repository';

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
  const records = createRecordService(contactRecords, { db, events });

  const loadInTenant = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  /**
   * Runs a change of one conversation and announces it as a contact update after commit, with an audit row
   * when a field the CRM shows changed (the assignee, the owners, the bot).
   */
  const changeOne = async (
    auth: AuthContext,
    id: string,
    change: (tx: Executor) => Promise<void>,
    draft: { action?: string; msg?: string; targetUserId?: string } = {},
    alert?: (tx: Executor) => Promise<StoredNotification | undefined>,
  ): Promise<Contact> => {
    const { record, notifications } = await db.transaction(async (tx) => {
      const txContacts = createContactsRepository(tx);
      const before = await txContacts.findById(auth.clientId, id);
      if (!before) throw notFound();
      await change(tx);
      const after = await txContacts.findById(auth.clientId, id);
      if (!after) throw notFound();
      const written = await records.writer(tx, auth).changed(before, after, draft);
      const alerted = await alert?.(tx);
      return {
        record: written.record,
        notifications: alerted ? [written.notification, alerted] : [written.notification],
      };
    });
    records.publish(auth.clientId, notifications);
    return contactFor(auth, record);
  };

  /** Who looks at the list; the company's time zone is read only for todayMsg, the option that uses it. */
  const viewerOf = async (auth: AuthContext, query: ChatListQuery): Promise<ChatListViewer> => {
    const viewer = { clientId: auth.clientId, userId: auth.userId, timezone: DEFAULTS.timezone };
    if (query.option !== 'todayMsg') return viewer;
    const client = await createClientsRepository(db).findById(auth.clientId);
    // A zone stored before zones were validated would make PostgreSQL fail the whole list.
    return client && isTimeZone(client.timezone) ? { ...viewer, timezone: client.timezone } : viewer;
  };

  const validUuids = (ids: string[]) => ids.filter(isUuid);

  return {
    /** The record kit's work for contacts: search, one, create, update, delete, bulk, kanban. */
    records,
    search: records.search,
    findOne: records.findOne,
    create: records.create,
    update: records.update,

    /** Short form for pickers. */
    async list(auth: AuthContext, body: SearchBody) {
      const { rows, pagination } = await records.rows(auth, body, { key: 'info.full_name', order: 'asc' });
      const data = rows.map((contact) => ({
        id: contact.id,
        info: { full_name: contact.full_name, phone: contact.phone, email: contact.email },
        device_id: contact.device_id,
        derivedto: contact.derivedto,
      }));
      return { data, pagination };
    },

    /** The conversation list; `only` narrows it further (lead/chats: the conversations leads hold). */
    async chats(auth: AuthContext, input: ChatListQuery, only?: SQL) {
      const viewer = await viewerOf(auth, input);
      const offset = (input.page - 1) * input.offset;
      const conditions = chatListConditions(input, viewer);
      const { rows, total, more } = await repo.chats(
        auth.clientId,
        only ? [...conditions, only] : conditions,
        validUuids(input.fixed),
        input.offset,
        offset,
        // The owned rows' count knows nothing of the extra condition.
        only ? undefined : ownedTotalCondition(input, viewer),
      );
      return {
        data: rows.map((row) => contactFor(auth, toContact(row))),
        pagination: { total, page: input.page, offset: input.offset, more },
      };
    },

    /** Opening a conversation marks it read: both counters go back to 0. */
    async markRead(auth: AuthContext, id: string): Promise<Contact> {
      await loadInTenant(auth, id);
      // Counters are not the record's data: reading a conversation is announced, not audited.
      const { contact, notification } = await db.transaction(async (tx) => {
        await createContactsRepository(tx).resetUnread(auth.clientId, id);
        return announceContact(tx, auth.clientId, id, 'update');
      });
      records.publish(auth.clientId, [notification]);
      return contactFor(auth, contact);
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
        if (await txContacts.lock(auth.clientId, id, auth.userId)) {
          await recordAssignment(tx, auth.clientId, { contactId: id, userId: auth.userId, at: new Date() });
          return;
        }
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
        await recordRelease(tx, auth.clientId, [{ contactId: id, assignee: current.derivedto }], new Date());
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
      return changeOne(
        auth,
        id,
        async (tx) => {
          const moved = await createContactsRepository(tx).transfer(
            auth.clientId,
            id,
            auth.userId,
            target.id,
          );
          if (!moved) throw new AppError(403, 'info.onlyAssignee');
          await recordAssignment(tx, auth.clientId, { contactId: id, userId: target.id, at: new Date() });
        },
        { action: 'transfer', targetUserId: target.id },
        (tx) => recordAssignmentAlert(tx, auth.clientId, target, current, { user: sender?.name ?? '' }),
      );
    },

    /** Frees the conversations the chat query selects (the list the supervisor is looking at). */
    async unlockMany(auth: AuthContext, find: ChatListQuery): Promise<number> {
      const conditions = chatListConditions(find, await viewerOf(auth, find));
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
    const { freed, notification } = await db.transaction(async (tx) => {
      const released = await createContactsRepository(tx).unlockWhere(auth.clientId, conditions);
      if (released.length === 0) return { freed: 0, notification: null };
      await recordRelease(
        tx,
        auth.clientId,
        released.map(({ id, derivedto }) => ({ contactId: id, assignee: derivedto })),
        new Date(),
      );
      await writeAuditLog(
        tx,
        auth,
        released.map(({ id, derivedto }) => ({
          action: 'update' as const,
          module: 'contact',
          recordId: id,
          changes: { derivedto: [derivedto, ''] },
        })),
      );
      // One notification for the whole batch: the web drops the assignee of each listed conversation.
      const recorded = await createRealtimeEventsRepository(tx).record(auth.clientId, {
        module: 'contact',
        action: 'unlockmany',
        data: released.map(({ id }) => ({ id, derivedto: '' })),
        ref: '',
      });
      return { freed: released.length, notification: recorded };
    });
    if (notification) records.publish(auth.clientId, [notification]);
    return freed;
  }
};

export type ContactsService = ReturnType<typeof createContactsService>;
