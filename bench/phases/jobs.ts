import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../apps/server/src/core/db/database';
import { createJobQueue, type NewJob } from '../../apps/server/src/core/jobs/job-queue';
import type { Query, Sql } from '../lib/db';
import { Histogram, type Summary } from '../lib/histogram';
import { pcts, perSecond, type Row, ratio } from '../lib/report';
import { type ClaimRun, createRunTally } from './claim-run';
import type { PhaseContext, Results } from './context';
import { drainWithPgBoss, sendInTransaction, startPgBoss, stopPgBoss } from './pg-boss';

/**
 * The job queue, measured on the bench database with the product stopped:
 * - enqueue inside an open transaction, as the inbound writer and the outbound send do it (the queue's
 *   Drizzle insert), beside the limit: the same row inserted by a bare statement through the driver;
 * - claim + complete of no-op jobs by one queue (4 jobs at a time, the product's default) and by two
 *   queues on the same database (two processes' workers), beside the limit: the same two statements
 *   (SKIP LOCKED claim, done) looped bare on as many connections. Every job must run exactly once.
 * pg-boss 10 gets the same two measurements beside ours (pg-boss.ts): its transactional send in the same
 * transactions, and its fetch + complete looped on 4 connections.
 */

export type JobsResult = {
  enqueue: { ours: Summary; bare: Summary; pgBoss: Summary; perTransaction: number };
  claims: {
    jobs: number;
    oneWorker: ClaimRun;
    twoWorkers: ClaimRun;
    bareFour: ClaimRun;
    bareEight: ClaimRun;
    pgBossFour: ClaimRun;
  };
};

const NAME = 'bench.noop';
const ENQUEUES_PER_TRANSACTION = 10;

const quietLogger = (): FastifyBaseLogger => {
  const warn = (value: unknown) => process.stderr.write(`[bench] job queue: ${JSON.stringify(value)}\n`);
  const logger = {
    level: 'warn',
    fatal: warn,
    error: warn,
    warn,
    info: () => {},
    debug: () => {},
    trace: () => {},
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
};

const benchJob = (key: string): NewJob => ({ name: NAME, key, payload: { key }, maxAttempts: 5 });

const BARE_INSERT = `insert into jobs (name, key, payload, run_at, max_attempts) values ($1, $2, $3::jsonb, $4, $5)
  on conflict (key) do nothing returning id`;

const measureEnqueue = async (sql: Sql, db: Database, boss: PgBoss, count: number, runId: string) => {
  const queue = createJobQueue({ db, logger: quietLogger() });
  const ours = new Histogram();
  const bare = new Histogram();
  const pgBoss = new Histogram();
  const transactions = Math.ceil(count / ENQUEUES_PER_TRANSACTION);
  // Alternating the two keeps a warming cache or a checkpoint from favouring either side.
  for (let t = 0; t < transactions; t += 1) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < ENQUEUES_PER_TRANSACTION; i += 1) {
        const at = performance.now();
        await queue.enqueue(tx, benchJob(`${runId}:ours:${t}:${i}`));
        ours.record(performance.now() - at);
      }
    });
    await sql.transaction(async (query: Query) => {
      for (let i = 0; i < ENQUEUES_PER_TRANSACTION; i += 1) {
        const key = `${runId}:bare:${t}:${i}`;
        const at = performance.now();
        await query(BARE_INSERT, [NAME, key, JSON.stringify({ key }), new Date(), 5]);
        bare.record(performance.now() - at);
      }
    });
    await sql.transaction(async (query: Query) => {
      for (let i = 0; i < ENQUEUES_PER_TRANSACTION; i += 1) {
        const at = performance.now();
        await sendInTransaction(boss, query, `${runId}:boss:${t}:${i}`);
        pgBoss.record(performance.now() - at);
      }
    });
  }
  return {
    ours: ours.summary(),
    bare: bare.summary(),
    pgBoss: pgBoss.summary(),
    perTransaction: ENQUEUES_PER_TRANSACTION,
  };
};

const fillQueue = async (sql: Sql, jobs: number, prefix: string) => {
  await sql.query(`delete from jobs where name = $1`, [NAME]);
  await sql.query(
    `insert into jobs (name, key, payload, run_at)
     select $1, $2 || n, jsonb_build_object('key', $2 || n), now() - interval '1 second'
     from generate_series(1, $3::int) n`,
    [NAME, prefix, jobs],
  );
};

const doneCount = async (sql: Sql) =>
  Number(
    (
      await sql.query<{ n: string }>(`select count(*) as n from jobs where name = $1 and status = 'done'`, [
        NAME,
      ])
    )[0]?.n ?? 0,
  );

/** One or two queues drain `jobs` no-op jobs; the handler counts every run by key. */
const drainWithQueues = async (sql: Sql, db: Database, jobs: number, workers: number): Promise<ClaimRun> => {
  await fillQueue(sql, jobs, `queue-${workers}:`);
  const tally = createRunTally();
  const queues = Array.from({ length: workers }, () =>
    createJobQueue({ db, logger: quietLogger(), pollMs: 20, concurrency: 4 }),
  );
  let finished: () => void = () => {};
  const allRan = new Promise<void>((resolve) => {
    finished = resolve;
  });
  for (const queue of queues) {
    queue.define(NAME, {
      run: async (payload) => {
        tally.add(String(payload.key));
        if (tally.ran() >= jobs) finished();
      },
    });
  }
  const started = performance.now();
  for (const queue of queues) queue.start();
  await Promise.race([allRan, new Promise((resolve) => setTimeout(resolve, 120_000))]);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(queues.map((queue) => queue.stop()));
  return tally.result(seconds, await doneCount(sql));
};

