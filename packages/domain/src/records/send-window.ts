import { dateFormat } from '../date-format';
import type { Diffusion } from './diffusion';

/**
 * A diffusion's send window as pure rules, shared by the sender and the screens that say when it will
 * start: when it is open (the company's time zone, days 1 Monday … 7 Sunday, `to` before `from` spanning
 * midnight) and when it opens next.
 */

type SendWindow = Diffusion['send_window'];

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

const minutesOf = (hourMinute: string): number => {
  const [hours = 0, minutes = 0] = hourMinute.split(':').map(Number);
  return hours * 60 + minutes;
};

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The clock of a time zone: weekday and hour, as the search below asks often. */
const clockOf = (timeZone: string): Intl.DateTimeFormat =>
  dateFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The company's weekday (1–7) and minute of the day at `at`. */
export const localMoment = (at: Date, timeZone: string): { day: number; minute: number } => {
  const parts = clockOf(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return { day: WEEKDAYS[part('weekday')] ?? 1, minute: Number(part('hour')) * 60 + Number(part('minute')) };
};

/** Whether a send may go at `at`. A window spanning midnight belongs to the day it opened on. */
export const isWindowOpen = (window: SendWindow, at: Date, timeZone: string): boolean => {
  const { day, minute } = localMoment(at, timeZone);
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  if (from < to) return window.days.includes(day) && minute >= from && minute < to;
  const yesterday = day === 1 ? 7 : day - 1;
  return (window.days.includes(day) && minute >= from) || (window.days.includes(yesterday) && minute < to);
};

/**
 * Milliseconds until the window opens (0 when open), searched over the next week: from a closed moment it
 * jumps to the next local `from` (the only minute a closed window opens at); a jump that lands elsewhere
 * crossed a daylight-saving change, and that stretch is looked at minute by minute. Undefined: it never
 * opens.
 */
export const msUntilWindowOpens = (window: SendWindow, now: Date, timeZone: string): number | undefined => {
  if (isWindowOpen(window, now, timeZone)) return 0;
  const isOpenAt = (at: number) => isWindowOpen(window, new Date(at), timeZone);
  const minuteAt = (at: number) => localMoment(new Date(at), timeZone).minute;
  const from = minutesOf(window.from);
  const start = Math.ceil(now.getTime() / MINUTE_MS) * MINUTE_MS;
  for (let at = start; at <= start + 8 * DAY_MINUTES * MINUTE_MS; ) {
    if (isOpenAt(at)) return at - now.getTime();
    const ahead = Math.max((from - minuteAt(at) + DAY_MINUTES) % DAY_MINUTES, 1);
    const next = at + ahead * MINUTE_MS;
    if (minuteAt(next) !== from) {
      for (let minute = at + MINUTE_MS; minute < next; minute += MINUTE_MS) {
        if (isOpenAt(minute)) return minute - now.getTime();
      }
    }
    at = next;
  }
  return undefined;
};

/** The next moment a send may go from `now` (now itself when open); undefined when it never opens. */
export const nextWindowOpening = (window: SendWindow, now: Date, timeZone: string): Date | undefined => {
  const wait = msUntilWindowOpens(window, now, timeZone);
  return wait === undefined ? undefined : new Date(now.getTime() + wait);
};
