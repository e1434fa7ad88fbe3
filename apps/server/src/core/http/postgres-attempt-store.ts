import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { attemptCounters } from '../db/schema';
import type { AttemptPolicy, AttemptStore } from './attempt-store';

const milliseconds = (ms: SQL) => sql`${ms} * interval '1 millisecond'`;

/** The key's wait after `attempts` counted attempts, as an interval, looked up in the policy's list. */
const waitAfter = (policy: AttemptPolicy, attempts: SQL) =>
  milliseconds(
    sql`(${`{${policy.waitsMs.join(',')}}`}::int[])[least(${attempts}, ${policy.waitsMs.length - 1}::int) + 1]`,
  );

/** Attempt counters in the attempt_counters table, each take ONE INSERT … ON CONFLICT DO UPDATE. */
export const createPostgresAttemptStore = (db: Database): AttemptStore => ({
  async take(key, policy) {
    // In the update the table's columns are the row as this attempt found it.
    const current = attemptCounters;
    const window = milliseconds(sql`${policy.windowMs}::int`);
    const kept = milliseconds(sql`${Math.max(policy.windowMs, ...policy.waitsMs)}::int`);
    const isWaiting = sql`${current.last_attempt_at} + ${waitAfter(policy, sql`${current.attempts}`)} > now()`;
    const hasWindowEnded = sql`${current.window_ends_at} <= now()`;
    const rows = await db
      .insert(attemptCounters)
      .values({
        key,
        attempts: 1,
        window_ends_at: sql`now() + ${window}`,
        last_attempt_at: sql`now()`,
        last_counted: true,
        expires_at: sql`now() + ${kept}`,
      })
      .onConflictDoUpdate({
        target: attemptCounters.key,
        set: {
          attempts: sql`case when ${isWaiting} then ${current.attempts} when ${hasWindowEnded} then 1 else ${current.attempts} + 1 end`,
          window_ends_at: sql`case when not ${isWaiting} and ${hasWindowEnded} then now() + ${window} else ${current.window_ends_at} end`,
          last_attempt_at: sql`case when ${isWaiting} then ${current.last_attempt_at} else now() end`,
          last_counted: sql`not ${isWaiting}`,
          expires_at: sql`case when ${isWaiting} then ${current.expires_at} else now() + ${kept} end`,
        },
      })
      .returning({
        isCounted: attemptCounters.last_counted,
        waitMs: sql<number>`ceil(extract(epoch from ${current.last_attempt_at} + ${waitAfter(policy, sql`${current.attempts}`)} - now()) * 1000)::int`,
      });
    const row = rows[0];
    return !row || row.isCounted ? 0 : Math.max(1, row.waitMs);
  },

  async refund(key) {
    await db
      .update(attemptCounters)
      .set({ attempts: sql`${attemptCounters.attempts} - 1` })
      .where(and(eq(attemptCounters.key, key), gt(attemptCounters.attempts, 0)));
  },

  async reset(key) {
    await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
  },

  // The pool is the app's; it closes with the database.
  async close() {},
});

/** Deletes the counters nobody needs any more (run by a recurring job, whichever store is in use). */
export const pruneAttemptCounters = async (db: Database): Promise<void> => {
  await db.delete(attemptCounters).where(lt(attemptCounters.expires_at, sql`now()`));
};
