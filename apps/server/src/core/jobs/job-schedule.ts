/**
 * When recurring jobs run and how long a failed job waits: pure rules, so the queue and its tests agree.
 *
 * A recurring job is declared in code with one of two rules:
 * - `{ everyMs }`: once per period, periods aligned on the epoch (every hour is :00 to :59), run as soon
 *   as possible inside the period, so a cluster that was down at the period's start still runs it once;
 * - `{ minute, hour? }` (UTC, like a cron line `M * * * *` or `M H * * *`): at that minute of every hour,
 *   or of every day; an occurrence passed while every process was down is not caught up.
 * Each occurrence is one row whose key is the job's name and the occurrence's instant, so however many
 * processes insert it, the unique key keeps one, and SKIP LOCKED hands it to one worker.
 */
export type ScheduleRule = { everyMs: number } | { minute: number; hour?: number };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Refuses a rule that could never run or would run too often, when the job is declared. */
export const assertScheduleRule = (name: string, rule: ScheduleRule): void => {
  if ('everyMs' in rule) {
    if (!Number.isInteger(rule.everyMs) || rule.everyMs < 1000) {
      throw new Error(`job ${name}: everyMs must be a whole number of milliseconds ≥ 1000`);
    }
    return;
  }
  if (!Number.isInteger(rule.minute) || rule.minute < 0 || rule.minute > 59) {
    throw new Error(`job ${name}: minute must be 0–59`);
  }
  if (rule.hour !== undefined && (!Number.isInteger(rule.hour) || rule.hour < 0 || rule.hour > 23)) {
    throw new Error(`job ${name}: hour must be 0–23`);
  }
};

/**
 * The occurrence to insert at `now`: the one whose window holds `now` (the current period; the current
 * minute when it matches the clock rule), otherwise the next one.
 */
export const occurrenceAt = (rule: ScheduleRule, now: number): number => {
  if ('everyMs' in rule) return Math.floor(now / rule.everyMs) * rule.everyMs;
  const step = rule.hour === undefined ? HOUR_MS : DAY_MS;
  const offset = (rule.hour ?? 0) * HOUR_MS + rule.minute * MINUTE_MS;
  const minuteStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const candidate = Math.floor((minuteStart - offset) / step) * step + offset;
  return candidate === minuteStart ? candidate : candidate + step;
};

/** The occurrence after `occurrence`. */
export const nextOccurrence = (rule: ScheduleRule, occurrence: number): number =>
  occurrence + ('everyMs' in rule ? rule.everyMs : rule.hour === undefined ? HOUR_MS : DAY_MS);

/** The unique key of one occurrence: two processes inserting it keep one row. */
export const occurrenceKey = (name: string, occurrence: number): string =>
  `${name}@${new Date(occurrence).toISOString()}`;

export type Backoff = { baseMs: number; capMs: number };

/**
 * How long a failed attempt waits: doubling from baseMs, capped at capMs, with jitter (a random point in
 * the upper half of the wait), so jobs that failed together (a provider down) do not retry together.
 */
export const retryDelay = (attempt: number, backoff: Backoff, random: () => number = Math.random): number => {
  const ceiling = Math.min(backoff.baseMs * 2 ** Math.max(0, attempt - 1), backoff.capMs);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};
