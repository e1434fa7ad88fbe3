import { DEFAULT_LOCALE, isLocale, type Locale } from '@conversa/domain';

type DateInput = Date | string | number;

/** Dates, times, numbers and relative times in one language, all through Intl. */
export type Formatters = {
  /** Hour and minute, as a chat bubble shows them. */
  time: (value: DateInput) => string;
  /** Day, month and year in digits. */
  date: (value: DateInput) => string;
  /** Weekday, day, month and year in words, as a day separator of the chat shows them. */
  longDate: (value: DateInput) => string;
  weekday: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
  number: (value: number) => string;
  /** A signed amount of a unit: -5 minutes is '5 minutes ago', -1 day is 'yesterday'. */
  relative: (value: number, unit: Intl.RelativeTimeFormatUnit) => string;
};

/**
 * The Intl tag of a locale. Arabic keeps Western digits: phone numbers, ids and the company's number
 * format are all written with them, and browsers disagree on the default for plain 'ar'.
 */
export const intlLocale = (locale: Locale): string => {
  if (locale === 'ar') return 'ar-u-nu-latn';
  if (locale === 'zh') return 'zh-CN';
  return locale;
};

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

const build = (locale: Locale): Formatters => {
  const tag = intlLocale(locale);
  const time = new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' });
  const date = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric' });
  const longDate = new Intl.DateTimeFormat(tag, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'long' });
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(tag);
  const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto', style: 'short' });
  return {
    time: (value) => time.format(toDate(value)),
    date: (value) => date.format(toDate(value)),
    longDate: (value) => longDate.format(toDate(value)),
    weekday: (value) => weekday.format(toDate(value)),
    dateTime: (value) => dateTime.format(toDate(value)),
    number: (value) => number.format(value),
    relative: (value, unit) => relative.format(value, unit),
  };
};

// Building Intl formatters is costly and a chat renders hundreds of times: one set per language.
const cache = new Map<Locale, Formatters>();

export const formattersFor = (language: string | undefined): Formatters => {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  let formatters = cache.get(locale);
  if (!formatters) {
    formatters = build(locale);
    cache.set(locale, formatters);
  }
  return formatters;
};
