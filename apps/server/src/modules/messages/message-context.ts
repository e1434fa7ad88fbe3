import type { Contact, Message, MessageWithConversation } from '@conversa/domain';
import type { ChannelRegistry } from '../../channels/channel-registry';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database, Executor } from '../../core/db/database';
import type { MessageRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import type { JobQueue } from '../../core/jobs/job-queue';
import {
  type ChangeInStatement,
  createRealtimeEventsRepository,
  type NotificationDraft,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import type { FileStore } from '../../core/storage/file-store';
import { createContactsRepository } from '../contacts/contacts.repository';
import { createDevicesRepository } from '../devices/devices.repository';
import { createUsersRepository } from '../users/users.repository';
import { toMessage } from './messages.mapper';
import { createMessagesRepository, providerKey, type QuotedSource } from './messages.repository';

export type MessagesServiceDeps = {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  files: FileStore;
  channels: ChannelRegistry;
  box: SecretBox;
  /** Absolute base of our signed file links, which providers fetch outbound media from. */
  publicUrl: string;
};

/**
 * What every use case of the messages service shares: the tenant's records looked up (404 when absent or of
 * another tenant), and how a message change is written to the outbox and announced after commit.
 */
export const createMessageContext = (deps: MessagesServiceDeps) => {
  const { db, events, files } = deps;
  /** The quoted message read for a row announced in its transaction, for the event after commit. */
  const quotedOfRow = new WeakMap<MessageRow, QuotedSource>();

  /** The message a row quotes, read in the change's transaction; nothing is read for one quoting none. */
  const readQuoted = async (tx: Executor, row: MessageRow): Promise<QuotedSource | undefined> => {
    if (!row.quoted_message_id || !row.device_id) return undefined;
    const found = await createMessagesRepository(tx).quotedOf(row.client_id, [row]);
    const quoted = found.get(providerKey(row.device_id, row.quoted_message_id));
    if (quoted) quotedOfRow.set(row, quoted);
    return quoted;
  };

  /** A new message carries its conversation, so the chat list follows from this one notification. */
  const messageDraft = (
    row: MessageRow,
    action: 'create' | 'update',
    conversation?: Contact,
    quoted?: QuotedSource,
  ): NotificationDraft => {
    const message: MessageWithConversation = toMessage(files, row, quoted);
    return {
      module: 'message',
      action,
      data: [conversation ? { ...message, conversation } : message],
      ref: row.contact_id,
    };
  };

  return {
    ...deps,
    messageDraft,

    async loadDevice(auth: AuthContext, id: string) {
      const row = isUuid(id) ? await createDevicesRepository(db).findById(auth.clientId, id) : undefined;
      if (!row) throw notFound();
      return row;
    },
    async loadContact(auth: AuthContext, id: string) {
      const row = isUuid(id) ? await createContactsRepository(db).findById(auth.clientId, id) : undefined;
      if (!row) throw notFound();
      return row;
    },
    async loadSender(auth: AuthContext) {
      const user = await createUsersRepository(db).findById(auth.clientId, auth.userId);
      if (!user) throw notFound();
      return user;
    },

    /**
     * A change of one message made in the same statement as its notification (see recordWith): `row` is
     * the message as the change leaves it. Answers [] when the change touched nothing.
     */
    announceMessageWith: async (row: MessageRow, change: ChangeInStatement) => {
      const quoted = await readQuoted(db, row);
      return createRealtimeEventsRepository(db).recordWith(
        row.client_id,
        [messageDraft(row, 'update', undefined, quoted)],
        change,
      );
    },

    /** Written in the change's transaction (the outbox), published by `announced` after commit. */
    announceMessage: async (
      tx: Executor,
      row: MessageRow,
      action: 'create' | 'update',
      conversation?: Contact,
    ) => {
      const quoted = await readQuoted(tx, row);
      return createRealtimeEventsRepository(tx).record(
        row.client_id,
        messageDraft(row, action, conversation, quoted),
      );
    },

    emitCreated(clientId: string, message: Message, notifications: StoredNotification[]) {
      events.emit('message.created', { clientId, message, notifications });
    },

    /** A row as answered, with what it quotes when announceMessage read that in its transaction. */
    shown: (row: MessageRow): Message => toMessage(files, row, quotedOfRow.get(row)),

    /** A message changed (status, file, flags): published once its transaction committed. */
    announced(row: MessageRow, notifications: StoredNotification[]) {
      events.emit('message.updated', {
        clientId: row.client_id,
        message: toMessage(files, row, quotedOfRow.get(row)),
        notifications,
      });
    },
  };
};

export type MessageContext = ReturnType<typeof createMessageContext>;
