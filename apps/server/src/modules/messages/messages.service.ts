import {
  attachmentFitsType,
  canSendTemplates,
  composerState,
  countryOfPhone,
  DEFAULTS,
  fillTemplateParameter,
  isDeviceConnected,
  isStatusAdvance,
  locationBody,
  type Message,
  type MessageTemplate,
  type MessageType,
  type messageCreateFastSchema,
  type messageCreateSchema,
  type sendTemplateSchema,
  splitFullName,
} from '@conversa/domain';
import type { z } from 'zod';
import type {
  ChannelAdapter,
  InboundEvent,
  InboundMedia,
  InboundStatusEvent,
  SendResult,
} from '../../channels/channel-adapter';
import type { ChannelRegistry } from '../../channels/channel-registry';
import { deliveryUnknown } from '../../channels/provider-http';
import { takeSendToken } from '../../channels/send-rate';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database, Executor } from '../../core/db/database';
import type { ContactRow, DeviceRow, MessageRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { AppError, badRequest, notFound, preconditionFailed } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { type JobQueue, Postpone, RetryLater } from '../../core/jobs/job-queue';
import { OutboundRefused } from '../../core/net/outbound-fetch';
import {
  createRealtimeEventsRepository,
  type NotificationDraft,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { sniffContentType } from '../../core/storage/content-type';
import type { FileStore } from '../../core/storage/file-store';
import { createContactsRepository } from '../contacts/contacts.repository';
import { announceContact } from '../contacts/contacts.service';
import { toChannelDevice } from '../devices/devices.mapper';
import { createDevicesRepository } from '../devices/devices.repository';
import { createUsersRepository } from '../users/users.repository';
import { createInboundWriter } from './inbound-writer';
import { toLastMessage, toMessage } from './messages.mapper';
import { createMessagesRepository } from './messages.repository';

type MessageCreate = z.output<typeof messageCreateSchema>;
type MessageCreateFast = z.output<typeof messageCreateFastSchema>;
type SendTemplate = z.output<typeof sendTemplateSchema>;

export type Attachment = { content: Buffer; filename: string };

export const SEND_JOB = 'message.send';

/** What an outbound message shows when an earlier attempt's outcome was never recorded. */
export const DELIVERY_UNKNOWN_AFTER_RESTART =
  'delivery unknown after restart: the provider may have received it, so it was not sent again';

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

/** The composer rule (packages/domain composer.ts), refused with the placeholder's own text. */
const assertMayWrite = (
  auth: AuthContext,
  user: { answer: boolean },
  device: DeviceRow,
  contact: Pick<ContactRow, 'derivedto' | 'answerbot'>,
) => {
  const state = composerState({
    userId: auth.userId,
    canAnswer: user.answer,
    isDeviceConnected: isDeviceConnected(device),
    derivedto: contact.derivedto,
    answerbot: contact.answerbot,
  });
  switch (state) {
    case 'noPermission':
      throw new AppError(403, 'composer.noPermission');
    case 'deviceInactive':
      throw new AppError(412, 'composer.deviceInactive', undefined, { device: device.name });
    case 'mustTake':
      throw new AppError(403, 'composer.mustTake');
    case 'takenByOther':
      throw new AppError(403, 'composer.takenByOther');
    case 'ready':
      return;
  }
};

type Outbound = {
  device: DeviceRow;
  contact: ContactRow;
  type: MessageType;
  body: string;
  tempId: string | undefined;
  attachment?: { key: string; filename: string; mimetype: string };
  template?: MessageTemplate;
};

export const createMessagesService = ({
  db,
  events,
  queue,
  files,
  channels,
  box,
  publicUrl,
}: MessagesServiceDeps) => {
  const repo = createMessagesRepository(db);

  const loadDevice = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await createDevicesRepository(db).findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };
  const loadContact = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await createContactsRepository(db).findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };
  const loadSender = async (auth: AuthContext) => {
    const user = await createUsersRepository(db).findById(auth.clientId, auth.userId);
    if (!user) throw notFound();
    return user;
  };

  const emitCreated = (clientId: string, message: Message, notifications: StoredNotification[]) => {
    events.emit('message.created', { clientId, message, notifications });
  };

  /** Stores a queued outbound message, its conversation summary and its send job in one transaction. */
  const queueOutbound = async (auth: AuthContext, outbound: Outbound): Promise<Message> => {
    const { row, notifications } = await db.transaction(async (tx) => {
      const inserted = await createMessagesRepository(tx).insert(auth.clientId, {
        contact_id: outbound.contact.id,
        device_id: outbound.device.id,
        from_me: true,
        type: outbound.type,
        body: outbound.body,
        status: 'queue',
        owner: auth.userId,
        temp_id: outbound.tempId ?? '',
        attachment_key: outbound.attachment?.key ?? null,
        filename: outbound.attachment?.filename ?? '',
        mimetype: outbound.attachment?.mimetype ?? '',
        template: outbound.template ?? null,
      });
      await createContactsRepository(tx).recordOutbound(
        auth.clientId,
        outbound.contact.id,
        toLastMessage(inserted),
        inserted.create_date,
      );
      await queue.enqueue(tx, {
        name: SEND_JOB,
        key: `${SEND_JOB}:${inserted.id}`,
        payload: { clientId: auth.clientId, messageId: inserted.id },
      });
      const recorded = await announceMessage(tx, inserted, 'create');
      const { notification } = await announceContact(tx, auth.clientId, outbound.contact.id, 'update');
      return { row: inserted, notifications: [recorded, notification] };
    });
    const message = toMessage(files, row);
    emitCreated(auth.clientId, message, notifications);
    return message;
  };

  const messageDraft = (row: MessageRow, action: 'create' | 'update'): NotificationDraft => ({
    module: 'message',
    action,
    data: [toMessage(files, row)],
    ref: row.contact_id,
  });

  const inboundWriter = createInboundWriter({
    db,
    queue,
    toMessageDraft: (row) => messageDraft(row, 'create'),
    onStored(clientId, stored) {
      for (const { row, notifications } of stored)
        emitCreated(clientId, toMessage(files, row), notifications);
    },
  });

  const announceMessage = (tx: Executor, row: MessageRow, action: 'create' | 'update') =>
    createRealtimeEventsRepository(tx).record(row.client_id, messageDraft(row, action));

  /** Starting a conversation (a new number, a template) takes it when nobody holds it. */
  const takeIfFree = async (auth: AuthContext, contact: ContactRow): Promise<ContactRow> => {
    if (contact.derivedto !== '' || contact.answerbot) return contact;
    const taken = await createContactsRepository(db).lock(auth.clientId, contact.id, auth.userId);
    return taken ?? (await loadContact(auth, contact.id));
  };

  /** An agent's file: its type comes from its bytes, whatever its name or the browser claim. */
  const storeAttachment = async (auth: AuthContext, type: MessageType, attachment: Attachment) => {
    const contentType = await sniffContentType(attachment.content);
    if (!attachmentFitsType(type, contentType)) {
      throw badRequest([{ path: 'attachment', message: 'validation.attachmentType' }]);
    }
    const key = await files.put(auth.clientId, {
      content: attachment.content,
      contentType,
      filename: attachment.filename,
    });
    return { key, filename: attachment.filename, mimetype: contentType };
  };

  const statusChanged = async (row: MessageRow, notifications: StoredNotification[]) => {
    events.emit('message.updated', {
      clientId: row.client_id,
      message: toMessage(files, row),
      notifications,
    });
  };

  return {
    async listOfContact(auth: AuthContext, contactId: string, page: number, offset: number) {
      await loadContact(auth, contactId);
      const { rows, total } = await repo.listOfContact(auth.clientId, contactId, offset, (page - 1) * offset);
      return { data: rows.map((row) => toMessage(files, row)), pagination: { total, page, offset } };
    },

    async searchByPhone(auth: AuthContext, phone: string, page: number, offset: number) {
      const contact = await createContactsRepository(db).findByPhone(auth.clientId, phone);
      if (!contact) return { data: [], pagination: { total: 0, page, offset } };
      const { rows, total } = await repo.listOfContact(
        auth.clientId,
        contact.id,
        offset,
        (page - 1) * offset,
      );
      return { data: rows.map((row) => toMessage(files, row)), pagination: { total, page, offset } };
    },

    async create(auth: AuthContext, input: MessageCreate, attachment?: Attachment): Promise<Message> {
      const [device, contact, user] = await Promise.all([
        loadDevice(auth, input.device_id),
        loadContact(auth, input.contact_id),
        loadSender(auth),
      ]);
      assertMayWrite(auth, user, device, contact);
      const isMedia = ['image', 'audio', 'video', 'document'].includes(input.type);
      if (isMedia && !attachment) throw badRequest([{ path: 'attachment', message: 'validation.required' }]);
      if (!isMedia && attachment)
        throw badRequest([{ path: 'attachment', message: 'validation.attachmentType' }]);
      const body =
        input.type === 'location' && input.lat !== undefined && input.lng !== undefined
          ? locationBody(input.lat, input.lng)
          : input.body;
      const stored = attachment ? await storeAttachment(auth, input.type, attachment) : undefined;
      try {
        return await queueOutbound(auth, {
          device,
          contact,
          type: input.type,
          body,
          tempId: input.temp_id,
          ...(stored ? { attachment: stored } : {}),
        });
      } catch (error) {
        if (stored) await files.delete(stored.key);
        throw error;
      }
    },

    async createFast(auth: AuthContext, input: MessageCreateFast): Promise<Message> {
      const [device, user] = await Promise.all([loadDevice(auth, input.device_id), loadSender(auth)]);
      if (!user.answer) throw new AppError(403, 'composer.noPermission');
      const country = countryOfPhone(input.phone) ?? DEFAULTS.country;
      const existing = await createContactsRepository(db).findOrCreateByPhone(auth.clientId, {
        ...splitFullName(input.name || input.phone),
        phone: input.phone,
        country,
        device_id: device.id,
      });
      const contact = await takeIfFree(auth, existing);
      assertMayWrite(auth, user, device, contact);
      return queueOutbound(auth, { device, contact, type: 'chat', body: input.body, tempId: input.temp_id });
    },

    async sendTemplate(auth: AuthContext, input: SendTemplate): Promise<Message> {
      const [device, found, user] = await Promise.all([
        loadDevice(auth, input.device_id),
        loadContact(auth, input.contact_id),
        loadSender(auth),
      ]);
      if (!canSendTemplates(device)) throw preconditionFailed('info.templateNotAllowed');
      if (!user.answer) throw new AppError(403, 'composer.noPermission');
      const contact = await takeIfFree(auth, found);
      assertMayWrite(auth, user, device, contact);
      const context = {
        contact: {
          first_name: contact.first_name,
          last_name: contact.last_name,
          full_name: contact.full_name,
        },
        user: { name: user.name },
      };
      const template: MessageTemplate = {
        ...input.template,
        components: input.template.components.map((component) => ({
          ...component,
          parameters: component.parameters.map((parameter) => ({
            ...parameter,
            text: fillTemplateParameter(parameter.text, context),
          })),
        })),
      };
      const body = template.components
        .flatMap((component) => component.parameters.map((p) => p.text))
        .join('\n');
      return queueOutbound(auth, {
        device,
        contact,
        type: 'chat',
        body: body || template.name,
        tempId: input.temp_id,
        template,
      });
    },

    /**
     * Soft delete: the message stays in the history, flagged deleted, without its content. Its file is
     * removed, so a link handed out before (still signed, not yet expired) answers 404 from now on.
     */
    async remove(auth: AuthContext, id: string): Promise<Message> {
      const found = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
      if (!found) throw notFound();
      const message = await this.updateOne(auth, id, { deleted: true });
      if (found.attachment_key) await files.delete(found.attachment_key);
      return message;
    },

    async updateOne(
      auth: AuthContext,
      id: string,
      patch: { starred?: boolean; selected?: boolean; deleted?: boolean },
    ) {
      if (!isUuid(id)) throw notFound();
      const { row, notification } = await db.transaction(async (tx) => {
        const updated = await createMessagesRepository(tx).update(auth.clientId, id, patch);
        if (!updated) throw notFound();
        return { row: updated, notification: await announceMessage(tx, updated, 'update') };
      });
      await statusChanged(row, [notification]);
      return toMessage(files, row);
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

    /**
     * The send job. Never sending a message twice rests on one rule: the attempt is recorded as
     * 'dispatching' in its own committed statement BEFORE the provider call, and cleared only by a recorded
     * outcome. So:
     * - accepted → 'sent' with the provider's id;
     * - certainly not taken (429 or a throttling code, 5xx, connection refused) → claim released, retried
     *   after the provider's retry-after or the backoff;
     * - ambiguous (timeout, connection cut after the request was written) → 'error', delivery unknown;
     * - refused (any other 4xx) → 'error' with the provider's reason;
     * - a later run that finds 'dispatching' means the process died between the provider call and the
     *   record (killed after the provider accepted, perhaps). Neither WhatsApp, Meta's Send API nor
     *   Telegram offers an idempotency key, so a resend could deliver it twice: the message is marked
     *   'error' (delivery unknown after restart) and a person decides. A live attempt cannot be mistaken
     *   for a dead one: the job's lease (JOB_LEASE_MS) outlasts the provider timeout, checked at start.
     */
    async dispatch(clientId: string, messageId: string, attempt: number): Promise<void> {
      const messages = createMessagesRepository(db);
      const current = await messages.findById(clientId, messageId);
      if (!current?.from_me || current.status !== 'queue' || current.message_id || current.deleted) return;
      if (current.dispatch_state === 'dispatching') {
        await this.failSend(clientId, messageId, DELIVERY_UNKNOWN_AFTER_RESTART);
        return;
      }
      const device = current.device_id
        ? await createDevicesRepository(db).findById(clientId, current.device_id)
        : undefined;
      const contact = await createContactsRepository(db).findById(clientId, current.contact_id);
      if (!device || !contact) {
        await this.failSend(clientId, messageId, 'the device or the contact no longer exists');
        return;
      }
      const adapter = channels[device.type];
      const wait = await paceSend(adapter, device.id, contact.phone);
      if (wait > 0) throw new Postpone(`paced: ${device.type} send limit`, wait);
      const claimed = await messages.claimForDispatch(clientId, messageId);
      if (!claimed) return;
      let result: SendResult;
      try {
        result = await adapter.send(toChannelDevice(box, device), {
          messageId: claimed.id,
          to: contact.phone,
          type: claimed.type,
          body: claimed.body,
          attachmentUrl: claimed.attachment_key
            ? `${publicUrl}${files.url(claimed.attachment_key)}`
            : undefined,
          filename: claimed.filename,
          mimetype: claimed.mimetype,
          template: claimed.template,
          attempt,
        });
      } catch (error) {
        // Adapters answer every provider outcome; a throw leaves it unknown whether the call went out.
        result = deliveryUnknown(error instanceof Error ? error.message : String(error));
      }
      if (result.ok) {
        const providerMessageId = result.providerMessageId;
        const outcome = await db.transaction(async (tx) => {
          const sent = await createMessagesRepository(tx).markSent(clientId, messageId, providerMessageId);
          if (!sent) return undefined;
          await createContactsRepository(tx).updateLastMessageStatus(
            clientId,
            sent.contact_id,
            sent.id,
            'sent',
            providerMessageId,
          );
          return { row: sent, notification: await announceMessage(tx, sent, 'update') };
        });
        if (outcome) await statusChanged(outcome.row, [outcome.notification]);
        return;
      }
      if (result.retryable && !result.isDeliveryUnknown) {
        await messages.releaseClaim(clientId, messageId);
        throw new RetryLater(result.reason, result.retryAfterMs);
      }
      await this.failSend(clientId, messageId, result.reason);
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
        return { row: updated, notification: await announceMessage(tx, updated, 'update') };
      });
      if (!outcome) {
        await files.delete(key);
        return;
      }
      await statusChanged(outcome.row, [outcome.notification]);
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
        return { row: updated, notification: await announceMessage(tx, updated, 'update') };
      });
      if (outcome) await statusChanged(outcome.row, [outcome.notification]);
    },

    /** A permanent failure, or retries exhausted: the message shows 'error' with the reason. */
    async failSend(clientId: string, messageId: string, reason: string): Promise<void> {
      const outcome = await db.transaction(async (tx) => {
        const failed = await createMessagesRepository(tx).markError(clientId, messageId, reason);
        if (!failed) return undefined;
        await createContactsRepository(tx).updateLastMessageStatus(
          clientId,
          failed.contact_id,
          failed.id,
          'error',
          '',
        );
        return { row: failed, notification: await announceMessage(tx, failed, 'update') };
      });
      if (outcome) await statusChanged(outcome.row, [outcome.notification]);
    },

    /** What a sandbox device sent to a phone, oldest first, with each message's status. */
    async outbox(device: DeviceRow, phone: string): Promise<Message[]> {
      const rows = await repo.outbox(device.client_id, device.id, phone);
      return rows.map(({ message }) => toMessage(files, message));
    },
  };

  /**
   * The provider's published limits, shared by every process through the database: the conversation's
   * bucket first (Telegram: one a second per chat), then the device's. Answers how long to wait, 0 for now.
   */
  async function paceSend(adapter: ChannelAdapter, deviceId: string, chat: string): Promise<number> {
    const pacing = adapter.pacing;
    if (!pacing) return 0;
    if (pacing.perChatPerSecond !== undefined) {
      const chatWait = await takeSendToken(db, `device:${deviceId}:chat:${chat}`, pacing.perChatPerSecond);
      if (chatWait > 0) return chatWait;
    }
    return takeSendToken(db, `device:${deviceId}`, pacing.perSecond);
  }

  async function receiveStatus(device: DeviceRow, event: InboundStatusEvent) {
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
      return { row: moved, notification: await announceMessage(tx, moved, 'update') };
    });
    if (outcome) await statusChanged(outcome.row, [outcome.notification]);
  }
};

export type MessagesService = ReturnType<typeof createMessagesService>;
