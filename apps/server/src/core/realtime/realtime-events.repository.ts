import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { realtimeEvents } from '../db/schema';
import type { Notification } from './notifications.listener';

/** What a service asks to tell the tenant; `targetUserId` also reaches that user's own room. */
export type NotificationDraft = Omit<Notification, 'msg'> & { msg?: string; targetUserId?: string };

/** The notification as sockets receive it: `seq` lets a client ask for what it missed. */
export type PublishedNotification = Notification & { seq: number };

export type StoredNotification = {
  clientId: string;
  targetUserId: string | null;
  notification: PublishedNotification;
};

const recordMany = async (
  db: Executor,
  clientId: string,
  drafts: NotificationDraft[],
): Promise<StoredNotification[]> => {
  if (drafts.length === 0) return [];
  const rows = await db
    .insert(realtimeEvents)
    .values(
      drafts.map((draft) => ({
        client_id: clientId,
        module: draft.module,
        action: draft.action,
        data: draft.data,
        msg: draft.msg ?? '',
        ref: draft.ref,
        target_user_id: draft.targetUserId ?? null,
      })),
    )
    .returning();
  // A multi-row VALUES takes its sequence numbers in row order; sorting says so rather than assuming
  // RETURNING keeps that order.
  return rows
    .sort((a, b) => a.seq - b.seq)
    .map((row) => ({
      clientId,
      targetUserId: row.target_user_id,
      notification: {
        seq: row.seq,
        module: row.module,
        action: row.action,
        data: row.data,
        msg: row.msg,
        ref: row.ref,
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

  async listSince(clientId: string, since: number, limit: number) {
    const where = and(eq(realtimeEvents.client_id, clientId), gt(realtimeEvents.seq, since));
    const [rows, totals] = await Promise.all([
      db.select().from(realtimeEvents).where(where).orderBy(asc(realtimeEvents.seq)).limit(limit),
      db.select({ total: count() }).from(realtimeEvents).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** Platform maintenance across tenants: events older than the catch-up window are dropped. */
  async pruneOlderThan(date: Date): Promise<void> {
    await db.delete(realtimeEvents).where(lt(realtimeEvents.create_date, date));
  },
});
