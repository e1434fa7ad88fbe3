import { randomUUID } from 'node:crypto';
import {
  type BotIntegrationType,
  MAX_MESSAGE_BUTTONS,
  type Message,
  type MessageButton,
  type MessageTemplate,
  type MessageType,
} from '@conversa/domain';
import { sql } from 'drizzle-orm';
import { reserveTurnsOf } from '../../channels/send-rate';
import type { Executor } from '../../core/db/database';
import type { ContactRow, DeviceRow, MessageRow } from '../../core/db/schema';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { toContact } from '../contacts/contacts.mapper';
import { createContactsRepository } from '../contacts/contacts.repository';
import { recordOutbound } from '../metrics/metric-events';
import { spend } from '../quotas/quotas.service';
import type { MessageContext } from './message-context';
import { SEND_JOB } from './message-dispatch';
import { toLastMessage, toMessage } from './messages.mapper';
import { createMessagesRepository } from './messages.repository';

export type Outbound = {
  device: DeviceRow;
  contact: ContactRow;
  type: MessageType;
  body: string;
  tempId: string | undefined;
  attachment?: { key: string; filename: string; mimetype: string };
  template?: MessageTemplate;
  /** Reply buttons under the text, at most MAX_MESSAGE_BUTTONS (a confirmation request's two). */
  buttons?: MessageButton[];
};

/**
 * The outbound store every sender shares (agents, bots, diffusions, confirmations): messages queued with
 * their quota spent, their conversations' summaries, metric events, send turns and jobs, in one transaction.
 */
