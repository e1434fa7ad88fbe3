import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { FileStore } from '../../core/storage/file-store';
import { createStorageService } from './storage.service';
import { backfillFileRows } from './storage-backfill';

const BACKFILL_JOB = 'storage.backfill';
/**
 * The key of its run, new since logos and imports joined attachments: a database where the attachments'
 * backfill already finished (its job kept done under the old key) runs the whole one once more.
 */
const BACKFILL_KEY = `${BACKFILL_JOB}:logos-imports`;

/** Storage put together: the service and the one-time backfill of the rows of files stored before files had rows. */
export const setUpStorage = (deps: { db: Database; events: EventBus; queue: JobQueue; files: FileStore }) => {
  const { db, queue, files } = deps;
  queue.define(BACKFILL_JOB, {
    run: async () => {
      await backfillFileRows(db, files);
    },
    retryOn: 'any error',
  });
  return {
    service: createStorageService(deps),
    /** Enqueued at every start under one key: it runs once, and again only if it never finished. */
    startBackfill: () => queue.enqueue(db, { name: BACKFILL_JOB, key: BACKFILL_KEY, payload: {} }),
  };
};
