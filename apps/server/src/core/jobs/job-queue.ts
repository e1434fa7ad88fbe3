import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/database';
import { recordset } from '../db/recordset';
import { type JobRow, jobs } from '../db/schema';
import { createJobLease } from './job-lease';
import {
  assertScheduleRule,
  nextOccurrence,
  occurrenceAt,
  occurrenceKey,
  retryDelay,
  type ScheduleRule,
} from './job-schedule';
import {
  type JobDefinition,
  type JobPayload,
  type JobType,
  type NewJob,
  Postpone,
  RetryLater,
} from './job-types';
import { createJobUpkeep } from './job-upkeep';

/*
 * Why a job table of our own rather than pg-boss (figures in docs/ARCHITECTURE.md): the messaging core
 * enqueues a send in the SAME transaction that stores the message (a stored queued message always has its
 * job, a rolled-back one never does), through the Drizzle transaction it already holds: one insert. This
 * table gives SKIP LOCKED claims (one worker per job across processes), attempts with capped, jittered
 * exponential backoff, a lease (locked_until) so a crashed worker's job is picked up again, a unique key
 * per job (cancel and reschedule by key), jobs that wait for their run_at, dead jobs kept for the master,
 * and recurring jobs that run once per occurrence across every process (the occurrence is in the key).
 */

export {
  batched,
  defineJob,
  type JobContext,
  type JobDefinition,
  type JobPayload,
  type JobType,
  type NewJob,
  Postpone,
  perCompany,
  RetryLater,
} from './job-types';

export type JobQueueOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs (other processes' jobs, delayed jobs, retries). */
  pollMs?: number;
  /** First retry delay; each further attempt doubles it, capped at maxBackoffMs, with jitter. */
  backoffMs?: number;
  maxBackoffMs?: number;
  concurrency?: number;
  /** How long a claimed job stays leased to its worker before another may take it over. */
  leaseMs?: number;
  /** Dead jobs (status failed) stay this long for the master to read and retry; done jobs go sooner. */
  failedKeepMs?: number;
  /** After this many jobs run by this process, it vacuums the jobs table (see job-upkeep.ts). */
  vacuumEveryJobs?: number;
};

/** A scheduler timer never waits longer than this: it re-reads the clock, so a long rule stays exact. */
const MAX_TIMER_MS = 3_600_000;
const DEFAULT_MAX_ATTEMPTS = 5;
/** Jobs due within the same few milliseconds wake the workers once. */
const WAKE_SLOT_MS = 10;

export type JobQueue = ReturnType<typeof createJobQueue>;

