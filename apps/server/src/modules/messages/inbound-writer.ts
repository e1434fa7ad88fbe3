import { randomUUID } from 'node:crypto';
import { type Contact, countryOfPhone, DEFAULTS, type LastMessage, splitFullName } from '@conversa/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { InboundMessageEvent } from '../../channels/channel-adapter';
import type { Database } from '../../core/db/database';
import type { ContactRow, DeviceRow, MessageRow } from '../../core/db/schema';
import type { JobQueue, NewJob } from '../../core/jobs/job-queue';
import {
  createRealtimeEventsRepository,
  type NotificationDraft,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { toContact } from '../contacts/contacts.mapper';
import {
  type ContactDevice,
  createContactsRepository,
  type InboundArrival,
} from '../contacts/contacts.repository';
import { inboundMetrics } from '../metrics/metric-events';
import { inboundPhoneOf, isAddressedByPhone, resolvePhones } from './inbound-phones';
import {
  createMessagesRepository,
  type InboundMessageValues,
  providerKey,
  type QuotedSource,
} from './messages.repository';

export const MEDIA_JOB = 'message.media';

/**
 * A committed inbound message with its notification (one, carrying the conversation), and the message it
 * quotes or reacts to when there is one.
 */
type StoredInbound = { row: MessageRow; notifications: StoredNotification[]; quoted?: QuotedSource };
/** A message a batch changed: a customer's earlier reaction, replaced by their new one. */
type UpdatedInbound = { row: MessageRow; notification: StoredNotification };

/**
 * Another module's durable follow-up of some inbound messages (confirmation answers): its jobs are
 * enqueued in the transaction that stores the batch's messages, so they exist if and only if the messages
 * do, once. Runs for every batch, so it must be a cheap, pure check of the rows; a burst's follow-up is
 * best one job for the batch's messages it concerns, not one per message.
 */
export type InboundJobRule = (clientId: string, messages: MessageRow[]) => NewJob[];

/**
 * Another module's write for a batch of inbound messages, committed with them: data-modifying WITH entries
 * (names of its own) that join the batch's last statement, where a listener after commit would pay one
 * statement per message (a diffusion's recipients marked replied).
 */
export type InboundBatchWrite = (clientId: string, rows: MessageRow[]) => SQL | undefined;

/** What one batch committed, and whether it left jobs for the workers. */
type WrittenBatch = { stored: StoredInbound[]; updated: UpdatedInbound[]; hasJobs: boolean };

type Arrival = { device: DeviceRow; event: InboundMessageEvent };
type Waiting = Arrival & { resolve: () => void; reject: (error: unknown) => void };

/** How many batches of one company are written at once, and how large one may grow. */
const FLUSHES_PER_CLIENT = 4;
const MAX_BATCH = 200;
/** A batch that met a repeat, or lost a race to a concurrent copy, is written again at most this often. */
const MAX_ATTEMPTS = 4;

/** Rolls a batch back when a delivery it counted was already stored, or committed meanwhile by another. */
class RepeatFound extends Error {}

/** The device summary a contact carries, taken from the device row in hand. */
const contactDeviceOf = (device: DeviceRow): ContactDevice => ({
  id: device.id,
  name: device.name,
  color: device.color,
  background_color: device.background_color,
  status: device.status,
  type: device.type,
});

/** A message row as the batch prepares it; its conversation's id is added once the upsert names it. */
type Draft = {
  device: DeviceRow;
  event: InboundMessageEvent;
  message: Omit<InboundMessageValues, 'contact_id'>;
};
type Conversation = InboundArrival & { device: DeviceRow };

/**
 * The conversations a batch touches, by phone: created from the first message's sender, then counting
 * every message and left with the last one's summary and device, as one message at a time would.
 */
const conversationsOf = (drafts: Draft[]): Map<string, Conversation> => {
  const byPhone = new Map<string, Conversation>();
  for (const { device, event, message } of drafts) {
    const summary: LastMessage = {
      id: message.id,
      body: message.body,
      fromMe: false,
      message_id: message.message_id,
      status: message.status,
      timestamp: message.timestamp.toISOString(),
      type_msg: message.type,
      owner: '',
      device_id: device.id,
    };
    const known = byPhone.get(event.from.phone);
    if (known) {
      byPhone.set(event.from.phone, {
        device,
        values: { ...known.values, device_id: device.id },
        count: known.count + 1,
        summary,
      });
      continue;
    }
    byPhone.set(event.from.phone, {
      device,
      count: 1,
      summary,
      values: {
        ...splitFullName(event.from.name || event.from.phone),
        phone: event.from.phone,
        country: (isAddressedByPhone(device.type) && countryOfPhone(event.from.phone)) || DEFAULTS.country,
        device_id: device.id,
      },
    });
  }
  return byPhone;
};

/**
 * A batch's reactions replace each customer's earlier reaction to the same message: the last of the batch
 * stays, every other one (stored before, or earlier in the batch) is deleted.
 */
const replaceReactions = async (
  repo: ReturnType<typeof createMessagesRepository>,
  clientId: string,
  rows: MessageRow[],
): Promise<MessageRow[]> => {
  const last = new Map<string, MessageRow>();
  for (const row of rows) {
    if (row.type !== 'reaction' || !row.quoted_message_id || !row.device_id) continue;
    last.set(`${providerKey(row.device_id, row.quoted_message_id)}:${row.contact_id}`, row);
  }
  const deleted: MessageRow[] = [];
  for (const row of last.values()) {
    deleted.push(
      ...(await repo.deleteReactions(clientId, {
        deviceId: row.device_id ?? '',
        contactId: row.contact_id,
        quotedProviderId: row.quoted_message_id,
        keepId: row.id,
      })),
    );
  }
  return deleted;
};

/**
 * Inbound messages are written in batches: a busy company's webhooks arriving together share one
 * transaction (group commit), so the statements and the commit are paid once per batch instead of once
 * per message. A quiet company pays nothing for it: a message finds no batch running and is written at
 * once, alone; only while FLUSHES_PER_CLIENT batches are in flight do newcomers wait and gather.
 * Every webhook is still answered only after the commit that holds its message.
 */
export const createInboundWriter = (deps: {
  db: Database;
  queue: JobQueue;
  toMessageDraft: (
    row: MessageRow,
    action: 'create' | 'update',
    conversation: Contact | undefined,
    quoted: QuotedSource | undefined,
  ) => NotificationDraft;
  onStored: (clientId: string, stored: StoredInbound[]) => void;
  /** Messages a batch changed (reactions replaced), after its commit. */
  onUpdated: (updated: UpdatedInbound[]) => void;
  /** Read at each batch, so rules added after the writer was made apply too. */
  jobRules: readonly InboundJobRule[];
  /** Read at each batch, as the job rules are. */
  batchWrites: readonly InboundBatchWrite[];
}) => {
  const { db, queue } = deps;
  const waitingOf = new Map<string, Waiting[]>();
  const flushingOf = new Map<string, number>();

  /**
   * One batch, in one transaction: repeats of a stored delivery (and copies within the batch) change
   * nothing; the conversations are found or created and their counters raised; the messages, their media
   * jobs, the jobs the inbound rules ask for and the outbox notifications are inserted. Repeats are rare (a
   * provider's retry), so the first attempt does not look for them: the message insert finds them, and the
   * batch is written again, this time leaving out the deliveries already stored.
   */
  const writeBatch = async (clientId: string, given: Arrival[], isRetry: boolean): Promise<WrittenBatch> =>
    db.transaction(async (tx) => {
      const messagesRepo = createMessagesRepository(tx);
      const arrivals = await resolvePhones(tx, clientId, given);
      const seen = isRetry
        ? await messagesRepo.storedProviderIds(
            clientId,
            arrivals.map(({ device, event }) => ({
              deviceId: device.id,
              providerId: event.providerMessageId,
            })),
          )
        : new Set<string>();
      const fresh = arrivals.filter(({ device, event }) => {
        const key = providerKey(device.id, event.providerMessageId);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (fresh.length === 0) return { stored: [], updated: [], hasJobs: false };

      // Ids are chosen here so a conversation's summary can name its last message before that row exists.
      const drafts: Draft[] = fresh.map(({ device, event }) => ({
        device,
        event,
        message: {
          id: randomUUID(),
          device_id: device.id,
          message_id: event.providerMessageId,
          type: event.type,
          body: event.body,
          status: 'recive',
          timestamp: event.timestamp,
          button_reply: event.buttonReply ?? '',
          // Left out when empty, as for nearly every message: the batch's one parameter stays small.
          ...(event.quotedProviderId ? { quoted_message_id: event.quotedProviderId } : {}),
          ...(event.contacts && event.contacts.length > 0 ? { contacts: event.contacts } : {}),
        },
      }));
      const byPhone = conversationsOf(drafts);
      const contacts = await createContactsRepository(tx).upsertInbound(clientId, [...byPhone.values()]);
      const contactOf = new Map<string, ContactRow>(contacts.map((contact) => [contact.phone, contact]));
      const rows = await messagesRepo.insertInbound(
        clientId,
        drafts.map(({ event, message }) => {
          const contact = contactOf.get(event.from.phone);
          if (!contact) throw new Error('the upsert left a conversation out');
          return { ...message, contact_id: contact.id };
        }),
      );
      // A repeat, or a concurrent copy committed first: its conversation was counted here too, so start over.
      if (rows.length < drafts.length) throw new RepeatFound();
      const assigneeOf = new Map(contacts.map((contact) => [contact.id, contact.derivedto]));
      const metrics = inboundMetrics(
        clientId,
        rows.map((row) => ({
          contactId: row.contact_id,
          deviceId: row.device_id ?? '',
          assignee: assigneeOf.get(row.contact_id) ?? '',
          at: row.timestamp,
        })),
      );
      const rowOf = new Map(rows.map((row) => [row.id, row]));
      const replacedAll = await replaceReactions(messagesRepo, clientId, rows);
      // A reaction replaced within its own batch is announced once, already deleted.
      const replaced = replacedAll.filter((row) => !rowOf.has(row.id));
      for (const row of replacedAll) if (rowOf.has(row.id)) rowOf.set(row.id, row);
      // What the batch's messages quote or react to, in one read (none when nothing quotes).
      const quotedOf = await messagesRepo.quotedOf(clientId, [...rows, ...replaced]);
      const quotedOfRow = (row: MessageRow) =>
        row.device_id ? quotedOf.get(providerKey(row.device_id, row.quoted_message_id)) : undefined;

      const jobs: NewJob[] = [];
      for (const { event, message } of drafts) {
        if (!event.media) continue;
        // The file is fetched after the webhook answered; the message shows at once without it.
        jobs.push({
          name: MEDIA_JOB,
          key: `${MEDIA_JOB}:${message.id}`,
          payload: { clientId, messageId: message.id, media: event.media },
        });
      }
      for (const rule of deps.jobRules) jobs.push(...rule(clientId, rows));
      // The batch's follow-ups (jobs, metrics, other modules' writes) go in its notifications' statement.
      const parts = [
        queue.enqueuePart(jobs),
        metrics,
        ...deps.batchWrites.map((write) => write(clientId, rows)),
      ];
      const ctes = parts.filter((part): part is SQL => part !== undefined);

      // One notification per message, in arrival order, carrying its conversation as the list shows it
      // (with the batch's final counters), so a client names a new customer and moves the conversation
      // from the message alone.
      const shownOf = new Map<string, Contact>();
      for (const [phone, conversation] of byPhone) {
        const contact = contactOf.get(phone);
        if (contact) shownOf.set(phone, toContact({ contact, device: contactDeviceOf(conversation.device) }));
      }
      const perMessage = drafts.map(({ event, message }) => {
        const row = rowOf.get(message.id);
        const shown = shownOf.get(event.from.phone);
        if (!row || !shown) throw new Error('a row of the batch is missing');
        const quoted = quotedOfRow(row);
        return { row, quoted, draft: deps.toMessageDraft(row, 'create', shown, quoted) };
      });
      // A replaced reaction is announced gone before its successor arrives.
      const notes = [
        ...replaced.map((row) => deps.toMessageDraft(row, 'update', undefined, quotedOfRow(row))),
        ...perMessage.map(({ draft }) => draft),
      ];
      const events = createRealtimeEventsRepository(tx);
      const recorded =
        ctes.length > 0
          ? await events.recordWith(clientId, notes, { ctes: sql.join(ctes, sql`, `) })
          : await events.recordMany(clientId, notes);
      // recordMany answers in the order given.
      const updated = replaced.map((row, index) => {
        const notification = recorded[index];
        if (!notification) throw new Error('the outbox insert lost a row');
        return { row, notification };
      });
      const stored = perMessage.map(({ row, quoted }, index) => {
        const notification = recorded[replaced.length + index];
        if (!notification) throw new Error('the outbox insert lost a row');
        return { row, notifications: [notification], ...(quoted ? { quoted } : {}) };
      });
      return { stored, updated, hasJobs: jobs.length > 0 };
    });

  const writeWithRetries = async (clientId: string, arrivals: Arrival[]) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await writeBatch(clientId, arrivals, attempt > 1);
      } catch (error) {
        if (!(error instanceof RepeatFound) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  };

  const settle = async (clientId: string, batch: Waiting[]) => {
    let written: WrittenBatch;
    try {
      written = await writeWithRetries(clientId, batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One bad delivery must not fail the others: each is written alone and answers for itself.
      for (const waiting of batch) await settle(clientId, [waiting]);
      return;
    }
    if (written.updated.length > 0) deps.onUpdated(written.updated);
    deps.onStored(clientId, written.stored);
    if (written.hasJobs) queue.kick();
    for (const waiting of batch) waiting.resolve();
  };

  const pump = (clientId: string) => {
    const waiting = waitingOf.get(clientId);
    while (waiting && waiting.length > 0 && (flushingOf.get(clientId) ?? 0) < FLUSHES_PER_CLIENT) {
      const batch = waiting.splice(0, MAX_BATCH);
      flushingOf.set(clientId, (flushingOf.get(clientId) ?? 0) + 1);
      void settle(clientId, batch).finally(() => {
        flushingOf.set(clientId, (flushingOf.get(clientId) ?? 1) - 1);
        pump(clientId);
      });
    }
    if (waiting?.length === 0 && !flushingOf.get(clientId)) {
      waitingOf.delete(clientId);
      flushingOf.delete(clientId);
    }
  };

  return {
    /** Resolves once the message is committed (or was a repeat of one that is). */
    write(device: DeviceRow, given: InboundMessageEvent): Promise<void> {
      const phone = inboundPhoneOf(device.type, given.from.phone);
      const event = phone === given.from.phone ? given : { ...given, from: { ...given.from, phone } };
      return new Promise((resolve, reject) => {
        const clientId = device.client_id;
        const waiting = waitingOf.get(clientId) ?? [];
        waitingOf.set(clientId, waiting);
        waiting.push({ device, event, resolve, reject });
        pump(clientId);
      });
    },
  };
};
