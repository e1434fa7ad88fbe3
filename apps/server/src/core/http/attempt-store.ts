import type { Database } from '../db/database';
import { createPostgresAttemptStore } from './postgres-attempt-store';
import { createRedisAttemptStore } from './redis-attempt-store';

/**
 * How a key's attempts are limited: after its n-th counted attempt the key waits `waitsMs[n]` (the last
 * entry for any count past the list) from that attempt; the count starts again at the first attempt made
 * after `windowMs` from the first one.
 */
export type AttemptPolicy = { windowMs: number; waitsMs: readonly number[] };

/**
 * The attempt counters every limiter keeps (sign-in guesses, reset mails, sign-ups), shared by every
 * server process: in Redis with REDIS_URL, otherwise in PostgreSQL. Times are the store's own clock, so
 * processes whose clocks disagree still agree on a wait. A key is forgotten a window after its last
 * counted attempt.
 */
export type AttemptStore = {
  /**
   * Counts one attempt at `key` unless the key must still wait, as one atomic step, so concurrent attempts
   * cannot all pass before the first is counted. Answers the wait in milliseconds, 0 when counted.
   */
  take: (key: string, policy: AttemptPolicy) => Promise<number>;
  /** Takes back one counted attempt (one that was never judged, or that proved the right secret). */
  refund: (key: string) => Promise<void>;
  reset: (key: string) => Promise<void>;
  close: () => Promise<void>;
};

export type AttemptStoreOptions = {
  db: Database;
  redisUrl: string | undefined;
  logger: { error: (object: unknown, message: string) => void };
};

export const createAttemptStore = async (options: AttemptStoreOptions): Promise<AttemptStore> =>
  options.redisUrl
    ? createRedisAttemptStore(options.db, options.redisUrl, options.logger)
    : createPostgresAttemptStore(options.db);
