/** Thrown at once when the gate's queue (overall or the key's own) is full. */
export class GateFullError extends Error {
  constructor() {
    super('work gate full');
    this.name = 'GateFullError';
  }
}

export type WorkGateLimits = {
  /** Tasks running at once, overall. */
  maxRunning: number;
  /** Tasks of one key running at once. */
  maxRunningPerKey: number;
  /** Tasks waiting, overall; past it a new task is refused. */
  maxWaiting: number;
  /** Tasks of one key waiting; past it that key's new task is refused. */
  maxWaitingPerKey: number;
};

type Lane = { running: number; waiting: Array<() => void> };

/**
 * Bounds expensive work (argon2) and shares it fairly: keys (client addresses) take turns, so a flood
 * from one key waits behind its own requests while another key's request starts at the next free slot.
 */
export const createWorkGate = (limits: WorkGateLimits) => {
  const lanes = new Map<string, Lane>();
  // Keys with waiting work, each at most once, in the order they get their next turn.
  const turns: string[] = [];
  let running = 0;
  let waiting = 0;

  const dispatch = () => {
    let skipped = 0;
    while (running < limits.maxRunning && skipped < turns.length) {
      const key = turns.shift() as string;
      const lane = lanes.get(key) as Lane;
      if (lane.running >= limits.maxRunningPerKey) {
        turns.push(key);
        skipped += 1;
        continue;
      }
      const start = lane.waiting.shift() as () => void;
      waiting -= 1;
      if (lane.waiting.length > 0) turns.push(key);
      skipped = 0;
      lane.running += 1;
      running += 1;
      start();
    }
  };

  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const lane = lanes.get(key) ?? { running: 0, waiting: [] };
      if (waiting >= limits.maxWaiting || lane.waiting.length >= limits.maxWaitingPerKey) {
        return Promise.reject(new GateFullError());
      }
      lanes.set(key, lane);
      return new Promise<T>((resolve, reject) => {
        lane.waiting.push(() => {
          task()
            .then(resolve, reject)
            .finally(() => {
              lane.running -= 1;
              running -= 1;
              if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(key);
              dispatch();
            });
        });
        waiting += 1;
        if (lane.waiting.length === 1) turns.push(key);
        dispatch();
      });
    },
    /** Running and waiting counts, for tests and metrics. */
    load: () => ({ running, waiting }),
  };
};

export type WorkGate = ReturnType<typeof createWorkGate>;
