import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { type JobRow, jobs } from '../db/schema';

/** A claimed job's lease: how long its worker holds it, and the worker's hold while the handler runs. */
export const createJobLease = ({
  db,
  logger,
  leaseMs,
}: {
  db: Database;
  logger: FastifyBaseLogger;
  leaseMs: number;
}) => {
  const leaseEnd = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;

  /**
   * The row of this claim only (still running, the same attempt): a worker whose lease ran out and whose
   * job another took over neither extends nor finishes that other claim.
   */
  const ownClaim = (job: JobRow) =>
    and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
  const ownClaims = (batch: JobRow[]) => or(...batch.map(ownClaim));

  /**
   * While a handler runs, its worker extends the lease every third of it, so a job longer than the lease
   * (a confirmation run of 10,000 appointments, a large import) is not reclaimed and run a second time
   * elsewhere. Only this claim's rows are extended (ownClaim). A failed renewal is logged, not thrown:
   * the next one may succeed, and if none does the lease runs out as a dead worker's would.
   * Answers a release that stops renewing and waits for a renewal in flight (nothing after stop()).
   */
  const holdLease = (batch: JobRow[]) => {
    let renewing: Promise<unknown> | undefined;
    const keys = batch.map((job) => job.key);
    const renew = async () => {
      try {
        const rows = await db
          .update(jobs)
          .set({ locked_until: leaseEnd() })
          .where(ownClaims(batch))
          .returning({ id: jobs.id });
        if (rows.length < batch.length)
          logger.warn({ job: batch[0]?.name, keys }, 'job lease lost to another worker');
      } catch (error) {
        logger.warn({ err: error, job: batch[0]?.name, keys }, 'job lease not renewed');
      }
    };
    const timer = setInterval(() => {
      renewing ??= renew().finally(() => {
        renewing = undefined;
      });
    }, leaseMs / 3);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await renewing;
    };
  };

  return { leaseEnd, ownClaim, holdLease };
};
