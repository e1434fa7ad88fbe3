import { and, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/database';
import { jobs } from '../db/schema';

/*
 * Why a job table of our own rather than pg-boss: the messaging core needs to enqueue a send in the SAME
 * transaction that stores the message (so a stored queued message always has its job, and a rolled-back
 * one never does), through the Drizzle transaction it already holds. pg-boss runs its own connection and
 * schema maintenance, and its send joins a transaction only through an adapter around our client. This
 * table gives the same guarantees in ~200 lines: SKIP LOCKED claims (one worker per job across processes),
 * attempts with exponential backoff, a lease (locked_until) so a crashed worker's job is picked up again,
 * a unique key per job, jobs that wait for their run_at, and recurring jobs that run once per period
 * across every process (the period is part of the key).
 */

export type JobPayload = Record<string, unknown>;

/** Thrown by a handler for a failure worth retrying; retryAfterMs overrides the backoff (provider hints). */
export class RetryLater extends Error {
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'RetryLater';
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * Thrown by a handler that must wait its turn (a provider's send pacing): re-scheduled after retryAfterMs
 * without spending one of the job's attempts, since nothing was tried.
 */
export class Postpone extends RetryLater {
  constructor(message: string, retryAfterMs: number) {
    super(message, retryAfterMs);
    this.name = 'Postpone';
  }
}

export type JobContext = { attempt: number; isLastAttempt: boolean };

export type JobDefinition = {
  run: (payload: JobPayload, context: JobContext) => Promise<void>;
  /** Called once when the last attempt failed, so the owner can record the failure (message 'error'). */
  onExhausted?: (payload: JobPayload, error: unknown) => Promise<void>;
};

export type NewJob = { name: string; key: string; payload: JobPayload; runAt?: Date; maxAttempts?: number };

export type JobQueueOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs (other processes' jobs, retries coming due). */
  pollMs?: number;
  /** First retry delay; each further attempt doubles it, capped at maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  concurrency?: number;
  /** How long a claimed job stays leased to its worker before another may take it over. */
  leaseMs?: number;
};

export type JobQueue = ReturnType<typeof createJobQueue>;

export const createJobQueue = (options: JobQueueOptions) => {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? 1000;
  const backoffMs = options.backoffMs ?? 2000;
  const maxBackoffMs = options.maxBackoffMs ?? 5 * 60_000;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const definitions = new Map<string, JobDefinition>();
  const recurring: { name: string; everyMs: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let isStarted = false;

  const later = (ms: number, task: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const claim = async () => {
    const names = [...definitions.keys()];
    if (names.length === 0) return undefined;
    const due: SQL = sql`(select ${jobs.id} from ${jobs} where ${and(
      inArray(jobs.name, names),
      or(
        and(eq(jobs.status, 'pending'), sql`${jobs.run_at} <= now()`),
        and(eq(jobs.status, 'running'), lt(jobs.locked_until, sql`now()`)),
      ),
    )} order by ${jobs.run_at} limit 1 for update skip locked)`;
    const rows = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        locked_until: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        update_date: sql`now()`,
      })
      .where(eq(jobs.id, due))
      .returning();
    return rows[0];
  };

  const runOne = async (): Promise<boolean> => {
    const job = await claim();
    if (!job) return false;
    const definition = definitions.get(job.name);
    if (!definition) return true;
    const isLastAttempt = job.attempts >= job.max_attempts;
    try {
      await definition.run(job.payload, { attempt: job.attempts, isLastAttempt });
      await db
        .update(jobs)
        .set({ status: 'done', locked_until: null, update_date: sql`now()` })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const isPostponed = error instanceof Postpone;
      const isRetryable = isPostponed || (error instanceof RetryLater && !isLastAttempt);
      if (isRetryable) {
        const delay = error.retryAfterMs ?? Math.min(backoffMs * 2 ** (job.attempts - 1), maxBackoffMs);
        await db
          .update(jobs)
          .set({
            ...(isPostponed ? { attempts: sql`${jobs.attempts} - 1` } : {}),
            status: 'pending',
            locked_until: null,
            last_error: reason,
            run_at: new Date(Date.now() + delay),
            update_date: sql`now()`,
          })
          .where(eq(jobs.id, job.id));
        later(delay, kick);
      } else {
        logger.warn({ job: job.name, key: job.key, err: error }, 'job failed for good');
        await db
          .update(jobs)
          .set({ status: 'failed', locked_until: null, last_error: reason, update_date: sql`now()` })
          .where(eq(jobs.id, job.id));
        await definition.onExhausted?.(job.payload, error);
      }
    }
    return true;
  };

  const loop = async () => {
    try {
      while (isStarted && (await runOne())) {
        // Keep draining while jobs are due.
      }
    } catch (error) {
      if (isStarted) logger.error({ err: error }, 'job worker failed');
    }
  };

  /** Starts a worker now if one is free; called after an enqueue commits. */
  function kick() {
    if (!isStarted || running.size >= concurrency) return;
    const work = loop().finally(() => running.delete(work));
    running.add(work);
  }

  const poll = () => {
    kick();
    if (isStarted) later(pollMs, poll);
  };

  const enqueueRecurring = (name: string, everyMs: number) => {
    // One job per period across every process: the period is part of the unique key.
    const period = Math.floor(Date.now() / everyMs);
    void enqueue(db, { name, key: `${name}:${period}`, payload: {} })
      .then(kick)
      .catch((error: unknown) => logger.error({ err: error }, 'recurring job failed to enqueue'));
    if (isStarted) later(everyMs, () => enqueueRecurring(name, everyMs));
  };

  /** Adds a job inside the caller's transaction; a job with the same key already there is kept as is. */
  async function enqueue(executor: Executor, job: NewJob): Promise<void> {
    await executor
      .insert(jobs)
      .values({
        name: job.name,
        key: job.key,
        payload: job.payload,
        run_at: job.runAt ?? new Date(),
        max_attempts: job.maxAttempts ?? 5,
      })
      .onConflictDoNothing({ target: jobs.key });
  }

  return {
    enqueue,
    kick,
    define(name: string, definition: JobDefinition) {
      definitions.set(name, definition);
    },
    every(name: string, everyMs: number, definition: JobDefinition) {
      definitions.set(name, definition);
      recurring.push({ name, everyMs });
    },
    start() {
      if (isStarted) return;
      isStarted = true;
      for (const { name, everyMs } of recurring) enqueueRecurring(name, everyMs);
      poll();
    },
    /** Stops polling and waits for the jobs in hand, so nothing touches the database after close. */
    async stop() {
      isStarted = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
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
    /** Finished and failed jobs are kept a while for inspection, then removed. */
    async pruneFinished(olderThan: Date) {
      await db
        .delete(jobs)
        .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.update_date, olderThan)));
    },
  };
};
