import type { Message } from '@conversa/domain';
import type { DeviceRow } from '../../core/db/schema';
import { AppError, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { createContactsRepository } from '../contacts/contacts.repository';
import { createStoredFiles } from '../storage/stored-files';
import type { MessageContext } from './message-context';
import { toMessage } from './messages.mapper';
import { createMessagesRepository, providerKey } from './messages.repository';

type MessagePatch = { starred?: boolean; selected?: boolean; deleted?: boolean };

/** Reading a conversation's messages, flagging them and deleting them. */
export const createMessageHistory = (context: MessageContext) => {
  const { db, files } = context;
  const storedFiles = createStoredFiles({ db, files });
  const repo = createMessagesRepository(db);

  const page = async (clientId: string, contactId: string, pageNumber: number, offset: number) => {
    const { rows, total } = await repo.listOfContact(clientId, contactId, offset, (pageNumber - 1) * offset);
    // The quoted messages of the whole page in one read (none when nothing on it quotes).
    const quoted = await repo.quotedOf(clientId, rows);
    return {
      data: rows.map((row) =>
        toMessage(
          files,
          row,
          row.device_id ? quoted.get(providerKey(row.device_id, row.quoted_message_id)) : undefined,
        ),
      ),
      pagination: { total, page: pageNumber, offset },
    };
  };

  const updateOne = async (auth: AuthContext, id: string, patch: MessagePatch): Promise<Message> => {
    if (!isUuid(id)) throw notFound();
    const { row, notification } = await db.transaction(async (tx) => {
      const updated = await createMessagesRepository(tx).update(auth.clientId, id, patch);
      if (!updated) throw notFound();
      return { row: updated, notification: await context.announceMessage(tx, updated, 'update') };
    });
    context.announced(row, [notification]);
    return context.shown(row);
  };

  return {
    async listOfContact(auth: AuthContext, contactId: string, pageNumber: number, offset: number) {
      await context.loadContact(auth, contactId);
      return page(auth.clientId, contactId, pageNumber, offset);
    },

    async searchByPhone(auth: AuthContext, phone: string, pageNumber: number, offset: number) {
      const contact = await createContactsRepository(db).findByPhone(auth.clientId, phone);
      if (!contact) return { data: [], pagination: { total: 0, page: pageNumber, offset } };
      return page(auth.clientId, contact.id, pageNumber, offset);
    },

    updateOne,

    /**
     * Soft delete: the message stays in the history, flagged deleted, without its content. Its file is
     * removed, so a link handed out before (still signed, not yet expired) answers 404 from now on.
     */
    async remove(auth: AuthContext, id: string): Promise<Message> {
      const [found, user] = await Promise.all([
        isUuid(id) ? repo.findById(auth.clientId, id) : undefined,
        context.loadSender(auth),
      ]);
      if (!found) throw notFound();
      // Deleting is writing in the conversation: the same answer flag as a send decides it.
      if (!user.answer) throw new AppError(403, 'composer.noPermission');
      const message = await updateOne(auth, id, { deleted: true });
      if (found.attachment_key) await storedFiles.remove(auth.clientId, found.attachment_key);
      return message;
    },

    /** What a sandbox device sent to a phone, oldest first, with each message's status. */
    async outbox(device: DeviceRow, phone: string): Promise<Message[]> {
      const rows = await repo.outbox(device.client_id, device.id, phone);
      return rows.map(({ message }) => toMessage(files, message));
    },
  };
};
