import PgBoss from 'pg-boss';
import type { Query, Sql } from '../lib/db';
import { type ClaimRun, createRunTally } from './claim-run';

/**
 * pg-boss 10 (the alternative issue #10 asked to measure against our queue) on the bench database, in its
 * own schema dropped afterwards: its transactional `send` through a `db` adapter on the caller's
 * transaction, and its workers draining no-op jobs one per fetch (as our queue claims them).
 */

const SCHEMA = 'pgboss_bench';
export const PG_BOSS_QUEUE = 'bench-noop';

export const startPgBoss = async (sql: Sql): Promise<PgBoss> => {
  await sql.query(`drop schema if exists ${SCHEMA} cascade`);
  // No maintenance, no schedules: nothing of pg-boss runs beside what is measured.
  const boss = new PgBoss({
    connectionString: sql.url,
    schema: SCHEMA,
    max: 8,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (error) => process.stderr.write(`[bench] pg-boss: ${error.message}\n`));
  await boss.start();
  await boss.createQueue(PG_BOSS_QUEUE);
  return boss;
};

export const stopPgBoss = async (sql: Sql, boss: PgBoss): Promise<void> => {
  await boss.stop({ graceful: false, close: true, wait: true });
  await sql.query(`drop schema if exists ${SCHEMA} cascade`);
};

/** pg-boss's `send` on the connection of an open transaction (its documented `db` option). */
export const sendInTransaction = (boss: PgBoss, query: Query, key: string) =>
  boss.send(
    PG_BOSS_QUEUE,
    { key },
    { db: { executeSql: async (text, values) => ({ rows: await query(text, values) }) } },
  );

/**
 * `loops` loops of pg-boss's own fetch (one job) and complete drain `jobs` no-op jobs: the same two steps as
 * our queue's claim and done. Its `work()` is not used: a worker waits out the rest of its polling interval
 * (0.5 s at the least) after every fetch, so one fetching a job at a time runs two jobs a second.
 */
export const drainWithPgBoss = async (
  sql: Sql,
  boss: PgBoss,
  jobs: number,
  loops: number,
): Promise<ClaimRun> => {
  // The jobs the send measurement left are not part of this drain.
  await sql.query(`delete from ${SCHEMA}.job where name = $1`, [PG_BOSS_QUEUE]);
  await boss.insert(
    Array.from({ length: jobs }, (_, n) => ({ name: PG_BOSS_QUEUE, data: { key: `boss:${n}` } })),
  );
  const tally = createRunTally();
  const loop = async () => {
    for (;;) {
      const [job] = await boss.fetch<{ key: string }>(PG_BOSS_QUEUE, { batchSize: 1 });
      if (!job) return;
      tally.add(job.data.key);
      await boss.complete(PG_BOSS_QUEUE, job.id);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: loops }, loop));
  const seconds = (performance.now() - started) / 1000;
  const [done] = await sql.query<{ n: string }>(
    `select count(*) as n from ${SCHEMA}.job where name = $1 and state = 'completed'`,
    [PG_BOSS_QUEUE],
  );
  return tally.result(seconds, Number(done?.n ?? 0));
};
