import { DEFAULT_LOCALE, isLocale, type Locale } from '@conversa/domain';

/**
 * The language of an answer: the `{locale}` segment of `/api/v1/{locale}/…`, or the last segment of the
 * account bundle path; Spanish otherwise.
 */
export const localeOfUrl = (url: string): Locale => {
  const path = url.split('?')[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== 'api' || segments[1] !== 'v1') return DEFAULT_LOCALE;
  if (isLocale(segments[2])) return segments[2];
  const last = segments.at(-1);
  if (segments[4] === 'account' && isLocale(last)) return last;
  return DEFAULT_LOCALE;
};
