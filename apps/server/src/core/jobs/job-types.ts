/** The vocabulary of the job queue, shared by the queue, the modules declaring jobs and the dead-job routes. */

export type JobPayload = Record<string, unknown>;

/** Thrown by a handler for a failure worth retrying; retryAfterMs overrides the backoff (provider hints). */
export class RetryLater extends Error {
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'RetryLater';
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * Thrown by a handler that must wait its turn (a provider's send pacing): re-scheduled after retryAfterMs
 * without spending one of the job's attempts, since nothing was tried.
 */
export class Postpone extends RetryLater {
  constructor(message: string, retryAfterMs: number) {
    super(message, retryAfterMs);
    this.name = 'Postpone';
  }
}

export type JobContext = { attempt: number; isLastAttempt: boolean };

export type JobDefinition<P extends JobPayload = JobPayload> = {
  run: (payload: P, context: JobContext) => Promise<void>;
  /** Called once when the last attempt failed, so the owner can record the failure (message 'error'). */
  onExhausted?: (payload: P, error: unknown) => Promise<void>;
  /**
   * Which failures are retried with backoff. `RetryLater` (the default): only what the handler marks so,
   * any other error fails the job at once (a provider's refusal will not change). `any error`: every
   * failure is retried until the attempts run out (a reminder or a renewal hitting a passing outage).
   */
  retryOn?: 'RetryLater' | 'any error';
  /**
   * Jobs of this name run together: a worker that claims one takes up to `size` due ones at once and
   * hands them to `run`, which answers each job's failure in the order given (undefined when it
   * succeeded). For follow-ups that arrive in bursts and cost mostly per-statement overhead (a morning's
   * confirmation answers); `run` above then serves a single job.
   */
  batch?: { size: number; run: (payloads: P[]) => Promise<unknown[]> };
};

/** When a job runs: at a date, after a delay, or (neither) at once. */
export type JobTiming = { runAt?: Date; delayMs?: number };

export type NewJob = JobTiming & {
  name: string;
  /** Unique across the queue: enqueuing a key already there keeps one job (see `replace`). */
  key: string;
  payload: JobPayload;
  maxAttempts?: number;
  /**
   * An existing job with this key that is not running is replaced (payload, time, attempts from zero), as
   * a task's reminder is when the task moves; without it the existing job is kept as is.
   */
  replace?: boolean;
};

/** A job type declared once in code, so what is enqueued and what the handler reads agree. */
export type JobType<P extends JobPayload> = {
  readonly name: string;
  job: (payload: P, options: JobTiming & { key: string; replace?: boolean }) => NewJob;
};

/**
 * Declares a job type: `const taskReminder = defineJob<{ taskId: string }>('task.remind')`, then
 * `queue.define(taskReminder, { run })` in the module and
 * `queue.enqueue(tx, taskReminder.job({ taskId }, { key: \`task.remind:${id}\`, runAt }))` in its service.
 */
export const defineJob = <P extends JobPayload>(
  name: string,
  defaults: { maxAttempts?: number } = {},
): JobType<P> => ({
  name,
  job: (payload, options) => ({ name, payload, maxAttempts: defaults.maxAttempts, ...options }),
});

/**
 * A definition whose jobs run together (see `batch`): `queue.define(type, batched(100, runMany, { … }))`.
 * A job met alone is a batch of one.
 */
export const batched = <P extends JobPayload>(
  size: number,
  run: (payloads: P[]) => Promise<unknown[]>,
  rest: Omit<JobDefinition<P>, 'run' | 'batch'> = {},
): JobDefinition<P> => ({
  ...rest,
  batch: { size, run },
  async run(payload) {
    const [failure] = await run([payload]);
    if (failure !== undefined) throw failure;
  },
});

/**
 * A batch handler for jobs that name their company: each company's jobs handled together by `handle`,
 * which may answer each job's failure in order (an array); a company whose handling throws fails only its
 * own jobs.
 */
export const perCompany =
  <P extends JobPayload & { clientId: string }>(
    handle: (clientId: string, payloads: P[]) => Promise<unknown>,
  ) =>
  async (payloads: P[]): Promise<unknown[]> => {
    const failures = new Map<P, unknown>();
    for (const clientId of new Set(payloads.map((payload) => payload.clientId))) {
      const own = payloads.filter((payload) => payload.clientId === clientId);
      try {
        const handled = await handle(clientId, own);
        const answered: unknown[] = Array.isArray(handled) ? handled : [];
        for (const [index, payload] of own.entries()) failures.set(payload, answered[index]);
      } catch (error) {
        for (const payload of own) failures.set(payload, error);
      }
    }
    return payloads.map((payload) => failures.get(payload));
  };
