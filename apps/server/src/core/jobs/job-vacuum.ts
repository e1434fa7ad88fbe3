import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

/**
 * The queue keeps its own table vacuumed. Every job a worker runs leaves a dead row version and a dead
 * entry in the pending index behind it (its status moves pending → running → done, each a new version),
 * and every claim visits those entries until a vacuum clears them: after a burst of 3,000 jobs in a few
 * seconds, a claim took 1.3 ms instead of 0.2 ms (docs/BENCHMARKS.md §10), and the workers claim once
 * per job. Autovacuum wakes once a minute at best, and may be switched off; so after every `everyJobs`
 * jobs this process ended, it vacuums the table itself, one at a time, skipping it when another vacuum
 * holds it. A table it does not own is skipped by PostgreSQL with a warning, nothing fails.
 */
export const createJobVacuum = ({
  db,
  logger,
  everyJobs,
}: {
  db: Database;
  logger: FastifyBaseLogger;
  everyJobs: number;
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
  };
};
