/**
 * Counts failures per key within a window. Kept in this process's memory: with several server nodes each
 * node counts on its own, which still bounds guessing to a small multiple of the limit.
 */
export type AttemptLimiter = {
  isBlocked: (key: string) => boolean;
  fail: (key: string) => void;
  reset: (key: string) => void;
};

export const createAttemptLimiter = (options: { max: number; windowMs: number }): AttemptLimiter => {
  const failures = new Map<string, { count: number; resetAt: number }>();

  const current = (key: string, now: number) => {
    const entry = failures.get(key);
    if (entry && entry.resetAt <= now) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };

  const prune = (now: number) => {
    for (const [key, entry] of failures) if (entry.resetAt <= now) failures.delete(key);
  };

  return {
    isBlocked(key) {
      return (current(key, Date.now())?.count ?? 0) >= options.max;
    },
    fail(key) {
      const now = Date.now();
      if (failures.size > 10_000) prune(now);
      const entry = current(key, now);
      if (entry) entry.count += 1;
      else failures.set(key, { count: 1, resetAt: now + options.windowMs });
    },
    reset(key) {
      failures.delete(key);
    },
  };
};
