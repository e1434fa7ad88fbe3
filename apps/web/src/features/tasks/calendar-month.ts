import type { Weekday } from '../../shared/format/week-start';

/** The month grid of the tasks calendar, with plain dates (local time). */

const DAYS_SHOWN = 42;

export const startOfMonth = (day: Date): Date => new Date(day.getFullYear(), day.getMonth(), 1);
export const addMonths = (month: Date, count: number): Date =>
  new Date(month.getFullYear(), month.getMonth() + count, 1);

/** A day's key, YYYY-MM-DD in local time: how tasks are grouped into cells. */
export const dayKey = (day: Date): string =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/** The 6 weeks shown for a month: from the week that holds its 1st, starting on the locale's first day. */
export const monthGrid = (month: Date, firstDay: Weekday): Date[] => {
  const first = startOfMonth(month);
  // getDay: 0 Sunday … 6 Saturday; Intl: 1 Monday … 7 Sunday.
  const weekday = first.getDay() === 0 ? 7 : first.getDay();
  const lead = (weekday - firstDay + 7) % 7;
  return Array.from(
    { length: DAYS_SHOWN },
    (_, index) => new Date(first.getFullYear(), first.getMonth(), 1 - lead + index),
  );
};
