import { sql } from 'drizzle-orm';
import type { Executor } from '../core/db/database';
import { sendRates } from '../core/db/schema';

/**
 * Reserves the next send turn in the bucket `key` (refilled at perSecond, holding at most one second's
 * worth), in ONE atomic statement, so every server process on the database shares the limit (PGlite and
 * PostgreSQL alike: INSERT … ON CONFLICT DO UPDATE locks the row). Answers 0 when the turn is now, else how
 * many milliseconds until it comes. The turn is the caller's either way: the bucket goes below zero for
 * each waiting caller, so a crowd of senders is lined up one slot apart instead of racing for every token
 * (a caller that came back and asked again would take a second turn: it keeps the one it was given).
 */
export const reserveSendTurn = async (db: Executor, key: string, perSecond: number): Promise<number> => {
  const capacity = Math.max(1, perSecond);
  const refilled = sql`least(${capacity}::float8, ${sendRates.tokens} + extract(epoch from (clock_timestamp() - ${sendRates.updated_at}))::float8 * ${perSecond}::float8)`;
  const rows = await db
    .insert(sendRates)
    .values({ key, tokens: capacity - 1, updated_at: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: sendRates.key,
      set: { tokens: sql`${refilled} - 1`, updated_at: sql`clock_timestamp()` },
    })
    .returning({ tokens: sendRates.tokens });
  const tokens = rows[0]?.tokens ?? 0;
  return tokens >= 0 ? 0 : Math.ceil((-tokens / perSecond) * 1000);
};
