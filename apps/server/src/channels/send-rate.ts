import { sql } from 'drizzle-orm';
import type { Executor } from '../core/db/database';
import { sendRates } from '../core/db/schema';

/**
 * Takes one send token from the bucket `key` (refilled at perSecond, holding at most one second's worth),
 * in ONE atomic statement, so every server process on the database shares the limit (PGlite and
 * PostgreSQL alike: INSERT … ON CONFLICT DO UPDATE locks the row). Answers 0 when a token was taken,
 * else how many milliseconds until one will be there; the caller re-schedules rather than sleeps.
 */
export const takeSendToken = async (db: Executor, key: string, perSecond: number): Promise<number> => {
  const capacity = Math.max(1, perSecond);
  const refilled = sql`least(${capacity}::float8, ${sendRates.tokens} + extract(epoch from (clock_timestamp() - ${sendRates.updated_at}))::float8 * ${perSecond}::float8)`;
  const rows = await db
    .insert(sendRates)
    .values({ key, tokens: capacity - 1, last_granted: true, updated_at: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: sendRates.key,
      set: {
        tokens: sql`case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end`,
        last_granted: sql`${refilled} >= 1`,
        updated_at: sql`clock_timestamp()`,
      },
    })
    .returning({ tokens: sendRates.tokens, granted: sendRates.last_granted });
  const row = rows[0];
  if (!row || row.granted) return 0;
  return Math.max(1, Math.ceil(((1 - row.tokens) / perSecond) * 1000));
};
