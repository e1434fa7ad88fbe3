/**
 * Failed attempts per key (an account, an address) within a window. The first `freeFailures` cost nothing;
 * each further one makes the key wait longer before its next attempt (baseDelayMs, doubling, up to
 * maxDelayMs); at `maxFailures` the key waits a whole window. Kept in this process's memory: with several
 * server nodes each node counts on its own, which still bounds guessing to a small multiple of the limit.
 */
export type AttemptPolicy = {
  freeFailures: number;
  maxFailures: number;
  windowMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

export type AttemptLimiter = {
  /** How long the key must still wait before trying again; 0 when it may try now. */
  waitMs: (key: string) => number;
  fail: (key: string) => void;
  /** Takes back one failure counted ahead of a check that then succeeded. */
  refund: (key: string) => void;
  reset: (key: string) => void;
};

type Entry = { failures: number; windowEndsAt: number; nextAttemptAt: number };

const MAX_TRACKED_KEYS = 50_000;

export const createAttemptLimiter = (policy: AttemptPolicy): AttemptLimiter => {
  const entries = new Map<string, Entry>();
  const expiresAt = (entry: Entry) => Math.max(entry.windowEndsAt, entry.nextAttemptAt);

  const current = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && expiresAt(entry) <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const prune = (now: number) => {
    for (const [key, entry] of entries) if (expiresAt(entry) <= now) entries.delete(key);
    // Under a flood of distinct keys the oldest are forgotten rather than letting memory grow.
    for (const key of entries.keys()) {
      if (entries.size <= MAX_TRACKED_KEYS) break;
      entries.delete(key);
    }
  };

  const delayAfter = (failures: number): number => {
    if (failures >= policy.maxFailures) return policy.windowMs;
    if (failures <= policy.freeFailures) return 0;
    return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - policy.freeFailures - 1));
  };

  return {
    waitMs(key) {
      const now = Date.now();
      const entry = current(key, now);
      return entry ? Math.max(0, entry.nextAttemptAt - now) : 0;
    },
    fail(key) {
      const now = Date.now();
      if (entries.size >= MAX_TRACKED_KEYS) prune(now);
      const entry = current(key, now) ?? {
        failures: 0,
        windowEndsAt: now + policy.windowMs,
        nextAttemptAt: 0,
      };
      entry.failures += 1;
      entry.nextAttemptAt = now + delayAfter(entry.failures);
      // Re-inserting keeps the map ordered by last failure, so pruning drops the stalest keys first.
      entries.delete(key);
      entries.set(key, entry);
    },
    refund(key) {
      const entry = current(key, Date.now());
      if (!entry) return;
      entry.failures = Math.max(0, entry.failures - 1);
      if (entry.failures <= policy.freeFailures) entry.nextAttemptAt = 0;
    },
    reset(key) {
      entries.delete(key);
    },
  };
};
