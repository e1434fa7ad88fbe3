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

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The relative date as text in the given language; the bundles hold the words, Intl the names and dates. */
export const formatRelativeDate = (
  date: Date,
  t: Translate,
  locale: string,
  now: Date = new Date(),
): string => {
  const relative = relativeDate(date, now);
  switch (relative.kind) {
    case 'justNow':
      return t('dates.justNow');
    case 'minutes':
      return t('dates.minutes', { count: relative.count });
    case 'hours':
      return t('dates.hours', { count: relative.count });
    case 'yesterday':
      return t('dates.yesterday');
    case 'weekday':
      return new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(relative.date);
    case 'date':
      return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
        relative.date,
      );
  }
};
