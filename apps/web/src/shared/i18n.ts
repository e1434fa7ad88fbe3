import { DEFAULT_LOCALE, isLocale, isRtl, type Locale } from '@conversa/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import it from '../locales/it.json';
import zh from '../locales/zh.json';
import { storage } from './storage';

/** The language the person chose, remembered across visits (and before signing in). */
export const LOCALE_STORAGE_KEY = 'language';

export const resources = {
  es: { translation: es },
  en: { translation: en },
  fr: { translation: fr },
  it: { translation: it },
  zh: { translation: zh },
  ar: { translation: ar },
} as const;

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
  resources,
  lng: storedLocale(),
  // Every bundle is complete (locales.test.ts); Spanish only covers a text that is still on its way.
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...Object.keys(resources)],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
applyDocumentLocale(currentLocale());

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

export const changeLocale = async (locale: Locale): Promise<void> => {
  storage.setItem(LOCALE_STORAGE_KEY, locale);
  applyDocumentLocale(locale);
  await i18n.changeLanguage(locale);
};

/**
 * Messages from validation are keys (`validation.min3`), while the server's field errors arrive already
 * translated; only keys go through the bundles so a sentence with ':' is never read as a namespace.
 */
export const translateMessage = (message: string | undefined): string | undefined => {
  if (!message) return message;
  return message.startsWith('validation.') ? i18n.t(message) : message;
};
