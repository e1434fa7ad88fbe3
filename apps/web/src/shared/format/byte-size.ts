import { DEFAULT_LOCALE, isLocale } from '@conversa/domain';
import { intlLocale } from './intl-format';

// Decimal units, as plans count them: a plan of 1,000,000,000 bytes reads "1 GB", not "953.7 MB".
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const STEP = 1000;

const cache = new Map<string, Intl.NumberFormat>();

const formatterOf = (language: string | undefined, unit: (typeof UNITS)[number]): Intl.NumberFormat => {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  const key = `${locale}:${unit}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      style: 'unit',
      unit,
      // Bytes spelled out ("0 bytes", "68 octets"): the short form reads "68 byte" in most languages.
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: unit === 'byte' ? 0 : 1,
    });
    cache.set(key, format);
  }
  return format;
};

/** A size in bytes in the largest unit it fills, with one decimal, in the person's language: "2,4 MB". */
export const formatBytes = (bytes: number, language: string | undefined): string => {
  let value = Math.max(0, bytes);
  let index = 0;
  // 999,950 bytes would round to "1000 kB": it is shown as "1 MB" instead.
  while (index < UNITS.length - 1 && value >= STEP - 0.05) {
    value /= STEP;
    index += 1;
  }
  return formatterOf(language, UNITS[index] ?? 'byte').format(value);
};
