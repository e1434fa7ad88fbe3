import { ALERT_MODULE } from '@conversa/domain';
import { and, asc, count, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { recordset } from '../db/recordset';
import { realtimeEvents } from '../db/schema';
import type { Notification } from './notifications.listener';

/**
 * What a service asks to tell the tenant; `targetUserId` is the user it is addressed to, who receives it
 * even without the module's permission (the audience's `subject`).
 */
export type NotificationDraft = Omit<Notification, 'msg'> & { msg?: string; targetUserId?: string };

/** The notification as sockets receive it: `seq` lets a client ask for what it missed. */
export type PublishedNotification = Notification & { seq: number };

export type StoredNotification = {
  clientId: string;
  targetUserId: string | null;
  notification: PublishedNotification;
};

/**
 * A change made in the same statement as its notifications: `ctes` are data-modifying WITH entries, and
 * the one named `decidedBy`, when given, says whether anything changed (the notifications are stored only
 * then; without it they always are).
 */
export type ChangeInStatement = { ctes: SQL; decidedBy?: string };

const recordMany = async (
  db: Executor,
  clientId: string,
  drafts: NotificationDraft[],
  change?: ChangeInStatement,
): Promise<StoredNotification[]> => {
  // A change runs even with nothing to announce.
  if (drafts.length === 0 && !change) return [];
  const records = drafts.map((draft) => ({
    module: draft.module,
    action: draft.action,
    data: draft.data,
    msg: draft.msg ?? '',
    ref: draft.ref,
    target_user_id: draft.targetUserId ?? null,
  }));
  // One parameter for the whole batch (see recordset), and only the seqs come back: the payloads are in hand.
  const insert = sql`insert into realtime_events (client_id, module, action, data, msg, ref, target_user_id)
        select ${clientId}::uuid, r.module, r.action, r.data, r.msg, r.ref, r.target_user_id
        from jsonb_to_recordset(${recordset(records)}) as r(module text, action text, data jsonb, msg text,
          ref text, target_user_id uuid)`;
  const result = (await db.execute(
    change
      ? sql`with ${change.ctes}, recorded as (${insert}
          ${change.decidedBy ? sql`where exists (select 1 from ${sql.identifier(change.decidedBy)})` : sql``}
          returning seq)
        select seq from recorded`
      : sql`${insert} returning seq`,
  )) as unknown as { rows: { seq: number | string }[] };
  // The rows take their sequence numbers in the order they are read, which is the order given.
  const seqs = result.rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
  if (change?.decidedBy && seqs.length === 0) return [];
  if (seqs.length !== records.length) throw new Error('the outbox insert lost a row');
  return records.map((record, index) => ({
    clientId,
    targetUserId: record.target_user_id,
    notification: {
      seq: seqs[index] as number,
      module: record.module,
      action: record.action,
      data: record.data,
      msg: record.msg,
      ref: record.ref,
    },
  }));
};

export const createRealtimeEventsRepository = (db: Executor) => ({
  /** Written inside the transaction of the change it announces (a transactional outbox). */
  async record(clientId: string, draft: NotificationDraft): Promise<StoredNotification> {
    const [stored] = await recordMany(db, clientId, [draft]);
    if (!stored) throw new Error('insert returned no row');
    return stored;
  },

  /** Several notifications of one change in one statement; answered in the order given (seq ascending). */
  recordMany: (clientId: string, drafts: NotificationDraft[]) => recordMany(db, clientId, drafts),

  /**
   * A change and its notifications in ONE statement (atomic without a transaction): stored only when the
   * change touched a row, answered [] when it touched none. For the hottest changes (a message sent).
   */
  recordWith: (clientId: string, drafts: NotificationDraft[], change: ChangeInStatement) =>
    recordMany(db, clientId, drafts, change),

  /**
   * The tenant's events after seq that a receiver sees some view of: those of the modules open to them
   * (modulesVisibleTo) and those addressed to them. Filtered here, so pages and totals count only those.
   */
  async listSince(
    clientId: string,
    since: number,
    limit: number,
    receiver: { userId: string; modules: string[] },
  ) {
    const where = and(
      eq(realtimeEvents.client_id, clientId),
      gt(realtimeEvents.seq, since),
      or(
        inArray(realtimeEvents.module, receiver.modules),
        eq(realtimeEvents.target_user_id, receiver.userId),
      ),
    );
    const [rows, totals] = await Promise.all([
      db.select().from(realtimeEvents).where(where).orderBy(asc(realtimeEvents.seq)).limit(limit),
      db.select({ total: count() }).from(realtimeEvents).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** The alerts addressed to one person (ALERT_MODULE), newest first: what their bell lists. */
  listAlerts: (clientId: string, userId: string, limit: number) =>
    db
      .select()
      .from(realtimeEvents)
      .where(
        and(
          eq(realtimeEvents.target_user_id, userId),
          eq(realtimeEvents.module, ALERT_MODULE),
          eq(realtimeEvents.client_id, clientId),
        ),
      )
      .orderBy(desc(realtimeEvents.seq))
      .limit(limit),

  /** Platform maintenance across tenants: events older than the catch-up window are dropped. */
  async pruneOlderThan(date: Date): Promise<void> {
    await db.delete(realtimeEvents).where(lt(realtimeEvents.create_date, date));
  },
});
