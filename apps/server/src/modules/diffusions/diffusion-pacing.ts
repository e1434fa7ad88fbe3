import type { Diffusion } from '@conversa/domain';

/**
 * The spec's pacing and send window as pure rules, so the sender and its tests agree: when the window is
 * open (company time zone, days 1 Monday … 7 Sunday, `to` before `from` spanning midnight), how long until
 * it opens, and how long to wait after a send (an interval, or a pause when a batch ends).
 */

const MINUTE_MS = 60_000;

const minutesOf = (hourMinute: string): number => {
  const [hours = 0, minutes = 0] = hourMinute.split(':').map(Number);
  return hours * 60 + minutes;
};

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The company's weekday (1–7) and minute of the day at `at`. */
export const localMoment = (at: Date, timeZone: string): { day: number; minute: number } => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return { day: WEEKDAYS[part('weekday')] ?? 1, minute: Number(part('hour')) * 60 + Number(part('minute')) };
};

/** Whether a send may go at `at`. A window spanning midnight belongs to the day it opened on. */
export const isWindowOpen = (window: Diffusion['send_window'], at: Date, timeZone: string): boolean => {
  const { day, minute } = localMoment(at, timeZone);
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  if (from < to) return window.days.includes(day) && minute >= from && minute < to;
  const yesterday = day === 1 ? 7 : day - 1;
  return (window.days.includes(day) && minute >= from) || (window.days.includes(yesterday) && minute < to);
};

/**
 * Milliseconds until the window opens (0 when open), found minute by minute over the next week, so time
 * zone changes (daylight saving) need no arithmetic of their own. Undefined: it never opens.
 */
export const msUntilWindowOpens = (
  window: Diffusion['send_window'],
  now: Date,
  timeZone: string,
): number | undefined => {
  if (isWindowOpen(window, now, timeZone)) return 0;
  const start = Math.ceil(now.getTime() / MINUTE_MS) * MINUTE_MS;
  for (let at = start; at <= start + 8 * 24 * 60 * MINUTE_MS; at += MINUTE_MS) {
    if (isWindowOpen(window, new Date(at), timeZone)) return at - now.getTime();
  }
  return undefined;
};

/** A whole number in [min, max]. */
export const randomBetween = (min: number, max: number, random: () => number = Math.random): number =>
  min + Math.floor(random() * (max - min + 1));

/** A small seeded generator (mulberry32): the same diffusion always draws the same batch sizes. */
const seeded = (seedText: string) => {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/**
 * Whether the `sent`-th send (1-based) of a diffusion ends a batch. Batch sizes are drawn in
 * [min_batch, max_batch] from a generator seeded by the diffusion's id, so any process, after any
 * restart, finds the same boundaries from the count of sends alone (no batch state to keep).
 */
export const endsBatch = (diffusionId: string, pacing: Diffusion['pacing'], sent: number): boolean => {
  const random = seeded(diffusionId);
  let boundary = 0;
  while (boundary < sent) boundary += randomBetween(pacing.min_batch, pacing.max_batch, random);
  return boundary === sent;
};

/** Milliseconds to wait after the `sent`-th send: a pause between batches, else an interval. */
export const delayAfterSend = (
  diffusionId: string,
  pacing: Diffusion['pacing'],
  sent: number,
  random: () => number = Math.random,
): number =>
  1000 *
  (endsBatch(diffusionId, pacing, sent)
    ? randomBetween(pacing.min_pause, pacing.max_pause, random)
    : randomBetween(pacing.min_interval, pacing.max_interval, random));
