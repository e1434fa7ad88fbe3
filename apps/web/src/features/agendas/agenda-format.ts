import { type Appointment, isLocale } from '@conversa/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../shared/format/intl-format';
import { type AgendaView, dateOfDay } from './agenda-range';

export type AgendaFormat = {
  /** An appointment's start and end on the company's clock. */
  span: (appointment: Pick<Appointment, 'meet_date' | 'duration'>) => string;
  /** An appointment's start on the company's clock. */
  start: (meetDate: string) => string;
  /** A day's short name and number, for a column's head. */
  dayHead: (day: string) => string;
  /** A day's short name, for the month's heads. */
  weekday: (day: string) => string;
  /** A day in words, for a list's heading and the detail. */
  longDay: (day: string) => string;
  /** A time of the grid (minutes from midnight), as the person reads times. */
  clock: (minutes: number) => string;
  /** The title over a view: the day, the week's first and last day, or the month. */
  title: (view: AgendaView, days: readonly string[], anchor: string) => string;
};

/** The agenda's dates and times in the person's language, on the company's clock. */
export const useAgendaFormat = (timeZone: string): AgendaFormat => {
  const { i18n } = useTranslation();
  const tag = intlLocale(isLocale(i18n.language) ? i18n.language : 'es');
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone });
    // The grid's hours: "08:00" on a 24-hour clock, "8 AM" on a 12-hour one, so each fits its column.
    const isTwelveHour = ['h11', 'h12'].includes(
      new Intl.DateTimeFormat(tag, { hour: 'numeric' }).resolvedOptions().hourCycle ?? '',
    );
    const clock = new Intl.DateTimeFormat(
      tag,
      isTwelveHour
        ? { hour: 'numeric', timeZone: 'UTC' }
        : { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' },
    );
    const head = new Intl.DateTimeFormat(tag, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat(tag, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return {
      span: ({ meet_date, duration }) => {
        const start = new Date(meet_date);
        return time.formatRange(start, new Date(start.getTime() + duration * 60_000));
      },
      start: (meetDate) => time.format(new Date(meetDate)),
      dayHead: (day) => head.format(dateOfDay(day)),
      weekday: (day) => weekday.format(dateOfDay(day)),
      longDay: (day) => long.format(dateOfDay(day)),
      clock: (minutes) => clock.format(new Date(minutes * 60_000)),
      title: (view, days, anchor) => {
        if (view === 'day') return long.format(dateOfDay(anchor));
        if (view === 'month') return month.format(dateOfDay(anchor));
        return short.formatRange(dateOfDay(days[0] ?? anchor), dateOfDay(days.at(-1) ?? anchor));
      },
    };
  }, [tag, timeZone]);
};
