import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { FileStore } from '../../core/storage/file-store';
import { createStorageService } from './storage.service';
import { backfillAttachmentRows } from './storage-backfill';

const BACKFILL_JOB = 'storage.backfill';

/** Storage put together: the service and the one-time backfill of older attachments' rows. */
export const setUpStorage = (deps: { db: Database; events: EventBus; queue: JobQueue; files: FileStore }) => {
  const { db, queue, files } = deps;
  queue.define(BACKFILL_JOB, {
    run: async () => {
      await backfillAttachmentRows(db, files);
    },
    retryOn: 'any error',
  });
  return {
    service: createStorageService(deps),
    /** Enqueued at every start under one key: it runs once, and again only if it never finished. */
    startBackfill: () => queue.enqueue(db, { name: BACKFILL_JOB, key: BACKFILL_JOB, payload: {} }),
  };
};
