/** How a drain of no-op jobs went: its rate, the jobs that ran, those that ran twice, and those left done. */
export type ClaimRun = { perSecond: number; ran: number; ranTwice: number; done: number };

/** Counts each job's runs by key during a drain, then sums the drain up (every drain, ours or not). */
export const createRunTally = () => {
  const runs = new Map<string, number>();
  return {
    add: (key: string) => runs.set(key, (runs.get(key) ?? 0) + 1),
    ran: () => runs.size,
    result: (seconds: number, done: number): ClaimRun => ({
      perSecond: Math.round(runs.size / seconds),
      ran: runs.size,
      ranTwice: [...runs.values()].filter((count) => count > 1).length,
      done,
    }),
  };
};
