import { isStatusAdvance } from '@conversa/domain';
import type {
  ChannelAdapter,
  InboundEvent,
  InboundMedia,
  InboundReactionRemovedEvent,
  InboundReadWatermarkEvent,
  InboundStatusEvent,
} from '../../channels/channel-adapter';
import type { Executor } from '../../core/db/database';
import type { DeviceRow, MessageRow } from '../../core/db/schema';
import { RetryLater } from '../../core/jobs/job-queue';
import { OutboundRefused } from '../../core/net/outbound-fetch';
import { sniffContentType } from '../../core/storage/content-type';
import { createContactsRepository } from '../contacts/contacts.repository';
import { toChannelDevice } from '../devices/devices.mapper';
import { createDevicesRepository } from '../devices/devices.repository';
import { createStoredFiles } from '../storage/stored-files';
import { inboundPhoneOf, isAddressedByPhone } from './inbound-phones';
import { createInboundWriter, type InboundBatchWrite, type InboundJobRule } from './inbound-writer';
import type { MessageContext } from './message-context';
import { toMessage } from './messages.mapper';
import { createMessagesRepository } from './messages.repository';

/** A provider's deliveries: customers' messages, their files fetched afterwards, and receipts. */
export const createMessageReceiving = (context: MessageContext) => {
  const { db, box, channels, files, queue } = context;
  const storedFiles = createStoredFiles({ db, files });
  const repo = createMessagesRepository(db);
  const jobRules: InboundJobRule[] = [];
  const batchWrites: InboundBatchWrite[] = [];

  const inboundWriter = createInboundWriter({
    db,
    queue,
    jobRules,
    batchWrites,
    toMessageDraft: (row, action, conversation, quoted) =>
      context.messageDraft(row, action, conversation, quoted),
    onStored(clientId, stored) {
      for (const { row, notifications, quoted } of stored)
        context.emitCreated(clientId, toMessage(files, row, quoted), notifications);
    },
    onUpdated(updated) {
      for (const { row, notification } of updated) context.announced(row, [notification]);
    },
  });

  /**
   * Changes some messages of the conversation a customer's phone names, in one transaction, and announces
   * each changed one as an update; a phone the company has no contact for changes nothing.
   */
  const changeOfCustomer = async (
    device: DeviceRow,
    phone: string,
    change: (tx: Executor, contactId: string) => Promise<MessageRow[]>,
  ) => {
    const clientId = device.client_id;
    const outcome = await db.transaction(async (tx) => {
      const contacts = createContactsRepository(tx);
      const key = inboundPhoneOf(device.type, phone);
      // Only a phone number has another way of being written; a provider's own user id has not.
      const contact = isAddressedByPhone(device.type)
        ? await contacts.findByInboundPhone(clientId, key)
        : await contacts.findByPhone(clientId, key);
      if (!contact) return [];
      const changed = await change(tx, contact.id);
      const announced = [];
      for (const row of changed) {
        announced.push({ row, notification: await context.announceMessage(tx, row, 'update') });
      }
      return announced;
    });
    for (const { row, notification } of outcome) context.announced(row, [notification]);
  };

  /** A reaction taken back: the customer's reaction to that message is deleted, and nothing is stored. */
  const removeReaction = (device: DeviceRow, event: InboundReactionRemovedEvent) =>
    changeOfCustomer(device, event.from.phone, (tx, contactId) =>
      createMessagesRepository(tx).deleteReactions(device.client_id, {
        deviceId: device.id,
        contactId,
        quotedProviderId: event.quotedProviderId,
      }),
    );

  /** A read receipt by time: the outbound messages up to it are read, and the conversation's summary too. */
  const readUntil = (device: DeviceRow, event: InboundReadWatermarkEvent) =>
    changeOfCustomer(device, event.from.phone, async (tx, contactId) => {
      const read = await createMessagesRepository(tx).markReadUntil(device.client_id, {
        deviceId: device.id,
        contactId,
        until: event.watermark,
      });
      // Only the conversation's last message is in its summary: the latest of those read, if any.
      const latest = read.reduce<MessageRow | undefined>(
        (best, row) => (!best || row.create_date > best.create_date ? row : best),
        undefined,
      );
      if (latest) {
        await createContactsRepository(tx).updateLastMessageStatus(
          device.client_id,
          contactId,
          latest.id,
          'read',
          latest.message_id ?? '',
        );
      }
      return read;
    });

  const receiveStatus = async (device: DeviceRow, event: InboundStatusEvent) => {
    const clientId = device.client_id;
    const outcome = await db.transaction(async (tx) => {
      const txMessages = createMessagesRepository(tx);
      const current = await txMessages.findByProviderId(clientId, device.id, event.providerMessageId);
      if (!current || !isStatusAdvance(current.status, event.status)) return undefined;
      const moved = await txMessages.setStatusFrom(
        clientId,
        current.id,
        current.status,
        event.status,
        event.reason ?? '',
      );
      if (!moved) return undefined;
      await createContactsRepository(tx).updateLastMessageStatus(
        clientId,
        moved.contact_id,
        moved.id,
        moved.status,
        moved.message_id ?? '',
      );
      return { row: moved, notification: await context.announceMessage(tx, moved, 'update') };
    });
    if (outcome) context.announced(outcome.row, [outcome.notification]);
  };

  return {
    /**
     * Lets another module follow some inbound messages up durably (confirmations read button presses and
     * yes/no words): the jobs its rule answers are enqueued with the messages, once, never for a repeat.
     */
    addInboundJobRule(rule: InboundJobRule): void {
      jobRules.push(rule);
    },

    addInboundBatchWrite(write: InboundBatchWrite): void {
      batchWrites.push(write);
    },

    /**
     * A provider delivery, already verified. Each inbound message is stored once, in one transaction with
     * its contact (found or created by phone) and the contact's counters, possibly beside other webhooks'
     * messages (see inbound-writer.ts); duplicates change nothing. Answers once all are committed.
     */
    async receive(device: DeviceRow, inbound: InboundEvent[]): Promise<void> {
      await Promise.all(
        inbound.flatMap((event) => (event.kind === 'message' ? [inboundWriter.write(device, event)] : [])),
      );
      for (const event of inbound) {
        if (event.kind === 'reaction_removed') await removeReaction(device, event);
        else if (event.kind === 'status') await receiveStatus(device, event);
        else if (event.kind === 'read_watermark') await readUntil(device, event);
      }
    },

    /** The media job: fetches an inbound message's file from the provider into our store. */
    async downloadInboundMedia(clientId: string, messageId: string, media: InboundMedia): Promise<void> {
      const row = await repo.findById(clientId, messageId);
      const device = row?.device_id
        ? await createDevicesRepository(db).findById(clientId, row.device_id)
        : undefined;
      if (!row || !device || row.attachment_key || row.deleted) return;
      const adapter = channels[device.type];
      if (!adapter.downloadMedia) return;
      let downloaded: Awaited<ReturnType<NonNullable<ChannelAdapter['downloadMedia']>>>;
      try {
        downloaded = await adapter.downloadMedia(toChannelDevice(box, device), media);
      } catch (error) {
        // A refused address or an oversized file fails the same way every time: no retry.
        if (error instanceof OutboundRefused) throw error;
        throw new RetryLater(error instanceof Error ? error.message : String(error));
      }
      const contentType = await sniffContentType(downloaded.content);
      const key = await files.put(clientId, {
        content: downloaded.content,
        contentType,
        filename: downloaded.filename,
      });
      const outcome = await db.transaction(async (tx) => {
        const updated = await createMessagesRepository(tx).attachFile(clientId, messageId, {
          attachment_key: key,
          filename: downloaded.filename,
          mimetype: contentType,
        });
        if (!updated) return undefined;
        // A customer's file is always kept, even past the plan's storage.
        await storedFiles.keep(
          tx,
          clientId,
          { key, name: downloaded.filename, size: downloaded.content.length, mime: contentType },
          { module: 'message', referenceId: messageId },
          { withinLimit: false },
        );
        return { row: updated, notification: await context.announceMessage(tx, updated, 'update') };
      });
      if (!outcome) {
        await files.delete(key);
        return;
      }
      context.announced(outcome.row, [outcome.notification]);
    },

    /** The media job gave up: the message stays, without its file, saying why. */
    async failMedia(clientId: string, messageId: string, reason: string): Promise<void> {
      const outcome = await db.transaction(async (tx) => {
        const updated = await createMessagesRepository(tx).noteError(
          clientId,
          messageId,
          `media could not be downloaded: ${reason}`,
        );
        if (!updated) return undefined;
        return { row: updated, notification: await context.announceMessage(tx, updated, 'update') };
      });
      if (outcome) context.announced(outcome.row, [outcome.notification]);
    },
  };
};
