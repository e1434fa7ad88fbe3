import { DEFAULT_LOCALE, isLocale } from '@conversa/domain';
import { intlLocale } from './intl-format';

const cache = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day (`YYYY-MM-DD`, no time, no zone: a run's day, a dashboard's day) in the person's
 * language, read as that very day wherever the browser is.
 */
export const formatDay = (
  language: string | undefined,
  day: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string => {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' });
    cache.set(key, format);
  }
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : format.format(date);
};
