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
  createRealtimeEventsRepository,
  type NotificationDraft,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import type { FileStore } from '../../core/storage/file-store';
import { createContactsRepository } from '../contacts/contacts.repository';
import { createDevicesRepository } from '../devices/devices.repository';
import { createUsersRepository } from '../users/users.repository';
import { toMessage } from './messages.mapper';

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

  /** A new message carries its conversation, so the chat list follows from this one notification. */
  const messageDraft = (
    row: MessageRow,
    action: 'create' | 'update',
    conversation?: Contact,
  ): NotificationDraft => {
    const message: MessageWithConversation = toMessage(files, row);
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

    /** Written in the change's transaction (the outbox), published by `announced` after commit. */
    announceMessage: (tx: Executor, row: MessageRow, action: 'create' | 'update', conversation?: Contact) =>
      createRealtimeEventsRepository(tx).record(row.client_id, messageDraft(row, action, conversation)),

    emitCreated(clientId: string, message: Message, notifications: StoredNotification[]) {
      events.emit('message.created', { clientId, message, notifications });
    },

    /** A message changed (status, file, flags): published once its transaction committed. */
    announced(row: MessageRow, notifications: StoredNotification[]) {
      events.emit('message.updated', {
        clientId: row.client_id,
        message: toMessage(files, row),
        notifications,
      });
    },
  };
};

export type MessageContext = ReturnType<typeof createMessageContext>;
