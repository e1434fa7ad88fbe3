import { DEFAULT_LOCALE, isLocale, isRtl, type Locale } from '@conversa/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '../locales/es.json';
import { prepareRtlStyles } from './rtl-styles';
import { storage } from './storage';

/** The language the person chose, remembered across visits (and before signing in). */
export const LOCALE_STORAGE_KEY = 'language';

/**
 * Spanish (the default and the fallback) is in the first download; every other bundle is fetched when its
 * language is chosen, so a page does not carry five languages nobody reads.
 */
const LAZY_BUNDLES: Record<Exclude<Locale, 'es'>, () => Promise<{ default: object }>> = {
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
  it: () => import('../locales/it.json'),
  zh: () => import('../locales/zh.json'),
  ar: () => import('../locales/ar.json'),
};

const storedLocale = (): Locale => {
  const saved = storage.getItem(LOCALE_STORAGE_KEY);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
};

/** Direction and language of the whole document follow the locale, so Arabic flips every page. */
export const applyDocumentLocale = (locale: Locale): void => {
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es } },
  lng: DEFAULT_LOCALE,
  // Every bundle is complete (locales.test.ts); Spanish only covers a text that is still on its way.
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ['es', ...Object.keys(LAZY_BUNDLES)],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
applyDocumentLocale(DEFAULT_LOCALE);

/** Fetches a language's bundle (and the right-to-left styles for Arabic) before anything shows it. */
export const loadLocale = async (locale: Locale): Promise<void> => {
  if (isRtl(locale)) await prepareRtlStyles();
  if (locale === 'es' || i18n.hasResourceBundle(locale, 'translation')) return;
  const bundle = await LAZY_BUNDLES[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle.default);
};

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

export const changeLocale = async (locale: Locale): Promise<void> => {
  storage.setItem(LOCALE_STORAGE_KEY, locale);
  await loadLocale(locale);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
};

/** The remembered language, loaded before the first render so nobody sees a page flash in Spanish. */
export const startInStoredLocale = async (): Promise<void> => {
  const locale = storedLocale();
  if (locale !== DEFAULT_LOCALE) await changeLocale(locale);
};

/**
 * Messages from validation are keys (`validation.min3`), while the server's field errors arrive already
 * translated; only keys go through the bundles so a sentence with ':' is never read as a namespace.
 */
export const translateMessage = (message: string | undefined): string | undefined => {
  if (!message) return message;
  return message.startsWith('validation.') ? i18n.t(message) : message;
};
