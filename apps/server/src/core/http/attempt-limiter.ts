import type { FastifyRequest } from 'fastify';
import { tooManyAttempts } from './app-error';
import type { AttemptPolicy, AttemptStore } from './attempt-store';

/**
 * Attempts per key (an account, an address) within a window. The first `free` cost nothing; each further
 * one makes the key wait longer before its next attempt (baseDelayMs, doubling, up to maxDelayMs); at
 * `max` the key waits a whole window. `free` equal to `max` is a plain "max per window".
 */
export type AttemptLimit = {
  free: number;
  max: number;
  windowMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

/** At most `max` attempts per window, then a wait until the window has passed. */
export const maxPerWindow = (max: number, windowMs: number): AttemptLimit => ({
  free: max,
  max,
  windowMs,
  baseDelayMs: 0,
  maxDelayMs: 0,
});

export type AttemptLimiter = {
  /** How long the store last said the key must wait, still to run; 0 when unknown here. No round trip. */
  knownWaitMs: (key: string) => number;
  /**
   * Runs `attempt` (answering a wait, 0 when it went ahead) in the key's turn: this process's attempts of
   * one key one after the other, and once the key is known to wait the rest answer that wait at once.
   */
  inTurn: (key: string, attempt: () => Promise<number>) => Promise<number>;
  /** Counts an attempt unless the key must still wait: answers that wait in ms, 0 when counted. */
  take: (key: string) => Promise<number>;
  /** Takes back one attempt counted ahead of a check that then succeeded or never ran. */
  refund: (key: string) => Promise<void>;
  reset: (key: string) => Promise<void>;
};

const policyOf = (limit: AttemptLimit): AttemptPolicy => ({
  windowMs: limit.windowMs,
  waitsMs: Array.from({ length: limit.max + 1 }, (_, attempts) => {
    if (attempts >= limit.max) return limit.windowMs;
    if (attempts <= limit.free) return 0;
    return Math.min(limit.maxDelayMs, limit.baseDelayMs * 2 ** (attempts - limit.free - 1));
  }),
});

const MAX_KNOWN_WAITS = 50_000;

/**
 * A limiter over the shared store; `name` keeps its keys apart from every other limiter's. Attempts taken
 * in a key's turn reach the store one at a time, and once the store says the key must wait the rest are
 * refused here until then: a flood from one key holds one database connection (or Redis call) at a time
 * and costs nothing more once refused, instead of queueing ahead of everyone else's attempts. Only this
 * process's own refunds end such a wait early; another's leave it a little stricter, never looser.
 */
export const createAttemptLimiter = (
  store: AttemptStore,
  name: string,
  limit: AttemptLimit,
): AttemptLimiter => {
  const policy = policyOf(limit);
  const waitsUntil = new Map<string, number>();
  const turns = new Map<string, Promise<number>>();

  const knownWaitMs = (key: string) => {
    const wait = (waitsUntil.get(key) ?? 0) - Date.now();
    if (wait > 0) return wait;
    waitsUntil.delete(key);
    return 0;
  };

  const remember = (key: string, wait: number) => {
    if (waitsUntil.size >= MAX_KNOWN_WAITS) {
      for (const known of waitsUntil.keys()) knownWaitMs(known);
      // Under a flood of distinct keys the oldest are forgotten (the store still has them).
      for (const known of waitsUntil.keys()) {
        if (waitsUntil.size < MAX_KNOWN_WAITS) break;
        waitsUntil.delete(known);
      }
    }
    waitsUntil.set(key, Date.now() + wait);
  };

  return {
    knownWaitMs,
    inTurn(key, attempt) {
      const run = () => {
        const known = knownWaitMs(key);
        return known > 0 ? Promise.resolve(known) : attempt();
      };
      const previous = turns.get(key);
      const turn = previous ? previous.then(run, run) : run();
      turns.set(key, turn);
      const leave = () => {
        if (turns.get(key) === turn) turns.delete(key);
      };
      turn.then(leave, leave);
      return turn;
    },
    async take(key) {
      const known = knownWaitMs(key);
      if (known > 0) return known;
      const wait = await store.take(`${name}:${key}`, policy);
      if (wait > 0) remember(key, wait);
      return wait;
    },
    refund(key) {
      waitsUntil.delete(key);
      return store.refund(`${name}:${key}`);
    },
    reset(key) {
      waitsUntil.delete(key);
      return store.reset(`${name}:${key}`);
    },
  };
};

/** An onRequest hook counting every request per caller address: past the limit, 429 with Retry-After. */
export const limitPerAddress = (limiter: AttemptLimiter) => async (request: FastifyRequest) => {
  const wait = await limiter.inTurn(request.ip, () => limiter.take(request.ip));
  if (wait > 0) throw tooManyAttempts(wait, 'info.tooManyRequests');
};
