import { DEFAULT_LOCALE, isLocale, isRtl, LOCALES, type Locale } from '@conversa/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import esPublic from '../locales/es.json?part=public';
import type { LocalePart } from '../locales/locale-parts';
import { prepareRtlStyles } from './rtl-styles';
import { storage } from './storage';

/** The language the person chose, remembered across visits (and before signing in). */
export const LOCALE_STORAGE_KEY = 'language';

type BundlePart = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Spanish's public part (the sign-in and other public pages) is in the first download; every other part is
 * fetched when it is needed (locales/locale-parts.ts): the shell's on entering /app, the screens' with the
 * first page that needs them, another language's when it is chosen. A page then never carries five
 * languages nobody reads, nor the sign-in page the texts of forty screens.
 */
const BUNDLE_PARTS: Record<LocalePart, Record<Locale, BundlePart>> = {
  public: {
    es: async () => ({ default: esPublic }),
    en: () => import('../locales/en.json?part=public'),
    fr: () => import('../locales/fr.json?part=public'),
    it: () => import('../locales/it.json?part=public'),
    zh: () => import('../locales/zh.json?part=public'),
    ar: () => import('../locales/ar.json?part=public'),
  },
  shell: {
    es: () => import('../locales/es.json?part=shell'),
    en: () => import('../locales/en.json?part=shell'),
    fr: () => import('../locales/fr.json?part=shell'),
    it: () => import('../locales/it.json?part=shell'),
    zh: () => import('../locales/zh.json?part=shell'),
    ar: () => import('../locales/ar.json?part=shell'),
  },
  app: {
    es: () => import('../locales/es.json?part=app'),
    en: () => import('../locales/en.json?part=app'),
    fr: () => import('../locales/fr.json?part=app'),
    it: () => import('../locales/it.json?part=app'),
    zh: () => import('../locales/zh.json?part=app'),
    ar: () => import('../locales/ar.json?part=app'),
  },
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
  resources: { es: { translation: esPublic } },
  lng: DEFAULT_LOCALE,
  // Every bundle is complete (locales.test.ts); Spanish only covers a text that is still on its way.
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  interpolation: { escapeValue: false },
  // A part arriving re-renders what is on screen, so a text read before its part came does not stay a key.
  react: { bindI18nStore: 'added' },
  initAsync: false,
  showSupportNotice: false,
});
applyDocumentLocale(DEFAULT_LOCALE);

const loadedParts = new Set<string>();
/** The parts this visit has needed so far: a language change fetches the same parts of the new language. */
const neededParts = new Set<LocalePart>(['public']);

const loadPart = async (locale: Locale, part: LocalePart): Promise<void> => {
  const key = `${locale}:${part}`;
  if (loadedParts.has(key)) return;
  const bundle = await BUNDLE_PARTS[part][locale]();
  i18n.addResourceBundle(locale, 'translation', bundle.default, true, true);
  loadedParts.add(key);
};
loadedParts.add('es:public');

/** Fetches a language's texts (and the right-to-left styles for Arabic) before anything shows them. */
export const loadLocale = async (locale: Locale): Promise<void> => {
  await Promise.all([
    isRtl(locale) ? prepareRtlStyles() : undefined,
    ...[...neededParts].map((part) => loadPart(locale, part)),
  ]);
};

const loadNeededPart = async (part: LocalePart): Promise<void> => {
  neededParts.add(part);
  await loadPart(currentLocale(), part);
};

/** The frame's and the dashboard's texts, fetched by the /app route before it shows anything. */
export const loadShellTexts = (): Promise<void> => loadNeededPart('shell');

/** The texts of every other screen behind sign-in, fetched by the routes and parts that show them. */
export const loadAppTexts = (): Promise<void> => loadNeededPart('app');

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
