import type { FastifyBaseLogger } from 'fastify';
import type { UrlSigner } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import type { FileStore } from '../../core/storage/file-store';
import { createStoredFiles } from '../storage/stored-files';
import { createExtractionLinks } from './extraction-link';
import { createExtractionRunner, type ExtractionServices, extractionJob } from './extraction-runner';
import { sweepExpiredExtractions } from './extraction-sweep';
import { createExtractionsService } from './extractions.service';

/** How often the sweep looks for files past their 7 days. */
const SWEEP_EVERY_MS = 3_600_000;

/** Extractions put together: the service, the job that writes the files and the hourly sweep of old ones. */
export const setUpExtractions = (deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  files: FileStore;
  signer: UrlSigner;
  services: ExtractionServices;
  logger: FastifyBaseLogger;
}) => {
  const { db, events, queue, files, services, logger } = deps;
  const storedFiles = createStoredFiles({ db, files });
  const links = createExtractionLinks(deps.signer);
  const runner = createExtractionRunner({ db, events, storedFiles, links, services, logger });
  const service = createExtractionsService({ db, queue, files, storedFiles, links, services });
  // A failure is recorded by the runner itself (status failed); the job only retries a crash.
  queue.define(extractionJob, { run: (payload) => runner.run(payload) });
  queue.every('extraction.sweep', SWEEP_EVERY_MS, {
    run: async () => {
      await sweepExpiredExtractions(db, storedFiles);
    },
  });
  return service;
};