/** The limit: the queue's two statements, nothing around them, looped on `connections` connections. */
const drainBare = async (sql: Sql, jobs: number, connections: number): Promise<ClaimRun> => {
  await fillQueue(sql, jobs, `bare-${connections}:`);
  const tally = createRunTally();
  const loop = async () => {
    for (;;) {
      const [claimed] = await sql.query<{ id: string; key: string }>(
        `update jobs set status = 'running', attempts = attempts + 1,
           locked_until = now() + interval '5 minutes', update_date = now()
         where id = (select id from jobs where name = $1 and status = 'pending' and run_at <= now()
                     order by run_at limit 1 for update skip locked)
         returning id, key`,
        [NAME],
      );
      if (!claimed) return;
      tally.add(claimed.key);
      await sql.query(
        `update jobs set status = 'done', locked_until = null, update_date = now() where id = $1`,
        [claimed.id],
      );
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = (performance.now() - started) / 1000;
  return tally.result(seconds, await doneCount(sql));
};

export const runJobs = async (
  sql: Sql,
  sizes: { enqueues: number; claimJobs: number },
): Promise<JobsResult> => {
  const db = sql.drizzle({ logQuery: () => {} });
  const runId = `bench-${Date.now().toString(36)}`;
  const boss = await startPgBoss(sql);
  try {
    const enqueue = await measureEnqueue(sql, db, boss, sizes.enqueues, runId);
    const oneWorker = await drainWithQueues(sql, db, sizes.claimJobs, 1);
    const bareFour = await drainBare(sql, sizes.claimJobs, 4);
    const pgBossFour = await drainWithPgBoss(sql, boss, sizes.claimJobs, 4);
    const twoWorkers = await drainWithQueues(sql, db, sizes.claimJobs, 2);
    const bareEight = await drainBare(sql, sizes.claimJobs, 8);
    return {
      enqueue,
      claims: { jobs: sizes.claimJobs, oneWorker, twoWorkers, bareFour, bareEight, pgBossFour },
    };
  } finally {
    await sql.query(`delete from jobs where name = $1`, [NAME]);
    await stopPgBoss(sql, boss);
  }
};

/** The phase with the product stopped: the queue measured, and a check that each drain ran every job once. */
export const jobsPhase = async ({ profile, results, log }: PhaseContext, sql: Sql) => {
  log('job queue: enqueue inside a transaction, claim + complete with one and two workers');
  results.jobs = await runJobs(sql, profile.jobs);
  const { claims } = results.jobs;
  for (const [label, run] of Object.entries({
    'one worker': claims.oneWorker,
    'two workers': claims.twoWorkers,
    'bare claim loop': claims.bareFour,
    'pg-boss fetch + complete': claims.pgBossFour,
  })) {
    results.checks.push({
      name: `jobs, ${label}: every job ran exactly once and is done`,
      expected: claims.jobs,
      actual: run.ranTwice > 0 ? -run.ranTwice : Math.min(run.ran, run.done),
      ok: run.ran === claims.jobs && run.done === claims.jobs && run.ranTwice === 0,
    });
  }
};

/** Enqueue (ours and pg-boss's) beside a bare insert, then each drain beside the bare claim loop. */
export const jobRows = (r: Results): Row[] => {
  if (!r.jobs) return [];
  const { enqueue, claims } = r.jobs;
  const claimRow = (label: string, run: ClaimRun, bare: ClaimRun, connections: number): Row => ({
    metric: `jobs: claim + complete, ${label} (${claims.jobs.toLocaleString('en')} no-op jobs)`,
    ours: perSecond(run.perSecond),
    limit: `${perSecond(bare.perSecond)} bare claim + done on ${connections} connections`,
    ratio: ratio(run.perSecond, bare.perSecond),
    target: '',
    verdict: '',
  });
  return [
    {
      metric: `jobs: enqueue inside a transaction (${enqueue.perTransaction} a transaction), p50 / p95 / p99`,
      ours: pcts(enqueue.ours),
      limit: `${pcts(enqueue.bare)} bare insert of the same row`,
      ratio: ratio(enqueue.ours.p50, enqueue.bare.p50),
      target: '',
      verdict: '',
    },
    {
      metric: `jobs: pg-boss 10 send inside the same transactions, p50 / p95 / p99`,
      ours: pcts(enqueue.pgBoss),
      limit: `${pcts(enqueue.bare)} bare insert of the same row`,
      ratio: ratio(enqueue.pgBoss.p50, enqueue.bare.p50),
      target: '',
      verdict: '',
    },
    claimRow('one worker, 4 at a time', claims.oneWorker, claims.bareFour, 4),
    claimRow('pg-boss 10 fetch + complete, 4 at a time', claims.pgBossFour, claims.bareFour, 4),
    claimRow('two workers, 4 at a time each', claims.twoWorkers, claims.bareEight, 8),
  ];
};