export const createOutboundQueue = (context: MessageContext) => {
  const { db, files, queue } = context;

  /** When each message may go, by its device's pacing (outbounds on one device take one statement). */
  const sendTurnsOf = async (outbounds: Outbound[]): Promise<Date[]> => {
    const now = Date.now();
    const waits = await reserveTurnsOf(
      db,
      outbounds.map(({ device, contact }) => ({
        deviceId: device.id,
        pacing: context.channels[device.type].pacing,
        chat: contact.phone,
      })),
    );
    return waits.map((wait) => new Date(now + wait));
  };

  /**
   * Stores queued outbound messages, their conversations' summaries and their send jobs in one
   * transaction (one statement each for a batch: a morning's confirmation acknowledgements). A diffusion's
   * message is stored the same way without the job (its sender attempts it at once, under its own pacing)
   * and with its recipient row recorded in the same transaction (`inTransaction`); a batch of confirmation
   * requests without the job but with its send turns, which its sender waits for. Answers the rows stored,
   * in the outbounds' order, beside the messages as the API shows them.
   */
  const storeOutbounds = async (
    auth: Pick<AuthContext, 'clientId' | 'userId'>,
    outbounds: Outbound[],
    options: {
      withSendJob?: boolean;
      /** Each message given its turn on its device's pacing (`send_turn_at`); with a send job, always. */
      withSendTurns?: boolean;
      inTransaction?: (tx: Executor, rows: MessageRow[]) => Promise<void>;
      /**
       * How long the transaction waits for a row another holds (a conversation's contact) before it gives
       * up with PostgreSQL's lock timeout, for a caller that stores the batch's messages apart instead.
       */
      lockTimeoutMs?: number;
      /** A bot's answer also spends one unit of its provider's quota. */
      botQuota?: BotIntegrationType;
      /**
       * Typed (or a template chosen) by a person in the chat: the only messages that can be a
       * conversation's first response. Bots, diffusions and confirmations leave it unset.
       */
      byPerson?: boolean;
    } = {},
  ): Promise<{ rows: MessageRow[]; messages: Message[] }> => {
    if (outbounds.length === 0) return { rows: [], messages: [] };
    // Only code offers buttons (no route takes them): more than a provider shows is a programming error.
    if (outbounds.some((outbound) => (outbound.buttons?.length ?? 0) > MAX_MESSAGE_BUTTONS)) {
      throw new Error(`a message offers at most ${MAX_MESSAGE_BUTTONS} reply buttons`);
    }
    const withSendJob = options.withSendJob !== false;
    // Each message's send turn is taken as it is queued, so its send job runs once, at that turn (a burst
    // of replies is spread over the device's pacing instead of every job waking to find the bucket empty).
    const turns = withSendJob || options.withSendTurns ? await sendTurnsOf(outbounds) : [];
    const { rows, notifications } = await db.transaction(async (tx) => {
      if (options.lockTimeoutMs)
        await tx.execute(sql.raw(`set local lock_timeout = ${options.lockTimeoutMs}`));
      const contacts = createContactsRepository(tx);
      const inserted = await createMessagesRepository(tx).insertMany(
        auth.clientId,
        outbounds.map((outbound, index) => ({
          id: randomUUID(),
          send_turn_at: turns[index] ?? null,
          contact_id: outbound.contact.id,
          device_id: outbound.device.id,
          from_me: true,
          type: outbound.type,
          body: outbound.body,
          status: 'queue' as const,
          owner: auth.userId,
          temp_id: outbound.tempId ?? '',
          attachment_key: outbound.attachment?.key ?? null,
          filename: outbound.attachment?.filename ?? '',
          mimetype: outbound.attachment?.mimetype ?? '',
          template: outbound.template ?? null,
          buttons: outbound.buttons ?? [],
        })),
      );
      await contacts.recordOutbound(
        auth.clientId,
        inserted.map((row) => ({ id: row.contact_id, summary: toLastMessage(row), at: row.create_date })),
      );
      const at = new Date();
      await recordOutbound(
        tx,
        auth.clientId,
        inserted.map((row) => ({
          contactId: row.contact_id,
          deviceId: row.device_id ?? '',
          personId: options.byPerson ? auth.userId : null,
          at,
        })),
      );
      if (withSendJob) {
        await queue.enqueueMany(
          tx,
          inserted.map((row) => ({
            name: SEND_JOB,
            key: `${SEND_JOB}:${row.id}`,
            payload: { clientId: auth.clientId, messageId: row.id },
            runAt: row.send_turn_at ?? undefined,
          })),
        );
      }
      await options.inTransaction?.(tx, inserted);
      const conversations = await contacts.findDetailedByIds(auth.clientId, [
        ...new Set(inserted.map((row) => row.contact_id)),
      ]);
      const conversationOf = new Map(conversations.map((each) => [each.contact.id, toContact(each)]));
      const recorded = await createRealtimeEventsRepository(tx).recordMany(
        auth.clientId,
        inserted.map((row) => {
          const conversation = conversationOf.get(row.contact_id);
          if (!conversation) throw notFound();
          return context.messageDraft(row, 'create', conversation);
        }),
      );
      // Every outbound message is paid for in the transaction that queues it (412 when none is left, which
      // rolls it all back). Last, so the company's one usage row is locked for one statement, not the whole
      // transaction: every outbound message of the company updates it, and early it made them take turns.
      await spend(tx, auth.clientId, 'message', outbounds.length);
      if (options.botQuota) await spend(tx, auth.clientId, options.botQuota, outbounds.length);
      return { rows: inserted, notifications: recorded };
    });
    const messages = rows.map((row, index) => {
      const message = toMessage(files, row);
      const notification = notifications[index];
      context.emitCreated(auth.clientId, message, notification ? [notification] : []);
      return message;
    });
    return { rows, messages };
  };

  /** Queued outbound messages as the API shows them (see storeOutbounds). */
  const queueOutbounds = async (
    auth: Pick<AuthContext, 'clientId' | 'userId'>,
    outbounds: Outbound[],
    options: Parameters<typeof storeOutbounds>[2] = {},
  ): Promise<Message[]> => (await storeOutbounds(auth, outbounds, options)).messages;

  /** One queued outbound message (see queueOutbounds). */
  const queueOutbound = async (
    auth: Pick<AuthContext, 'clientId' | 'userId'>,
    outbound: Outbound,
    options: Parameters<typeof queueOutbounds>[2] = {},
  ): Promise<Message> => {
    const [message] = await queueOutbounds(auth, [outbound], options);
    if (!message) throw new Error('queued no message');
    return message;
  };

  return { storeOutbounds, queueOutbounds, queueOutbound };
};
