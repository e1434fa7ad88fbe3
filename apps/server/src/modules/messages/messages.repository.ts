import type { MessageStatus, MessageType, SharedContact } from '@conversa/domain';
import { and, asc, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { recordset, returningRows } from '../../core/db/recordset';
import { contacts, type MessageRow, messages } from '../../core/db/schema';

export type NewMessage = Omit<typeof messages.$inferInsert, 'client_id'>;

/** An inbound message as the receive path stores it; everything else takes the column's default. */
export type InboundMessageValues = {
  id: string;
  contact_id: string;
  device_id: string;
  message_id: string;
  type: MessageType;
  body: string;
  status: 'recive';
  timestamp: Date;
  /** The pressed button's id when the message is a button press, '' for anything else. */
  button_reply: string;
  /** The provider's id of the message this one quotes or reacts to; left out for none (most messages). */
  quoted_message_id?: string;
  /** A contact card's people; left out for any other message. */
  contacts?: SharedContact[];
};

/** What a message shows of the one it quotes (see toMessage). */
export type QuotedSource = Pick<MessageRow, 'id' | 'type' | 'body' | 'from_me' | 'deleted'>;

/** A message naming another by its provider id on its device (quoted_message_id, '' for none). */
type Quoting = Pick<MessageRow, 'device_id' | 'quoted_message_id'>;

/** A provider delivery's identity: one message per device and provider id. */
export const providerKey = (deviceId: string, providerId: string) => `${deviceId}:${providerId}`;

export const createMessagesRepository = (db: Executor) => {
  const tenant = (clientId: string, ...rest: Parameters<typeof and>) =>
    and(eq(messages.client_id, clientId), ...rest);

  return {
    async findById(clientId: string, id: string): Promise<MessageRow | undefined> {
      const rows = await db
        .select()
        .from(messages)
        .where(tenant(clientId, eq(messages.id, id)))
        .limit(1);
      return rows[0];
    },

    /** Messages with their sender's phone (a batch of possible confirmation answers), oldest first. */
    async findWithPhones(clientId: string, ids: string[]): Promise<{ message: MessageRow; phone: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ message: messages, phone: contacts.phone })
        .from(messages)
        .innerJoin(
          contacts,
          and(eq(contacts.client_id, messages.client_id), eq(contacts.id, messages.contact_id)),
        )
        .where(tenant(clientId, inArray(messages.id, ids)))
        .orderBy(asc(messages.timestamp), asc(messages.id));
    },

    /** Which of these `temp_id`s the contacts' conversations already hold (a follow-up sent once). */
    async tempIdsIn(clientId: string, contactIds: string[], tempIds: string[]): Promise<Set<string>> {
      if (tempIds.length === 0) return new Set();
      const rows = await db
        .select({ temp_id: messages.temp_id })
        .from(messages)
        .where(
          tenant(clientId, inArray(messages.contact_id, contactIds), inArray(messages.temp_id, tempIds)),
        );
      return new Set(rows.map((row) => row.temp_id));
    },

    async findByProviderId(clientId: string, deviceId: string, providerId: string) {
      const rows = await db
        .select()
        .from(messages)
        .where(tenant(clientId, eq(messages.device_id, deviceId), eq(messages.message_id, providerId)))
        .limit(1);
      return rows[0];
    },

    /**
     * The messages these rows quote, by `providerKey(device, provider id)`: one indexed read for all of them
     * (a page of history, a batch of arrivals), and none at all when no row quotes anything.
     */
    async quotedOf(clientId: string, rows: readonly Quoting[]): Promise<Map<string, QuotedSource>> {
      const wanted = new Map<string, { deviceId: string; providerId: string }>();
      for (const row of rows) {
        if (!row.quoted_message_id || !row.device_id) continue;
        const deviceId = row.device_id;
        wanted.set(providerKey(deviceId, row.quoted_message_id), {
          deviceId,
          providerId: row.quoted_message_id,
        });
      }
      if (wanted.size === 0) return new Map();
      const pairs = sql.join(
        [...wanted.values()].map(({ deviceId, providerId }) => sql`(${deviceId}::uuid, ${providerId})`),
        sql`, `,
      );
      const found = await db
        .select({
          id: messages.id,
          device_id: messages.device_id,
          message_id: messages.message_id,
          type: messages.type,
          body: messages.body,
          from_me: messages.from_me,
          deleted: messages.deleted,
        })
        .from(messages)
        .where(tenant(clientId, sql`(${messages.device_id}, ${messages.message_id}) in (${pairs})`));
      return new Map(
        found.map(({ device_id, message_id, ...quoted }) => [
          providerKey(device_id ?? '', message_id ?? ''),
          quoted,
        ]),
      );
    },

    /**
     * Deletes the customer's reactions to one message on a device (its provider id), but `keepId`: a new
     * reaction replaces the earlier one, and a reaction taken back leaves none. Answers the rows deleted.
     */
    async deleteReactions(
      clientId: string,
      target: { deviceId: string; contactId: string; quotedProviderId: string; keepId?: string },
    ): Promise<MessageRow[]> {
      return db
        .update(messages)
        .set({ deleted: true })
        .where(
          tenant(
            clientId,
            eq(messages.device_id, target.deviceId),
            eq(messages.contact_id, target.contactId),
            eq(messages.quoted_message_id, target.quotedProviderId),
            eq(messages.type, 'reaction'),
            eq(messages.from_me, false),
            eq(messages.deleted, false),
            target.keepId ? ne(messages.id, target.keepId) : undefined,
          ),
        )
        .returning();
    },

    /**
     * A read receipt by time: every outbound message of the device to the contact sent at or before
     * `until` and still 'sent' or 'recive' becomes 'read'. Answers the rows changed.
     */
    async markReadUntil(
      clientId: string,
      target: { deviceId: string; contactId: string; until: Date },
    ): Promise<MessageRow[]> {
      return db
        .update(messages)
        .set({ status: 'read' })
        .where(
          tenant(
            clientId,
            eq(messages.contact_id, target.contactId),
            eq(messages.device_id, target.deviceId),
            eq(messages.from_me, true),
            inArray(messages.status, ['sent', 'recive']),
            lte(messages.timestamp, target.until),
          ),
        )
        .returning();
    },

    /** A conversation's history, newest first. */
    async listOfContact(clientId: string, contactId: string, limit: number, offset: number) {
      const where = tenant(clientId, eq(messages.contact_id, contactId));
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(messages)
          .where(where)
          .orderBy(desc(messages.create_date), desc(messages.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(messages).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** Queued outbound messages in one statement, answered in the order given (their ids are ours). */
    async insertMany(clientId: string, values: (NewMessage & { id: string })[]): Promise<MessageRow[]> {
      const rows = await db
        .insert(messages)
        .values(values.map((each) => ({ ...each, client_id: clientId })))
        .returning();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return values.map(({ id }) => {
        const row = byId.get(id);
        if (!row) throw new Error('insert returned no row');
        return row;
      });
    },

    /** Which of these provider deliveries (device, provider id) are stored already, as `device:id` keys. */
    async storedProviderIds(
      clientId: string,
      deliveries: { deviceId: string; providerId: string }[],
    ): Promise<Set<string>> {
      if (deliveries.length === 0) return new Set();
      const pairs = sql.join(
        deliveries.map(({ deviceId, providerId }) => sql`(${deviceId}::uuid, ${providerId})`),
        sql`, `,
      );
      const rows = await db
        .select({ deviceId: messages.device_id, providerId: messages.message_id })
        .from(messages)
        .where(tenant(clientId, sql`(${messages.device_id}, ${messages.message_id}) in (${pairs})`));
      return new Set(rows.map((row) => providerKey(row.deviceId ?? '', row.providerId ?? '')));
    },

    /**
     * Stores provider deliveries; one whose (device, provider id) is taken (stored before, or by a
     * transaction that committed meanwhile) is not stored again and is left out of the answer.
     */
    async insertInbound(clientId: string, values: InboundMessageValues[]): Promise<MessageRow[]> {
      if (values.length === 0) return [];
      return returningRows(
        db,
        messages,
        sql`insert into messages (id, client_id, contact_id, device_id, from_me, message_id, type, body, status,
              timestamp, button_reply, quoted_message_id, contacts)
            select r.id, ${clientId}::uuid, r.contact_id, r.device_id, false, r.message_id, r.type, r.body,
              r.status, r.timestamp, r.button_reply, coalesce(r.quoted_message_id, ''),
              coalesce(r.contacts, '[]'::jsonb)
            from jsonb_to_recordset(${recordset(values)}) as r(id uuid, contact_id uuid, device_id uuid,
              message_id text, type text, body text, status text, timestamp timestamptz, button_reply text,
              quoted_message_id text, contacts jsonb)
            on conflict (device_id, message_id) do nothing
            returning *`,
      );
    },

    /** Moves a status only from the value it was read with, so out-of-order receipts cannot go back. */
    async setStatusFrom(clientId: string, id: string, from: MessageStatus, to: MessageStatus, reason = '') {
      const rows = await db
        .update(messages)
        .set(to === 'error' ? { status: to, error: reason.slice(0, 500) } : { status: to })
        .where(tenant(clientId, eq(messages.id, id), eq(messages.status, from)))
        .returning();
      return rows[0];
    },

    /** An inbound message's file, once the media job fetched it from the provider. */
    async attachFile(
      clientId: string,
      id: string,
      file: { attachment_key: string; filename: string; mimetype: string },
    ): Promise<MessageRow | undefined> {
      // A message deleted while its file was downloading gets none: the caller drops the file.
      const rows = await db
        .update(messages)
        .set(file)
        .where(tenant(clientId, eq(messages.id, id), eq(messages.deleted, false)))
        .returning();
      return rows[0];
    },

    /** Notes why an inbound message's file is missing, without touching its status. */
    async noteError(clientId: string, id: string, reason: string): Promise<MessageRow | undefined> {
      const rows = await db
        .update(messages)
        .set({ error: reason.slice(0, 500) })
        .where(tenant(clientId, eq(messages.id, id)))
        .returning();
      return rows[0];
    },

    async update(
      clientId: string,
      id: string,
      patch: { starred?: boolean; selected?: boolean; deleted?: boolean },
    ) {
      const rows = await db
        .update(messages)
        .set(patch)
        .where(tenant(clientId, eq(messages.id, id)))
        .returning();
      return rows[0];
    },

    /** What the simulated customer's phone received from a device: outbound messages to that phone. */
    async outbox(clientId: string, deviceId: string, phone: string) {
      return db
        .select({ message: messages })
        .from(messages)
        .innerJoin(contacts, eq(contacts.id, messages.contact_id))
        .where(
          tenant(
            clientId,
            eq(messages.device_id, deviceId),
            eq(messages.from_me, true),
            eq(contacts.client_id, clientId),
            eq(contacts.phone, phone),
          ),
        )
        .orderBy(asc(messages.create_date), asc(messages.id))
        .limit(500);
    },
  };
};

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