export const createJobQueue = (options: JobQueueOptions) => {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? 1000;
  const backoff = { baseMs: options.backoffMs ?? 2000, capMs: options.maxBackoffMs ?? 5 * 60_000 };
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const definitions = new Map<string, JobDefinition>();
  const schedules: { name: string; rule: ScheduleRule }[] = [];
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

  const { ownClaim, holdLease, claimDue, markDone, reclaimExpired } = createJobLease({ db, logger, leaseMs });
  const upkeep = createJobUpkeep({
    db,
    logger,
    everyJobs: options.vacuumEveryJobs ?? 1000,
    failedKeepMs: options.failedKeepMs ?? 30 * 86_400_000,
  });

  /**
   * A job due later (a retry, a paced send's turn) is started at its time by this process, not only at
   * the next poll; the jobs of one slot share one timer.
   */
  const wakes = new Set<number>();
  const wakeAt = (runAt: Date) => {
    const slot = Math.ceil(runAt.getTime() / WAKE_SLOT_MS);
    const delay = slot * WAKE_SLOT_MS - Date.now();
    if (delay <= 0 || delay > MAX_TIMER_MS || wakes.has(slot)) return;
    wakes.add(slot);
    later(delay, () => {
      wakes.delete(slot);
      kick();
    });
  };

  const finish = async (job: JobRow, definition: JobDefinition, error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    const isLastAttempt = job.attempts >= job.max_attempts;
    const isPostponed = error instanceof Postpone;
    const isRetryable =
      isPostponed || (!isLastAttempt && (error instanceof RetryLater || definition.retryOn === 'any error'));
    if (isRetryable) {
      const hinted = error instanceof RetryLater ? error.retryAfterMs : undefined;
      const delay = hinted ?? retryDelay(job.attempts, backoff);
      const runAt = new Date(Date.now() + delay);
      await db
        .update(jobs)
        .set({
          ...(isPostponed ? { attempts: sql`${jobs.attempts} - 1` } : {}),
          status: 'pending',
          locked_until: null,
          last_error: reason,
          run_at: runAt,
          update_date: sql`now()`,
        })
        .where(ownClaim(job));
      // Due now (a pacing's turn already come): the next tick, as an enqueue's caller kicks after commit.
      if (delay > 0) wakeAt(runAt);
      else later(0, kick);
      return;
    }
    logger.warn({ job: job.name, key: job.key, err: error }, 'job failed for good');
    await db
      .update(jobs)
      .set({ status: 'failed', locked_until: null, last_error: reason, update_date: sql`now()` })
      .where(ownClaim(job));
    await definition.onExhausted?.(job.payload, error);
  };

  /** Each job's failure, undefined for the ones that succeeded; a whole batch's throw fails all of it. */
  const attempt = async (definition: JobDefinition, batch: JobRow[]): Promise<unknown[]> => {
    const [job] = batch;
    try {
      if (definition.batch) return await definition.batch.run(batch.map((each) => each.payload));
      if (job)
        await definition.run(job.payload, {
          attempt: job.attempts,
          isLastAttempt: job.attempts >= job.max_attempts,
        });
      return [undefined];
    } catch (error) {
      return batch.map(() => error);
    }
  };

  /** Runs the next due job (with the rest of its batch): nothing due, the last one due, or more due. */
  const runOne = async (): Promise<'none' | 'last' | 'more'> => {
    const names = [...definitions.keys()];
    if (names.length === 0) return 'none';
    const { claimed, isMoreDue } = await claimDue(names, 1);
    const [job] = claimed;
    if (!job) return 'none';
    const next = isMoreDue ? 'more' : 'last';
    const definition = definitions.get(job.name);
    if (!definition) return next;
    // The rest of a batch: up to size - 1 more due jobs of the first one's name.
    const more = (definition.batch?.size ?? 1) - 1;
    const batch = [job, ...(more > 0 && isMoreDue ? (await claimDue([job.name], more)).claimed : [])];
    const release = holdLease(batch);
    const failures = await attempt(definition, batch).finally(release);
    const succeeded = batch.filter((_, index) => failures[index] === undefined);
    if (succeeded.length > 0) await markDone(succeeded);
    for (const [index, failed] of batch.entries()) {
      if (failures[index] !== undefined) await finish(failed, definition, failures[index]);
    }
    upkeep.ended(batch.length);
    return next;
  };

  /**
   * Set by a kick that found every worker busy. A worker clears it before each claim and, when its claim
   * finds nothing (or nothing more was due), claims once more if it was set meanwhile: the jobs that kick
   * announced may have committed after that claim looked, and without this every worker could stop with
   * them due, until the next poll (a second of nothing in a burst of confirmation answers).
   */
  let isKickedWhileBusy = false;

  const loop = async () => {
    try {
      while (isStarted) {
        isKickedWhileBusy = false;
        const ran = await runOne();
        // More were due: another worker joins (up to the concurrency) while this one keeps draining.
        if (ran === 'more') kick();
        // Nothing more was due when it claimed: it stops, unless a kick came while every worker was busy.
        else if (!isKickedWhileBusy) return;
      }
    } catch (error) {
      if (isStarted) logger.error({ err: error }, 'job worker failed');
    }
  };

  /** Starts a worker now if one is free; called after an enqueue commits. */
  function kick() {
    if (!isStarted) return;
    if (running.size >= concurrency) {
      isKickedWhileBusy = true;
      return;
    }
    const work = loop().finally(() => running.delete(work));
    running.add(work);
  }

  let polling: Promise<void> = Promise.resolve();
  const poll = () => {
    if (!isStarted) return;
    polling = reclaimExpired()
      .then(
        () => kick(),
        (error: unknown) => logger.error({ err: error }, 'job leases not reclaimed'),
      )
      .finally(() => {
        if (isStarted) later(pollMs, poll);
      });
  };

  /**
   * Every process inserts each occurrence of a schedule when it comes (and the current one at start); the
   * occurrence's key makes the copies one row, so the job runs once in the cluster.
   */
  const plan = (name: string, rule: ScheduleRule) => {
    if (!isStarted) return;
    const now = Date.now();
    const occurrence = occurrenceAt(rule, now);
    const key = occurrenceKey(name, occurrence);
    void enqueue(db, { name, key, payload: {}, runAt: new Date(occurrence) })
      .then(() => kick())
      .catch((error: unknown) => logger.error({ err: error, job: name }, 'recurring job failed to enqueue'));
    later(Math.min(nextOccurrence(rule, occurrence) - now, MAX_TIMER_MS), () => plan(name, rule));
  };

  /**
   * Adds a job inside the caller's transaction. Answers whether it was stored: false when a job with the
   * key is already there (kept as is), or when `replace` meets that job running.
   */
  async function enqueue(executor: Executor, job: NewJob): Promise<boolean> {
    const runAt = job.runAt ?? new Date(Date.now() + (job.delayMs ?? 0));
    // One statement written out rather than Drizzle's insert builder: the enqueue sits inside the hot
    // inbound and send transactions, and the builder cost ~0.5 ms of CPU per call (docs/BENCHMARKS.md).
    const onConflict = job.replace
      ? sql`do update set name = excluded.name, payload = excluded.payload, run_at = excluded.run_at,
          max_attempts = excluded.max_attempts, status = 'pending', attempts = 0, locked_until = null,
          last_error = '', update_date = now()
        where ${jobs.status} <> 'running'`
      : sql`do nothing`;
    const result = (await executor.execute(
      sql`insert into ${jobs} (name, key, payload, run_at, max_attempts)
        values (${job.name}, ${job.key}, ${JSON.stringify(job.payload)}::jsonb, ${runAt.toISOString()},
          ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS})
        on conflict (key) ${onConflict} returning id`,
    )) as unknown as { rows: unknown[] };
    wakeAt(runAt);
    return result.rows.length > 0;
  }

  /**
   * Jobs to add (a keyed one already there is kept) as a WITH entry named `jobs_added`, for a statement of
   * the caller's that commits them (the inbound writer's); their wake timers are set now.
   */
  function enqueuePart(batch: readonly Omit<NewJob, 'replace'>[]): SQL | undefined {
    if (batch.length === 0) return undefined;
    const records = batch.map((job) => {
      const runAt = job.runAt ?? new Date(Date.now() + (job.delayMs ?? 0));
      wakeAt(runAt);
      return {
        name: job.name,
        key: job.key,
        payload: job.payload,
        run_at: runAt.toISOString(),
        max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      };
    });
    return sql`jobs_added as (insert into ${jobs} (name, key, payload, run_at, max_attempts)
        select name, key, payload, run_at, max_attempts from jsonb_to_recordset(${recordset(records)})
          as r(name text, key text, payload jsonb, run_at timestamptz, max_attempts integer)
        on conflict (key) do nothing)`;
  }

  /** Many jobs in one statement inside the caller's transaction (a batch's follow-ups); a key already there is kept. */
  async function enqueueMany(executor: Executor, batch: readonly Omit<NewJob, 'replace'>[]): Promise<void> {
    const part = enqueuePart(batch);
    if (part) await executor.execute(sql`with ${part} select 1`);
  }

  function define<P extends JobPayload>(type: JobType<P> | string, definition: JobDefinition<P>) {
    definitions.set(typeof type === 'string' ? type : type.name, definition as JobDefinition);
  }

  /** A job declared in code that runs once per occurrence of its rule across every process. */
  function schedule(name: string, rule: ScheduleRule, definition: JobDefinition) {
    assertScheduleRule(name, rule);
    definitions.set(name, definition);
    schedules.push({ name, rule });
    plan(name, rule);
  }

  return {
    enqueue,
    enqueueMany,
    enqueuePart,
    kick,
    define,
    schedule,
    every(name: string, everyMs: number, definition: JobDefinition) {
      schedule(name, { everyMs }, definition);
    },
    /** Removes a job that has not started (a cancelled task's reminder); answers whether there was one. */
    async cancel(executor: Executor, key: string): Promise<boolean> {
      const rows = await executor
        .delete(jobs)
        .where(and(eq(jobs.key, key), eq(jobs.status, 'pending')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },
    /** Moves a job that has not started to another time; answers whether there was one. */
    async reschedule(executor: Executor, key: string, runAt: Date): Promise<boolean> {
      const rows = await executor
        .update(jobs)
        .set({ run_at: runAt, update_date: sql`now()` })
        .where(and(eq(jobs.key, key), eq(jobs.status, 'pending')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },
    /** A dead job runs again from its first attempt; undefined when no failed job has this id. */
    async retryFailed(id: number): Promise<JobRow | undefined> {
      const rows = await db
        .update(jobs)
        .set({
          status: 'pending',
          attempts: 0,
          run_at: sql`now()`,
          locked_until: null,
          update_date: sql`now()`,
        })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
        .returning();
      kick();
      return rows[0];
    },
    start() {
      if (isStarted) return;
      isStarted = true;
      for (const { name, rule } of schedules) plan(name, rule);
      poll();
    },
    /** Stops polling and waits for the jobs in hand, so nothing touches the database after close. */
    async stop() {
      isStarted = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      wakes.clear();
      await Promise.allSettled([polling, ...running]);
      await upkeep.settled();
    },
    stats: upkeep.stats,
    pruneFinished: upkeep.pruneFinished,
  };
};
