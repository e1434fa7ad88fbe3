import { addDays, localDayAndTime, zonedInstant } from '@conversa/domain';
import type { Weekday } from '../../shared/format/week-start';

/**
 * The agenda's days and times, always in the company's time zone (API.md part 3 §2.1: `meet_date` is an
 * instant; the clinic reads it on its own clock). Days are `YYYY-MM-DD`, times minutes from midnight.
 */
export const AGENDA_VIEWS = ['day', 'week', 'month'] as const;
export type AgendaView = (typeof AGENDA_VIEWS)[number];

const MONTH_DAYS = 42;

/** 1 Monday … 7 Sunday, as Intl's week info counts them. */
export const weekdayOf = (day: string): Weekday => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (weekday === 0 ? 7 : weekday) as Weekday;
};

const startOfWeek = (day: string, firstDay: Weekday): string =>
  addDays(day, -((weekdayOf(day) - firstDay + 7) % 7));

/** The days a view shows around its anchor: the day, its week, or the six weeks holding its month. */
export const daysOf = (view: AgendaView, anchor: string, firstDay: Weekday): string[] => {
  if (view === 'day') return [anchor];
  const first =
    view === 'week' ? startOfWeek(anchor, firstDay) : startOfWeek(`${anchor.slice(0, 8)}01`, firstDay);
  return Array.from({ length: view === 'week' ? 7 : MONTH_DAYS }, (_, index) => addDays(first, index));
};

/** The anchor a step back or forth lands on: a day, a week, or the same day of the next month. */
export const shiftAnchor = (view: AgendaView, anchor: string, step: 1 | -1): string => {
  if (view === 'day') return addDays(anchor, step);
  if (view === 'week') return addDays(anchor, 7 * step);
  const [year = 0, month = 1] = anchor.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, month - 1 + step, 1));
  return shifted.toISOString().slice(0, 10);
};

/** From the first day's midnight to the midnight after the last, as instants for the search. */
export const instantsOf = (days: readonly string[], timeZone: string): { from: string; to: string } => ({
  from: zonedInstant(days[0] ?? '', '00:00', timeZone).toISOString(),
  to: zonedInstant(addDays(days.at(-1) ?? '', 1), '00:00', timeZone).toISOString(),
});

export const todayIn = (timeZone: string): string => localDayAndTime(new Date(), timeZone).day;

/** Where an appointment shows: its day and its start in minutes, on the company's clock. */
export const placeOf = (meetDate: string, timeZone: string): { day: string; minutes: number } => {
  const { day, time } = localDayAndTime(new Date(meetDate), timeZone);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return { day, minutes: hours * 60 + minutes };
};

/** `HH:mm` of minutes from midnight. */
export const clockOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The instant of a day and a time on the company's clock, as the API takes it. */
export const instantAt = (day: string, minutes: number, timeZone: string): string =>
  zonedInstant(day, clockOf(minutes), timeZone).toISOString();

/** A pure day as a Date whose UTC parts are that day, for Intl with `timeZone: 'UTC'`. */
export const dateOfDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The grid's rows: a slot as long as the agenda's, on a step that divides the hour (5 min shows as 15). */
export const cellMinutesOf = (slotMinutes: number): number =>
  [60, 30, 20, 15].find((step) => step <= slotMinutes) ?? 15;
