import { type JobQueue, RetryLater } from '../../core/jobs/job-queue';
import { IMPORT_JOB, type ImportJobPayload, type ImportRunner } from './import-runner';

const payloadOf = (payload: Record<string, unknown>): ImportJobPayload => ({
  clientId: String(payload.clientId),
  jobId: String(payload.jobId),
  ip: String(payload.ip ?? ''),
});

/**
 * Imports run on the durable queue, one job per import. Any failure is retried with backoff: the runner
 * resumes after the last committed batch, so a retry never stores a line twice.
 */
export const defineImportJobs = (queue: JobQueue, runner: ImportRunner) => {
  queue.define(IMPORT_JOB, {
    run: async (payload) => {
      try {
        await runner.run(payloadOf(payload));
      } catch (error) {
        throw new RetryLater(error instanceof Error ? error.message : String(error));
      }
    },
    onExhausted: (payload) => runner.abandon(payloadOf(payload)),
  });
};
