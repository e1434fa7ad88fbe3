import { isStatusAdvance } from '@conversa/domain';
import type {
  ChannelAdapter,
  InboundEvent,
  InboundMedia,
  InboundStatusEvent,
} from '../../channels/channel-adapter';
import type { DeviceRow } from '../../core/db/schema';
import { RetryLater } from '../../core/jobs/job-queue';
import { OutboundRefused } from '../../core/net/outbound-fetch';
import { sniffContentType } from '../../core/storage/content-type';
import { createContactsRepository } from '../contacts/contacts.repository';
import { toChannelDevice } from '../devices/devices.mapper';
import { createDevicesRepository } from '../devices/devices.repository';
import { createInboundWriter, type InboundJobRule } from './inbound-writer';
import type { MessageContext } from './message-context';
import { toMessage } from './messages.mapper';
import { createMessagesRepository } from './messages.repository';

/** A provider's deliveries: customers' messages, their files fetched afterwards, and receipts. */
export const createMessageReceiving = (context: MessageContext) => {
  const { db, box, channels, files, queue } = context;
  const repo = createMessagesRepository(db);
  const jobRules: InboundJobRule[] = [];

  const inboundWriter = createInboundWriter({
    db,
    queue,
    jobRules,
    toMessageDraft: (row, conversation) => context.messageDraft(row, 'create', conversation),
    onStored(clientId, stored) {
      for (const { row, notifications } of stored)
        context.emitCreated(clientId, toMessage(files, row), notifications);
    },
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
     * yes/no words): each job its rule answers is enqueued with the message, once, never for a repeat.
     */
    addInboundJobRule(rule: InboundJobRule): void {
      jobRules.push(rule);
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
      for (const event of inbound) if (event.kind === 'status') await receiveStatus(device, event);
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
