import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import type { Database } from '../db/database';
import * as schema from '../db/schema';
import { jobs } from '../db/schema';
import { batched, createJobQueue, defineJob, type JobQueue, RetryLater } from './job-queue';

/*
 * Two queues on one database, each with its own connection pool, stand for two server processes: every
 * claim they race for goes through PostgreSQL exactly as it would across machines.
 */

/** A silent logger; what it is told at warn and error level lands in `heard` for the tests that read it. */
const quiet = (heard: string[] = []): FastifyBaseLogger => {
  const logger = {
    level: 'silent',
    fatal: () => {},
    error: (_object: unknown, message: string) => void heard.push(message),
    warn: (_object: unknown, message: string) => void heard.push(message),
    info: () => {},
    debug: () => {},
    trace: () => {},
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const pools: pg.Pool[] = [];
const queues: JobQueue[] = [];

const connect = (): Database => {
  const pool = new pg.Pool({ connectionString: database.url, max: 5 });
  // The file's database is dropped WITH (FORCE) at the end: a connection still closing then hears
  // "terminating connection due to administrator command", which is expected, not a failure.
  pool.on('error', () => {});
  pools.push(pool);
  return drizzle({ client: pool, schema }) as unknown as Database;
};

let db: Database;

const worker = (
  options: { backoffMs?: number; failedKeepMs?: number; leaseMs?: number; vacuumEveryJobs?: number } = {},
) => {
  const queue = createJobQueue({ db: connect(), logger: quiet(), pollMs: 25, ...options });
  queues.push(queue);
  return queue;
};

const until = async (isDone: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const rowOf = async (key: string) => (await db.select().from(jobs).where(eq(jobs.key, key)))[0];

beforeAll(async () => {
  database = await createTestDatabase();
  db = connect();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await database?.drop();
});

describe('job queue with two workers on one database', () => {
  it('runs each of 300 jobs exactly once, both workers taking a share', async () => {
    const batch = defineJob<{ n: number }>('test.once');
    const runs = new Map<number, number>();
    const byWorker = [0, 0];
    const [first, second] = [worker(), worker()];
    for (const [index, queue] of [first, second].entries()) {
      queue.define(batch, {
        run: async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          byWorker[index] = (byWorker[index] ?? 0) + 1;
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
    }
    await db.transaction(async (tx) => {
      for (let n = 0; n < 300; n += 1) await first.enqueue(tx, batch.job({ n }, { key: `once:${n}` }));
    });
    first.start();
    second.start();
    await until(() => runs.size === 300);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(byWorker[0]).toBeGreaterThan(0);
    expect(byWorker[1]).toBeGreaterThan(0);
    await until(
      async () => (await db.$count(jobs, and(eq(jobs.name, 'test.once'), eq(jobs.status, 'done')))) === 300,
    );
  });

  it('a batched type takes its due jobs together across two workers, and retries only the ones that failed', async () => {
    const answer = defineJob<{ n: number }>('test.batched');
    const batchSizes: number[] = [];
    const runs = new Map<number, number>();
    for (const queue of [worker({ backoffMs: 20 }), worker({ backoffMs: 20 })]) {
      queue.define(
        answer,
        batched(
          40,
          async (payloads) => {
            batchSizes.push(payloads.length);
            for (const { n } of payloads) runs.set(n, (runs.get(n) ?? 0) + 1);
            // Every tenth job fails on its first run only.
            return payloads.map(({ n }) =>
              n % 10 === 0 && runs.get(n) === 1 ? new RetryLater('the clinic answered 503') : undefined,
            );
          },
          { retryOn: 'RetryLater' },
        ),
      );
    }
    await db.transaction(async (tx) => {
      await queues[0]?.enqueueMany(
        tx,
        Array.from({ length: 200 }, (_, n) => answer.job({ n }, { key: `batched:${n}` })),
      );
    });
    for (const queue of queues) queue.start();
    await until(
      async () =>
        (await db.$count(jobs, and(eq(jobs.name, 'test.batched'), eq(jobs.status, 'done')))) === 200,
    );
    // 200 jobs in far fewer than 200 runs, none larger than its size; each ran once, the failed twice.
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(40);
    expect(batchSizes.filter((size) => size > 1).length).toBeGreaterThan(0);
    expect(batchSizes.length).toBeLessThan(60);
    expect(
      [...runs.entries()]
        .filter(([, count]) => count !== 1)
        .map(([n]) => n)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 20 }, (_, index) => index * 10));
    expect((await rowOf('batched:10'))?.attempts).toBe(2);
    expect((await rowOf('batched:11'))?.attempts).toBe(1);
  });

  it('a job enqueued in a transaction that rolls back never runs', async () => {
    const queue = worker();
    let ran = 0;
    queue.define('test.rollback', {
      run: async () => {
        ran += 1;
      },
    });
    await db
      .transaction(async (tx) => {
        await queue.enqueue(tx, { name: 'test.rollback', key: 'rollback:1', payload: {} });
        throw new Error('the inbound write failed');
      })
      .catch(() => undefined);
    queue.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ran).toBe(0);
    expect(await rowOf('rollback:1')).toBeUndefined();
  });

  it('a job waits for its date or its delay', async () => {
    const queue = worker();
    const ranAt = new Map<string, number>();
    const reminder = defineJob<{ label: string }>('test.later');
    queue.define(reminder, { run: async ({ label }) => void ranAt.set(label, Date.now()) });
    const enqueued = Date.now();
    await queue.enqueue(db, reminder.job({ label: 'delay' }, { key: 'later:delay', delayMs: 400 }));
    await queue.enqueue(
      db,
      reminder.job({ label: 'date' }, { key: 'later:date', runAt: new Date(enqueued + 600) }),
    );
    queue.start();
    await until(() => ranAt.size === 2);
    expect((ranAt.get('delay') ?? 0) - enqueued).toBeGreaterThanOrEqual(400);
    expect((ranAt.get('date') ?? 0) - enqueued).toBeGreaterThanOrEqual(600);
  });

  it('a job due later is started at its time by the process that queued it, not at the next poll', async () => {
    const queue = createJobQueue({ db: connect(), logger: quiet(), pollMs: 60_000 });
    queues.push(queue);
    const ranAt = new Map<string, number>();
    const turn = defineJob<{ label: string }>('test.turn');
    queue.define(turn, { run: async ({ label }) => void ranAt.set(label, Date.now()) });
    queue.start();
    const enqueued = Date.now();
    await queue.enqueue(db, turn.job({ label: 'one' }, { key: 'turn:one', delayMs: 300 }));
    await queue.enqueueMany(db, [
      turn.job({ label: 'two' }, { key: 'turn:two', delayMs: 500 }),
      turn.job({ label: 'three' }, { key: 'turn:three', delayMs: 500 }),
    ]);
    await until(() => ranAt.size === 3, 5_000);
    for (const [label, due] of [
      ['one', 300],
      ['two', 500],
      ['three', 500],
    ] as const) {
      expect((ranAt.get(label) ?? 0) - enqueued).toBeGreaterThanOrEqual(due);
      expect((ranAt.get(label) ?? 0) - enqueued).toBeLessThan(due + 2_000);
    }
  });

  it('jobs due one at a time (paced sends) are claimed once each: no worker asks again for nothing', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 5 });
    pool.on('error', () => {});
    pools.push(pool);
    let claims = 0;
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      Object.assign(client, {
        query: (...args: unknown[]) => {
          const [config] = args;
          const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
          if (text?.includes("set status = 'running'")) claims += 1;
          return query(...args);
        },
      });
    });
    const queue = createJobQueue({
      db: drizzle({ client: pool, schema }) as unknown as Database,
      logger: quiet(),
      pollMs: 60_000,
    });
    queues.push(queue);
    const ran: string[] = [];
    const send = defineJob<{ label: string }>('test.paced-send');
    queue.define(send, { run: async ({ label }) => void ran.push(label) });
    queue.start();
    await until(() => claims === 1);
    await queue.enqueueMany(
      db,
      [0, 1, 2, 3, 4].map((index) =>
        send.job({ label: String(index) }, { key: `paced:${index}`, delayMs: 200 + index * 100 }),
      ),
    );
    await until(() => ran.length === 5, 5_000);
    // The start's look, then one claim per job at its turn (each used to bring two empty ones: 16).
    expect(ran).toEqual(['0', '1', '2', '3', '4']);
    expect(claims).toBeLessThanOrEqual(7);
  });

  it('a recurring job runs once per occurrence whatever the number of processes', async () => {
    let runs = 0;
    const [first, second] = [worker(), worker()];
    for (const queue of [first, second]) {
      queue.schedule(
        'test.tick',
        { everyMs: 1000 },
        {
          run: async () => {
            runs += 1;
          },
        },
      );
    }
    first.start();
    second.start();
    await new Promise((resolve) => setTimeout(resolve, 2600));
    await first.stop();
    await second.stop();
    const occurrences = await db.select().from(jobs).where(eq(jobs.name, 'test.tick'));
    // Started mid-period, 2.6 s see the current period and the next two (three keys at most).
    expect(occurrences.length).toBeGreaterThanOrEqual(2);
    expect(occurrences.every((row) => /^test\.tick@\d{4}-/.test(row.key))).toBe(true);
    expect(runs).toBe(occurrences.filter((row) => row.status === 'done').length);
    expect(occurrences.every((row) => row.attempts <= 1)).toBe(true);
  });

  it('a failing job is retried with backoff, then kept dead with its last error and run again on retry', async () => {
    const queue = worker({ backoffMs: 40 });
    const attemptTimes: number[] = [];
    let exhausted = 0;
    let isFixed = false;
    const renewal = defineJob<{ companyId: string }>('test.renew', { maxAttempts: 3 });
    queue.define(renewal, {
      retryOn: 'any error',
      run: async () => {
        attemptTimes.push(Date.now());
        if (!isFixed) throw new Error('payment provider unreachable');
      },
      onExhausted: async () => {
        exhausted += 1;
      },
    });
    await queue.enqueue(db, renewal.job({ companyId: 'c1' }, { key: 'renew:c1' }));
    queue.start();
    await until(async () => (await rowOf('renew:c1'))?.status === 'failed');
    const dead = await rowOf('renew:c1');
    expect(dead).toMatchObject({ attempts: 3, last_error: 'payment provider unreachable' });
    expect(attemptTimes).toHaveLength(3);
    expect(exhausted).toBe(1);
    // The second wait is longer than the first (40 ms doubling, jitter in the upper half).
    const [a = 0, b = 0, c = 0] = attemptTimes;
    expect(b - a).toBeGreaterThanOrEqual(20);
    expect(c - b).toBeGreaterThanOrEqual(40);

    isFixed = true;
    const retried = await queue.retryFailed(dead?.id ?? 0);
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 });
    await until(async () => (await rowOf('renew:c1'))?.status === 'done');
    expect(await queue.retryFailed(dead?.id ?? 0)).toBeUndefined();
  });

  it('a job whose worker died is taken over by another worker once its lease runs out', async () => {
    await db.insert(jobs).values({
      name: 'test.orphan',
      key: 'orphan:1',
      payload: {},
      status: 'running',
      attempts: 1,
      locked_until: new Date(Date.now() - 1000),
    });
    const queue = worker();
    const attempts: number[] = [];
    queue.define('test.orphan', {
      run: async (_payload, context) => {
        attempts.push(context.attempt);
      },
    });
    queue.start();
    await until(async () => (await rowOf('orphan:1'))?.status === 'done');
    expect(attempts).toEqual([2]);
  });

  it('a job running for several lease lengths keeps its lease and runs once', async () => {
    const runs: number[] = [];
    const [first, second] = [worker({ leaseMs: 300 }), worker({ leaseMs: 300 })];
    for (const queue of [first, second]) {
      queue.define('test.long', {
        run: async (_payload, context) => {
          runs.push(context.attempt);
          await new Promise((resolve) => setTimeout(resolve, 1500));
        },
      });
    }
    await first.enqueue(db, { name: 'test.long', key: 'long:1', payload: {} });
    first.start();
    second.start();
    await until(async () => (await rowOf('long:1'))?.status === 'done');
    // Both workers poll every 25 ms for expired leases: without renewal the job ran again after 300 ms.
    expect(runs).toEqual([1]);
    expect(await rowOf('long:1')).toMatchObject({ attempts: 1, locked_until: null });
  });

  it('a job whose worker stops renewing its lease is taken over, the failed renewals logged', async () => {
    // The first worker has a pool of its own, ended mid-job: its renewals fail as a dead process's would.
    const heard: string[] = [];
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => {});
    const dying = createJobQueue({
      db: drizzle({ client: pool, schema }) as unknown as Database,
      logger: quiet(heard),
      pollMs: 25,
      leaseMs: 300,
    });
    queues.push(dying);
    let release = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    const attempts: string[] = [];
    dying.define('test.stalled', {
      run: async (_payload, context) => {
        attempts.push(`dying:${context.attempt}`);
        await stalled;
      },
    });
    await dying.enqueue(db, { name: 'test.stalled', key: 'stalled:1', payload: {} });
    dying.start();
    try {
      await until(() => attempts.length === 1);
      await pool.end();
      const survivor = worker({ leaseMs: 300 });
      survivor.define('test.stalled', {
        run: async (_payload, context) => {
          attempts.push(`survivor:${context.attempt}`);
        },
      });
      survivor.start();
      await until(async () => (await rowOf('stalled:1'))?.status === 'done');
      expect(attempts).toEqual(['dying:1', 'survivor:2']);
      expect(heard).toContain('job lease not renewed');
    } finally {
      release();
    }
  });

  it('a RetryLater-only job fails at once on any other error', async () => {
    const queue = worker({ backoffMs: 10 });
    let attempts = 0;
    queue.define('test.strict', {
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new RetryLater('busy');
        throw new Error('refused for good');
      },
    });
    await queue.enqueue(db, { name: 'test.strict', key: 'strict:1', payload: {} });
    queue.start();
    await until(async () => (await rowOf('strict:1'))?.status === 'failed');
    expect(await rowOf('strict:1')).toMatchObject({ attempts: 2, last_error: 'refused for good' });
  });

  it('cleanup removes old done jobs but keeps dead jobs for their retention', async () => {
    const queue = worker({ failedKeepMs: 60_000 });
    const old = new Date(Date.now() - 120_000);
    await db.insert(jobs).values([
      { name: 'test.prune', key: 'prune:done', payload: {}, status: 'done', update_date: old },
      { name: 'test.prune', key: 'prune:dead-recent', payload: {}, status: 'failed' },
      { name: 'test.prune', key: 'prune:dead-old', payload: {}, status: 'failed', update_date: old },
    ]);
    await queue.pruneFinished(new Date());
    const left = await db.select({ key: jobs.key }).from(jobs).where(eq(jobs.name, 'test.prune'));
    expect(left.map((row) => row.key)).toEqual(['prune:dead-recent']);
  });

  it('a pending job is moved or cancelled by its key; a replaced key runs again', async () => {
    const queue = worker();
    const ran: string[] = [];
    const reminder = defineJob<{ taskId: string }>('test.remind');
    queue.define(reminder, { run: async ({ taskId }) => void ran.push(taskId) });
    const inAnHour = new Date(Date.now() + 3_600_000);
    await queue.enqueue(db, reminder.job({ taskId: 't1' }, { key: 'remind:t1', runAt: inAnHour }));
    await queue.enqueue(db, reminder.job({ taskId: 't2' }, { key: 'remind:t2', runAt: inAnHour }));
    expect(await queue.enqueue(db, reminder.job({ taskId: 't2' }, { key: 'remind:t2' }))).toBe(false);
    queue.start();

    expect(await queue.cancel(db, 'remind:t2')).toBe(true);
    expect(await queue.cancel(db, 'remind:t2')).toBe(false);
    expect(await rowOf('remind:t2')).toBeUndefined();

    expect(await queue.reschedule(db, 'remind:t1', new Date())).toBe(true);
    await until(() => ran.includes('t1'));
    expect(await queue.reschedule(db, 'remind:t1', inAnHour)).toBe(false);

    expect(await queue.enqueue(db, reminder.job({ taskId: 't1' }, { key: 'remind:t1', replace: true }))).toBe(
      true,
    );
    await until(() => ran.filter((id) => id === 't1').length === 2);
    expect(ran).toEqual(['t1', 't1']);
  });

  it('vacuums its table after every so many jobs it ran, the claims no longer visiting their dead entries', async () => {
    const vacuums = async () => {
      await pool.query('select pg_stat_clear_snapshot()');
      const { rows } = await pool.query<{ n: number }>(
        `select vacuum_count::int as n from pg_stat_user_tables where relname = 'jobs'`,
      );
      return rows[0]?.n ?? 0;
    };
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    pools.push(pool);
    const before = await vacuums();
    const queue = worker({ vacuumEveryJobs: 20 });
    const ran: number[] = [];
    const chore = defineJob<{ n: number }>('test.vacuum');
    queue.define(chore, { run: async ({ n }) => void ran.push(n) });
    await queue.enqueueMany(
      db,
      Array.from({ length: 19 }, (_, n) => chore.job({ n }, { key: `vacuum:${n}` })),
    );
    queue.start();
    await until(() => ran.length === 19);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await vacuums()).toBe(before);

    await queue.enqueue(db, chore.job({ n: 19 }, { key: 'vacuum:19' }));
    queue.kick();
    await until(async () => (await vacuums()) > before);
    const dead = await pool.query<{ n: number }>(
      `select n_dead_tup::int as n from pg_stat_user_tables where relname = 'jobs'`,
    );
    expect(dead.rows[0]?.n).toBe(0);
  });
});
