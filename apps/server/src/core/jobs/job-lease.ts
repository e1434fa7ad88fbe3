import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { decodeRows } from '../db/recordset';
import { type JobRow, jobs } from '../db/schema';

/**
 * A job's claim and its lease: the claim of due jobs, how long its worker holds them, the worker's hold
 * while the handler runs, the successes' end, and the expired leases taken back.
 */
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

  /**
   * Up to `limit` due jobs of the given names, oldest first, claimed for this worker (SKIP LOCKED: no other
   * worker takes them), and whether more were due than it took: a worker asks again, or calls another to
   * help, only then (a paced send's job is due alone, and each empty ask was a statement). Pending and due
   * only, so the (status, run_at) index hands the oldest at once whatever the backlog (expired leases are
   * turned back to pending by the poll, not here: an OR made every claim sort it). Written out rather than
   * built: every job pays it, and Drizzle's builder cost more CPU than the statement (docs/BENCHMARKS.md).
   */
  const claimDue = async (
    names: string[],
    limit: number,
  ): Promise<{ claimed: JobRow[]; isMoreDue: boolean }> => {
    const result = (await db.execute(
      sql`with due as (select id, run_at from jobs where status = 'pending' and run_at <= now()
            and name in ${names} order by run_at limit ${limit + 1} for update skip locked),
          counted as (select count(*)::int as due from due)
        update jobs set status = 'running', attempts = attempts + 1, locked_until = ${leaseEnd()},
          update_date = now()
        from counted
        where jobs.id in (select id from due order by run_at limit ${limit})
        returning jobs.*, counted.due`,
    )) as unknown as { rows: (Record<string, unknown> & { due: number })[] };
    return {
      claimed: decodeRows(jobs, result.rows),
      isMoreDue: (result.rows[0]?.due ?? 0) > limit,
    };
  };

  /** The jobs that succeeded, done in one statement (their own claims only, see ownClaim). */
  const markDone = (succeeded: JobRow[]) =>
    db.execute(sql`update jobs set status = 'done', locked_until = null, update_date = now()
      where status = 'running' and (id, attempts) in (
        select * from unnest(${`{${succeeded.map((job) => job.id).join(',')}}`}::bigint[],
          ${`{${succeeded.map((job) => job.attempts).join(',')}}`}::integer[]))`);

  /**
   * A job whose worker died (its lease ran out) goes back to pending; its next claim counts the attempt,
   * and its handler sees whether it is the last one.
   */
  const reclaimExpired = () =>
    db
      .update(jobs)
      .set({ status: 'pending', locked_until: null, update_date: sql`now()` })
      .where(and(eq(jobs.status, 'running'), lt(jobs.locked_until, sql`now()`)));

  return { leaseEnd, ownClaim, holdLease, claimDue, markDone, reclaimExpired };
};
