import type { SearchBody } from '@conversa/domain';
import { count } from 'drizzle-orm';
import type { Database } from '../db/database';
import { type JobRow, jobs } from '../db/schema';
import { notFound } from '../http/app-error';
import { buildSearchQuery, type SearchWhitelist } from '../http/search-query';
import type { JobQueue } from './job-queue';

/** What the master filters dead jobs by: status, name, key and the dates. */
export const JOB_SEARCH_FIELDS: SearchWhitelist = {
  status: { column: jobs.status, type: 'text' },
  name: { column: jobs.name, type: 'text' },
  key: { column: jobs.key, type: 'text' },
  attempts: { column: jobs.attempts, type: 'number' },
  last_error: { column: jobs.last_error, type: 'text' },
  run_at: { column: jobs.run_at, type: 'date' },
  create_date: { column: jobs.create_date, type: 'date' },
  update_date: { column: jobs.update_date, type: 'date' },
};

/** A job as the master sees it; the payload stays out (it may carry a company's data). */
export const toPublicJob = (row: JobRow) => ({
  id: row.id,
  name: row.name,
  key: row.key,
  status: row.status,
  attempts: row.attempts,
  max_attempts: row.max_attempts,
  run_at: row.run_at,
  last_error: row.last_error,
  create_date: row.create_date,
  update_date: row.update_date,
});

/** Job ids are bigserial numbers; anything else cannot name a job, so it is simply not found. */
const JOB_ID = /^[1-9]\d{0,14}$/;

/** The platform's job queue as the master reads it: dead jobs to inspect and run again. */
export const createJobsService = ({ db, queue }: { db: Database; queue: JobQueue }) => ({
  async search(body: SearchBody) {
    // The most recently changed first: a job that just died is on top.
    const query = buildSearchQuery(body, JOB_SEARCH_FIELDS, {
      defaultSort: { key: 'update_date', order: 'desc' },
      tieBreaker: jobs.id,
    });
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(jobs)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(jobs).where(query.where),
    ]);
    return { data: rows.map(toPublicJob), pagination: query.pagination(totals[0]?.total ?? 0) };
  },

  /** Only a dead job can be retried: a pending or running one is already on its way (404 otherwise). */
  async retry(id: string) {
    const row = JOB_ID.test(id) ? await queue.retryFailed(Number(id)) : undefined;
    if (!row) throw notFound();
    return toPublicJob(row);
  },
});

export type JobsService = ReturnType<typeof createJobsService>;
