import { type JobQueue, Postpone } from '../../core/jobs/job-queue';
import { IMPORT_JOB, type ImportJobPayload, type ImportRunner } from './import-runner';

const payloadOf = (payload: Record<string, unknown>): ImportJobPayload => ({
  clientId: String(payload.clientId),
  jobId: String(payload.jobId),
  ip: String(payload.ip ?? ''),
});

/**
 * Imports run on the durable queue, one job per import. A long import goes on in further runs (a slice
 * each, queued again at once without spending an attempt); any failure is retried with backoff. Every run
 * resumes after the last committed batch, so none stores a line twice.
 */
export const defineImportJobs = (queue: JobQueue, runner: ImportRunner) => {
  queue.define(IMPORT_JOB, {
    run: async (payload) => {
      if ((await runner.run(payloadOf(payload))) === 'continues') throw new Postpone('import continues', 0);
    },
    onExhausted: (payload) => runner.abandon(payloadOf(payload)),
    retryOn: 'any error',
  });
};
