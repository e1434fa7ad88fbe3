import { formattersFor } from './intl-format';

/**
 * The conversation list's time column (spec section 9): 'just now', minutes under an hour, hours under a
 * day, 'yesterday', the weekday within the last 7 days, otherwise the date.
 */
export type RelativeDate =
  | { kind: 'justNow' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'yesterday' }
  | { kind: 'weekday'; date: Date }
  | { kind: 'date'; date: Date };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const startOfDay = (date: Date): number =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

export const relativeDate = (date: Date, now: Date = new Date()): RelativeDate => {
  // A clock a little ahead of ours must not show 'in the future'.
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return { kind: 'justNow' };
  if (elapsed < HOUR) return { kind: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { kind: 'hours', count: Math.floor(elapsed / HOUR) };
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days <= 1) return { kind: 'yesterday' };
  if (days < 7) return { kind: 'weekday', date };
  return { kind: 'date', date };
};

type Translate = (key: string) => string;

/**
 * The relative date as text in the given language: Intl words the minutes, hours, 'yesterday', weekdays and
 * dates; only 'just now' comes from the bundles, because the spec fixes that wording.
 */
export const formatRelativeDate = (
  date: Date,
  t: Translate,
  locale: string,
  now: Date = new Date(),
): string => {
  const format = formattersFor(locale);
  const relative = relativeDate(date, now);
  switch (relative.kind) {
    case 'justNow':
      return t('dates.justNow');
    case 'minutes':
      return format.relative(-relative.count, 'minute');
    case 'hours':
      return format.relative(-relative.count, 'hour');
    case 'yesterday':
      return format.relative(-1, 'day');
    case 'weekday':
      return format.weekday(relative.date);
    case 'date':
      return format.date(relative.date);
  }
};
