import { alternativePhoneOf, type LastMessage, LIST_TOTAL_CAP, type MessageStatus } from '@conversa/domain';
import { and, asc, count, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { allOn, type Executor } from '../../core/db/database';
import { recordset, returningRows } from '../../core/db/recordset';
import { type ContactRow, contactOwners, contacts, devices } from '../../core/db/schema';

export type NewContact = Omit<typeof contacts.$inferInsert, 'client_id'>;

/** One conversation's share of a batch of inbound messages: how to create it, and what it gains. */
export type InboundArrival = {
  values: {
    first_name: string;
    last_name: string;
    full_name: string;
    country: string;
    phone: string;
    device_id: string;
  };
  count: number;
  summary: LastMessage;
};
export type ContactPatch = Partial<
  Pick<
    NewContact,
    | 'first_name'
    | 'last_name'
    | 'full_name'
    | 'email'
    | 'document'
    | 'country'
    | 'phone'
    | 'tags'
    | 'stage'
    | 'starred'
    | 'derivedto'
    | 'owner'
    | 'answerbot'
  >
>;

/** The device summary a contact carries. */
export type ContactDevice = Pick<
  typeof devices.$inferSelect,
  'id' | 'name' | 'color' | 'background_color' | 'status' | 'type'
>;
export type DetailedContact = { contact: ContactRow; device: ContactDevice | null };

const detailedColumns = {
  contact: contacts,
  device: {
    id: devices.id,
    name: devices.name,
    color: devices.color,
    background_color: devices.background_color,
    status: devices.status,
    type: devices.type,
  },
};

const NEWEST_MESSAGE: SQL[] = [sql`${contacts.last_message_at} desc nulls last`, asc(contacts.id)];

/** `owner` gains the user unless they are already in it. */
const withOwner = (userId: string): SQL =>
  sql`case when ${contacts.owner} @> ${JSON.stringify([userId])}::jsonb then ${contacts.owner} else ${contacts.owner} || ${JSON.stringify([userId])}::jsonb end`;

export const createContactsRepository = (db: Executor) => {
  const tenant = (clientId: string, ...conditions: (SQL | undefined)[]) =>
    and(eq(contacts.client_id, clientId), ...conditions);

  const selectDetailed = () =>
    db.select(detailedColumns).from(contacts).leftJoin(devices, eq(devices.id, contacts.device_id));

  const updateReturning = async (
    clientId: string,
    condition: SQL | undefined,
    set: Record<string, unknown>,
  ) => db.update(contacts).set(set).where(tenant(clientId, condition)).returning();

  return {
    async findById(clientId: string, id: string): Promise<ContactRow | undefined> {
      const rows = await db
        .select()
        .from(contacts)
        .where(tenant(clientId, eq(contacts.id, id)))
        .limit(1);
      return rows[0];
    },

    async findByIds(clientId: string, ids: string[]): Promise<ContactRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(contacts)
        .where(tenant(clientId, inArray(contacts.id, ids)));
    },

    async findDetailed(clientId: string, id: string): Promise<DetailedContact | undefined> {
      const rows = await selectDetailed()
        .where(tenant(clientId, eq(contacts.id, id)))
        .limit(1);
      return rows[0];
    },

    async findDetailedByIds(clientId: string, ids: string[]): Promise<DetailedContact[]> {
      if (ids.length === 0) return [];
      return selectDetailed().where(tenant(clientId, inArray(contacts.id, ids)));
    },

    async findByPhone(clientId: string, phone: string): Promise<ContactRow | undefined> {
      const rows = await db
        .select()
        .from(contacts)
        .where(tenant(clientId, eq(contacts.phone, phone)))
        .limit(1);
      return rows[0];
    },

    /**
     * The contact a customer's phone names: the exact phone first, and only for a miss its other form
     * (Brazil's ninth digit, see alternativePhoneOf), so a phone without one costs the one indexed read.
     */
    async findByInboundPhone(clientId: string, phone: string): Promise<ContactRow | undefined> {
      const exact = await this.findByPhone(clientId, phone);
      if (exact) return exact;
      const alternative = alternativePhoneOf(phone);
      return alternative ? this.findByPhone(clientId, alternative) : undefined;
    },

    /**
     * Serialises, until the transaction ends, the writers of the same numbers of a company: two forms of one
     * Brazilian mobile arriving at once must not each find nothing and make two contacts. Taken in the
     * order given (sort it), before any row lock of the transaction, so two writers cannot deadlock.
     */
    async lockPhones(clientId: string, phones: readonly string[]): Promise<void> {
      if (phones.length === 0) return;
      const keys = JSON.stringify(phones.map((phone) => `${clientId}:${phone}`));
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${keys}::jsonb) as k`,
      );
    },

    /** Which of these phones some contact of the company has, exactly as stored. */
    async phonesTaken(clientId: string, phones: readonly string[]): Promise<Set<string>> {
      if (phones.length === 0) return new Set();
      const rows = await db
        .select({ phone: contacts.phone })
        .from(contacts)
        .where(tenant(clientId, inArray(contacts.phone, [...phones])));
      return new Set(rows.map((row) => row.phone));
    },

    /**
     * One page of the conversation list: pinned conversations first (in last-message order), then the
     * rest. Pinned ones are read apart so the rest keeps using the (client_id, last_message_at) index.
     * The three reads run side by side, each on its own pool connection, so the answer takes the longest
     * of them, not their sum: the rest's window starts early enough for any number of matching pinned
     * ones (at most `fixed.length`) and is cut once that number is known; the total (exact up to
     * LIST_TOTAL_CAP, the slow part) stops one row past the cap. `ownedTotal` (chat-list.ts) counts the
     * same conversations on contact_owners, where it is cheaper.
     */
    async chats(
      clientId: string,
      conditions: SQL[],
      fixed: string[],
      limit: number,
      offset: number,
      ownedTotal?: SQL,
    ) {
      const where = tenant(clientId, ...conditions);
      const restStart = Math.max(0, offset - fixed.length);
      const capped = (
        ownedTotal
          ? db.select({ one: sql`1` }).from(contactOwners).where(ownedTotal)
          : db.select({ one: sql`1` }).from(contacts).where(where)
      )
        .limit(LIST_TOTAL_CAP + 1)
        .as('capped');
      const [pinned, rest, totals] = await allOn(db, [
        async (): Promise<DetailedContact[]> =>
          fixed.length > 0
            ? selectDetailed()
                .where(and(where, inArray(contacts.id, fixed)))
                .orderBy(...NEWEST_MESSAGE)
            : [],
        () =>
          selectDetailed()
            .where(fixed.length > 0 ? and(where, notInArray(contacts.id, fixed)) : where)
            .orderBy(...NEWEST_MESSAGE)
            .limit(limit + fixed.length)
            .offset(restStart),
        () => db.select({ total: count() }).from(capped),
      ] as const);
      const pinnedPage = pinned.slice(offset, offset + limit);
      const restFrom = Math.max(0, offset - pinned.length) - restStart;
      const rows = [...pinnedPage, ...rest.slice(restFrom, restFrom + limit - pinnedPage.length)];
      const counted = totals[0]?.total ?? 0;
      return { rows, total: Math.min(counted, LIST_TOTAL_CAP), more: counted > LIST_TOTAL_CAP };
    },

    async insert(clientId: string, values: NewContact): Promise<ContactRow> {
      const rows = await db
        .insert(contacts)
        .values({ ...values, client_id: clientId })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Find-or-create by phone, safe against a concurrent create of the same phone. */
    async findOrCreateByPhone(clientId: string, values: NewContact): Promise<ContactRow> {
      const inserted = await db
        .insert(contacts)
        .values({ ...values, client_id: clientId })
        .onConflictDoNothing({ target: [contacts.client_id, contacts.phone] })
        .returning();
      if (inserted[0]) return inserted[0];
      const existing = await this.findByPhone(clientId, values.phone);
      if (!existing) throw new Error('contact vanished during find-or-create');
      return existing;
    },

    async update(clientId: string, id: string, patch: ContactPatch): Promise<ContactRow | undefined> {
      if (Object.keys(patch).length === 0) return this.findById(clientId, id);
      const rows = await updateReturning(clientId, eq(contacts.id, id), patch);
      return rows[0];
    },

    /**
     * Takes a free conversation in ONE conditional statement: of two agents taking it at the same time the
     * database lets exactly one update match `derivedto = ''`. Taking it over also takes it from the bot.
     */
    async lock(clientId: string, id: string, userId: string): Promise<ContactRow | undefined> {
      const rows = await updateReturning(clientId, and(eq(contacts.id, id), eq(contacts.derivedto, '')), {
        derivedto: userId,
        answerbot: false,
        owner: withOwner(userId),
      });
      return rows[0];
    },

    /** Frees a conversation; with `heldBy` only if that user holds it. */
    async release(clientId: string, id: string, heldBy?: string): Promise<ContactRow | undefined> {
      const condition = heldBy
        ? and(eq(contacts.id, id), eq(contacts.derivedto, heldBy))
        : eq(contacts.id, id);
      const rows = await updateReturning(clientId, condition, { derivedto: '' });
      return rows[0];
    },

    /** Hands a conversation on, only while `fromUserId` still holds it. */
    async transfer(clientId: string, id: string, fromUserId: string, toUserId: string) {
      const rows = await updateReturning(
        clientId,
        and(eq(contacts.id, id), eq(contacts.derivedto, fromUserId)),
        {
          derivedto: toUserId,
          owner: withOwner(toUserId),
        },
      );
      return rows[0];
    },

    /** Frees every held conversation matching the conditions; answers each one freed with who held it. */
    async unlockWhere(clientId: string, conditions: SQL[]): Promise<{ id: string; derivedto: string }[]> {
      const held = await db
        .select({ id: contacts.id, derivedto: contacts.derivedto })
        .from(contacts)
        .where(tenant(clientId, ne(contacts.derivedto, ''), ...conditions))
        .for('update');
      if (held.length === 0) return [];
      await db
        .update(contacts)
        .set({ derivedto: '' })
        .where(
          tenant(
            clientId,
            inArray(
              contacts.id,
              held.map((row) => row.id),
            ),
          ),
        );
      return held;
    },

    async resetUnread(clientId: string, id: string): Promise<ContactRow | undefined> {
      const rows = await updateReturning(clientId, eq(contacts.id, id), { numpending: 0, numtotal: 0 });
      return rows[0];
    },

    /**
     * The conversations of a batch of inbound messages, found or created by phone in one statement, each
     * counter raised by its number of new messages and its summary set to the last of them. The unique
     * (client_id, phone) index settles concurrent first messages of one phone. Rows are written in phone
     * order, so two batches that share conversations take their row locks in the same order and cannot
     * deadlock. A new conversation on a device whose bot answers new conversations starts with the bot.
     */
    async upsertInbound(clientId: string, arrivals: InboundArrival[]): Promise<ContactRow[]> {
      if (arrivals.length === 0) return [];
      const ordered = [...arrivals]
        .sort((a, b) => (a.values.phone < b.values.phone ? -1 : 1))
        .map(({ values, count, summary }) => ({ ...values, count, summary }));
      // now() is the transaction's start, the same instant the message rows' create_date takes.
      return returningRows(
        db,
        contacts,
        sql`insert into contacts (client_id, device_id, first_name, last_name, full_name, phone, country,
              numpending, numtotal, last_message, last_message_at, last_inbound_at, answerbot)
            select ${clientId}::uuid, r.device_id, r.first_name, r.last_name, r.full_name, r.phone, r.country,
              r.count, r.count, r.summary, now(), now(),
              exists (select 1 from integration_devices d join integrations i on i.id = d.integration_id
                where d.device_id = r.device_id and i.answer_new_conversations)
            from jsonb_to_recordset(${recordset(ordered)}) as r(device_id uuid, first_name text,
              last_name text, full_name text, phone text, country text, count integer, summary jsonb)
            on conflict (client_id, phone) do update set
              numpending = contacts.numpending + excluded.numpending,
              numtotal = contacts.numtotal + excluded.numtotal,
              last_message = excluded.last_message,
              last_message_at = excluded.last_message_at,
              last_inbound_at = excluded.last_inbound_at,
              device_id = excluded.device_id
            returning *`,
      );
    },

    /** Each conversation's summary becomes its latest outbound message of these (one statement). */
    async recordOutbound(clientId: string, sent: { id: string; summary: LastMessage; at: Date }[]) {
      const latest = new Map(sent.map((each) => [each.id, each]));
      if (latest.size === 0) return;
      await db.execute(sql`update contacts c set last_message = r.summary, last_message_at = r.at
        from jsonb_to_recordset(${recordset([...latest.values()])}) as r(id uuid, summary jsonb, at timestamptz)
        where c.client_id = ${clientId}::uuid and c.id = r.id`);
    },

    /** Keeps the summary's status in step when the last message's status moves. */
    async updateLastMessageStatus(
      clientId: string,
      id: string,
      messageId: string,
      status: MessageStatus,
      providerMessageId: string,
    ) {
      await db
        .update(contacts)
        .set({
          last_message: sql`${contacts.last_message} || ${JSON.stringify({ status, message_id: providerMessageId })}::jsonb`,
        })
        .where(tenant(clientId, eq(contacts.id, id), sql`${contacts.last_message}->>'id' = ${messageId}`));
    },
  };
};

export type ContactsRepository = ReturnType<typeof createContactsRepository>;
