import type { JobQueue } from '../../core/jobs/job-queue';
import { DIFFUSION_SEND_JOB, type DiffusionSender } from './diffusion-sender';
import type { DiffusionsService } from './diffusions.service';

/** How often the cluster looks for due scheduled diffusions and running ones without their sender. */
export const DIFFUSION_SWEEP_MS = 10_000;

export const defineDiffusionJobs = (queue: JobQueue, sender: DiffusionSender, service: DiffusionsService) => {
  queue.define(DIFFUSION_SEND_JOB, {
    run: (payload) => sender.run(String(payload.clientId), String(payload.diffusionId)),
    // A database hiccup is retried; once the attempts run out the sweep arms the sender again.
    retryOn: 'any error',
  });
  queue.every('diffusion.due', DIFFUSION_SWEEP_MS, { run: () => service.sweepDue() });
};
