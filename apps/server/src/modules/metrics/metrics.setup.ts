import type { Database } from '../../core/db/database';
import type { JobQueue } from '../../core/jobs/job-queue';
import { createDashboardService } from './dashboard.service';
import { rollUp } from './metric-rollups';
import { backfillMetrics } from './metrics-backfill';

/** How often the events are added into the day rollups; the dashboards read the rest from the events. */
const ROLLUP_EVERY_MS = 10_000;
const BACKFILL_JOB = 'metrics.backfill';

/**
 * The dashboards' machinery: the rollup once per period across the cluster, the one-time backfill
 * enqueued at each start (keyed, and a no-op once done), and the service the routes answer from.
 */
export const setUpMetrics = ({ db, queue }: { db: Database; queue: JobQueue }) => {
  queue.every('metrics.rollup', ROLLUP_EVERY_MS, {
    run: async () => {
      await rollUp(db);
    },
  });
  queue.define(BACKFILL_JOB, {
    run: async () => {
      await backfillMetrics(db);
    },
    retryOn: 'any error',
  });
  return {
    service: createDashboardService({ db }),
    /** Enqueues the backfill; the job's key keeps one, and a finished backfill stays done. */
    startBackfill: () => queue.enqueue(db, { name: BACKFILL_JOB, key: BACKFILL_JOB, payload: {} }),
  };
};
