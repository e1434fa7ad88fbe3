/** Languages the interface and the API's `info` texts are offered in; es is the default. */
export const LOCALES = ['es', 'en', 'fr', 'it', 'zh', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';

/** Locales whose bundles are complete; the others fall back to es key by key. */
export const COMPLETE_LOCALES: readonly Locale[] = ['es', 'en'];

/** Locales written right to left: choosing one flips the whole layout. */
export const RTL_LOCALES: readonly Locale[] = ['ar'];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const isRtl = (locale: Locale): boolean => RTL_LOCALES.includes(locale);
