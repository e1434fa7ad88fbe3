import { and, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import {
  type ContactRow,
  contacts,
  type DeviceRow,
  devices,
  type MessageRow,
  messages,
} from '../../core/db/schema';
import type { ChangeInStatement } from '../../core/realtime/realtime-events.repository';

/** What a send attempt starts from: the message, its device and its contact (the last two may be gone). */
export type SendSubject = { message: MessageRow; device: DeviceRow | null; contact: ContactRow | null };

/**
 * The statements of a send attempt (message-dispatch.ts): read, claim, turn kept, outcome recorded. Every
 * outbound message pays them, 80 a second per WhatsApp device, so the common case is one statement each.
 */
export const createMessageDispatchRepository = (db: Executor) => {
  const tenant = (clientId: string, ...rest: SQL[]) => and(eq(messages.client_id, clientId), ...rest);

  /** Still to send: queued, never given to a provider, not claimed by an attempt, not deleted meanwhile. */
  const claimable = (clientId: string, id: string, ...rest: SQL[]) =>
    tenant(
      clientId,
      eq(messages.id, id),
      eq(messages.from_me, true),
      eq(messages.status, 'queue'),
      isNull(messages.message_id),
      eq(messages.dispatch_state, ''),
      eq(messages.deleted, false),
      ...rest,
    );

  /** The claim's mark: the attempt recorded, committed before the provider call. */
  const claimMark = {
    dispatched_at: sql`now()`,
    dispatch_state: 'dispatching',
    dispatch_attempts: sql`${messages.dispatch_attempts} + 1`,
    send_turn_at: null,
  } as const;

  return {
    /**
     * Every attempt's first statement: the message read with its device and contact, and claimed in the
     * same statement when its send turn (given when it was queued) has come, the common case. The read
     * sees the row as it was before the claim, so the claim's mark is set on the answer here. A message
     * not claimed (no turn yet, a turn still ahead, claimed or sent already) comes back as read, for the
     * attempt to check and pace.
     */
    async readForSend(
      clientId: string,
      id: string,
      now: Date,
    ): Promise<(SendSubject & { isClaimed: boolean }) | undefined> {
      const claimed = db.$with('claimed').as(
        db
          .update(messages)
          .set(claimMark)
          .where(claimable(clientId, id, lte(messages.send_turn_at, now)))
          .returning({ id: messages.id }),
      );
      const [found] = await db
        .with(claimed)
        .select({
          message: messages,
          device: devices,
          contact: contacts,
          isClaimed: sql<boolean>`exists (select 1 from ${claimed})`,
        })
        .from(messages)
        .leftJoin(devices, and(eq(devices.client_id, messages.client_id), eq(devices.id, messages.device_id)))
        .leftJoin(
          contacts,
          and(eq(contacts.client_id, messages.client_id), eq(contacts.id, messages.contact_id)),
        )
        .where(tenant(clientId, eq(messages.id, id)))
        .limit(1);
      if (!found?.isClaimed) return found;
      const { message } = found;
      return {
        ...found,
        message: {
          ...message,
          dispatch_state: 'dispatching',
          dispatch_attempts: message.dispatch_attempts + 1,
          send_turn_at: null,
        },
      };
    },

    /**
     * Claims a queued outbound message for one provider call and records the attempt, committed before the
     * call: only one caller can win, and a later attempt that finds 'dispatching' knows an earlier call's
     * outcome was never recorded (see message-dispatch.ts).
     */
    async claimForDispatch(clientId: string, id: string): Promise<MessageRow | undefined> {
      const rows = await db.update(messages).set(claimMark).where(claimable(clientId, id)).returning();
      return rows[0];
    },

    /** The send turn the pacing promised this queued message, kept for the attempt that comes back at it. */
    async keepSendTurn(clientId: string, id: string, at: Date): Promise<void> {
      await db
        .update(messages)
        .set({ send_turn_at: at })
        .where(tenant(clientId, eq(messages.id, id), eq(messages.status, 'queue')));
    },

    /** The provider certainly did not take the message (it said so): the next attempt may claim it again. */
    async releaseClaim(clientId: string, id: string): Promise<void> {
      await db
        .update(messages)
        .set({ dispatch_state: '' })
        .where(tenant(clientId, eq(messages.id, id), isNull(messages.message_id)));
    },

    /**
     * The statement parts of a queued message accepted by its provider: the message `sent` with the
     * provider's id, and its conversation's summary with it when it is the last message (see
     * realtime's recordWith, which runs them with the notification; `sent` says whether it moved).
     */
    sentChange(clientId: string, id: string, providerId: string): ChangeInStatement {
      return {
        ctes: sql`sent as (update messages set message_id = ${providerId}, status = 'sent', dispatch_state = ''
            where client_id = ${clientId} and id = ${id} and status = 'queue' returning contact_id),
          summary as (update contacts c
            set last_message = c.last_message || ${JSON.stringify({ status: 'sent', message_id: providerId })}::jsonb
            from sent where c.client_id = ${clientId} and c.id = sent.contact_id and c.last_message->>'id' = ${id})`,
        decidedBy: 'sent',
      };
    },

    /** A permanent failure, or retries exhausted: the queued message shows 'error' with the reason. */
    async markError(clientId: string, id: string, reason: string): Promise<MessageRow | undefined> {
      const rows = await db
        .update(messages)
        .set({ status: 'error', error: reason.slice(0, 500) })
        .where(tenant(clientId, eq(messages.id, id), eq(messages.status, 'queue')))
        .returning();
      return rows[0];
    },
  };
};
