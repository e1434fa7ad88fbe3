import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { jobs } from '../db/schema';

/**
 * The upkeep of the jobs table: its depth for /metrics, finished jobs pruned, and its vacuum.
 *
 * The queue keeps its own table vacuumed. Every job a worker runs leaves a dead row version and a dead
 * entry in the pending index behind it (its status moves pending → running → done, each a new version),
 * and every claim visits those entries until a vacuum clears them: after a burst of 3,000 jobs in a few
 * seconds, a claim took 1.3 ms instead of 0.2 ms (docs/BENCHMARKS.md §10), and the workers claim once
 * per job. Autovacuum wakes once a minute at best, and may be switched off; so after every `everyJobs`
 * jobs this process ended, it vacuums the table itself, one at a time, skipping it when another vacuum
 * holds it. A table it does not own is skipped by PostgreSQL with a warning, nothing fails.
 */
export const createJobUpkeep = ({
  db,
  logger,
  everyJobs,
  failedKeepMs,
}: {
  db: Database;
  logger: FastifyBaseLogger;
  everyJobs: number;
  /** Dead jobs stay this long for the master to read and retry. */
  failedKeepMs: number;
}) => {
  let endedSince = 0;
  let running: Promise<void> | undefined;

  const vacuum = async () => {
    try {
      await db.execute(sql`vacuum (skip_locked) jobs`);
    } catch (error) {
      logger.warn({ err: error }, 'jobs table not vacuumed');
    }
  };

  return {
    /** Counts jobs that left the queue (done or failed); starts a vacuum once enough have. */
    ended(count: number): void {
      endedSince += count;
      if (endedSince < everyJobs || running) return;
      endedSince = 0;
      running = vacuum().finally(() => {
        running = undefined;
      });
    },
    /** Waits for a vacuum in flight (the queue's stop). */
    async settled(): Promise<void> {
      await running;
    },
    /** The queue's depth for /metrics: jobs due now, how long the oldest has waited, and dead ones. */
    async stats(): Promise<{ due: number; oldestDueSeconds: number; failed: number }> {
      const rows = await db
        .select({
          due: sql<number>`count(*) filter (where ${jobs.status} = 'pending' and ${jobs.run_at} <= now())`,
          oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${jobs.run_at}) filter (where ${jobs.status} = 'pending' and ${jobs.run_at} <= now())), 0)`,
          failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')`,
        })
        .from(jobs)
        .where(inArray(jobs.status, ['pending', 'failed']));
      const row = rows[0];
      return {
        due: Number(row?.due ?? 0),
        oldestDueSeconds: Number(row?.oldestDueSeconds ?? 0),
        failed: Number(row?.failed ?? 0),
      };
    },
    /** Done jobs finished before `olderThan` are removed; dead ones only after failedKeepMs. */
    async pruneFinished(olderThan: Date) {
      await db
        .delete(jobs)
        .where(
          or(
            and(eq(jobs.status, 'done'), lt(jobs.update_date, olderThan)),
            and(eq(jobs.status, 'failed'), lt(jobs.update_date, new Date(Date.now() - failedKeepMs))),
          ),
        );
    },
  };
};
