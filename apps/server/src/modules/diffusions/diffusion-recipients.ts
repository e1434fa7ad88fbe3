import { FAILURE_RATE_LIMIT, FAILURE_WINDOW, type RecipientReason } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import {
  type DiffusionRecipientRow,
  diffusionRecipients,
  diffusions,
  marketingOptOuts,
} from '../../core/db/schema';

const first = <T>(result: unknown): T | undefined => (result as { rows: T[] }).rows[0];

/** The sender's statements on one diffusion's recipients. */
export const createRecipientStore = (db: Executor) => ({
  /**
   * Claims ONE pending recipient: of any number of workers or processes, one gets each row (SKIP LOCKED),
   * and the row says `sending` before any send is attempted, so it is never attempted twice.
   */
  async claimNext(diffusionId: string): Promise<DiffusionRecipientRow | undefined> {
    const rows = await db
      .update(diffusionRecipients)
      .set({ state: 'sending', claimed_at: sql`now()` })
      .where(
        sql`${diffusionRecipients.id} = (select id from ${diffusionRecipients}
          where diffusion_id = ${diffusionId} and state = 'pending'
          order by id for update skip locked limit 1)`,
      )
      .returning();
    return rows[0];
  },

  /** Recipients left `sending` by an earlier run (a crash, a paced or paused attempt). */
  inFlight: (diffusionId: string): Promise<DiffusionRecipientRow[]> =>
    db
      .select()
      .from(diffusionRecipients)
      .where(
        sql`${diffusionRecipients.diffusion_id} = ${diffusionId} and ${diffusionRecipients.state} = 'sending'`,
      )
      .limit(50),

  async hasPending(diffusionId: string): Promise<boolean> {
    const row = first<{ found: boolean }>(
      await db.execute(sql`select exists (select 1 from ${diffusionRecipients}
        where diffusion_id = ${diffusionId} and state in ('pending', 'sending')) as found`),
    );
    return row?.found === true;
  },

  /** Leaves `sending` with an outcome (never back to pending once a message was attempted). */
  async settle(
    id: number,
    outcome: {
      state: 'sent' | 'failed' | 'skipped' | 'pending';
      reason?: RecipientReason | '';
      detail?: string;
    },
    sent?: { providerId: string },
  ): Promise<void> {
    await db
      .update(diffusionRecipients)
      .set({
        state: outcome.state,
        reason: outcome.reason ?? '',
        detail: (outcome.detail ?? '').slice(0, 500),
        ...(outcome.state === 'pending' ? { claimed_at: null } : {}),
        ...(sent ? { provider_id: sent.providerId, sent_at: sql`now()` } : {}),
      })
      .where(sql`${diffusionRecipients.id} = ${id} and ${diffusionRecipients.state} = 'sending'`);
  },

  /** Every pending recipient of a cancelled (or capped) diffusion, skipped with why. */
  async skipPending(diffusionId: string, reason: RecipientReason): Promise<void> {
    await db
      .update(diffusionRecipients)
      .set({ state: 'skipped', reason })
      .where(
        sql`${diffusionRecipients.diffusion_id} = ${diffusionId} and ${diffusionRecipients.state} = 'pending'`,
      );
  },

  async isOptedOut(clientId: string, phone: string): Promise<boolean> {
    const row = first<{ found: boolean }>(
      await db.execute(sql`select exists (select 1 from ${marketingOptOuts}
        where client_id = ${clientId} and phone = ${phone}) as found`),
    );
    return row?.found === true;
  },

  async optOut(clientId: string, phone: string, reason: string): Promise<void> {
    await db.insert(marketingOptOuts).values({ client_id: clientId, phone, reason }).onConflictDoNothing();
  },

  /** How many sends this diffusion has attempted: the pacing's batch count. */
  async attempted(diffusionId: string): Promise<number> {
    const row = first<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${diffusionRecipients}
        where diffusion_id = ${diffusionId} and state in ('sent', 'delivered', 'read', 'failed')
          and message_id is not null`),
    );
    return Number(row?.n ?? 0);
  },

  /**
   * The unique people this number started conversations with by diffusion in the last rolling 24 h, what
   * WhatsApp's business messaging limit counts.
   */
  async startedLast24h(deviceId: string): Promise<number> {
    const row = first<{ n: number }>(
      await db.execute(sql`select count(distinct r.phone)::int as n from ${diffusionRecipients} r
        join ${diffusions} d on d.id = r.diffusion_id
        where d.device_id = ${deviceId} and r.sent_at > now() - interval '24 hours'`),
    );
    return Number(row?.n ?? 0);
  },

  /** More than 5% of the last 100 attempted sends failed (fewer than 100: more than 5 failures). */
  async failureRateExceeded(diffusionId: string): Promise<boolean> {
    const row = first<{ failed: number }>(
      await db.execute(sql`select count(*) filter (where state = 'failed')::int as failed from (
        select state from ${diffusionRecipients}
        where diffusion_id = ${diffusionId} and message_id is not null
          and state in ('sent', 'delivered', 'read', 'failed')
        order by claimed_at desc limit ${FAILURE_WINDOW}) recent`),
    );
    return Number(row?.failed ?? 0) > FAILURE_WINDOW * FAILURE_RATE_LIMIT;
  },
});

export type RecipientStore = ReturnType<typeof createRecipientStore>;
