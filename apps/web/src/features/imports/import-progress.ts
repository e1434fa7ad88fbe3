import type { ImportJob } from '@conversa/domain';

/** How far an import has got, 0–100; a finished one is whole whatever its counts. */
export const progressOf = (job: Pick<ImportJob, 'status' | 'processed' | 'total'>): number => {
  if (job.status === 'done' || job.status === 'failed') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.round((job.processed / job.total) * 100));
};

export const isRunning = (job: Pick<ImportJob, 'status'>): boolean =>
  job.status === 'queued' || job.status === 'running';
