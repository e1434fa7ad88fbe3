import { AUDIT_MODULES, LOCALES, type Locale, VIEW_MODULES } from '@conversa/domain';
import { describe, expect, it } from 'vitest';
import arBundle from './ar.json';
import enBundle from './en.json';
import esBundle from './es.json';
import frBundle from './fr.json';
import itBundle from './it.json';
import zhBundle from './zh.json';

const BUNDLES: Record<Locale, object> = {
  es: esBundle,
  en: enBundle,
  fr: frBundle,
  it: itBundle,
  zh: zhBundle,
  ar: arBundle,
};

const entriesOf = (tree: object, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'object' && value !== null
      ? entriesOf(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)]],
  );

const textsOf = (locale: Locale) => new Map(entriesOf(BUNDLES[locale]));

// i18next picks `key_one`, `key_few`… by the language's plural rules, so plural forms count as one key.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** The forms chosen for one exact number: zero, one, two. */
const EXACT_FORMS = /_(zero|one|two)$/;
const baseKeysOf = (keys: Iterable<string>) => [
  ...new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, ''))),
];

const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();
const tagsOf = (text: string) =>
  [...text.matchAll(/<\/?([a-z][\w-]*)\s*\/?>/gi)].map((match) => match[0]).sort();

const es = textsOf('es');
const esKeys = [...es.keys()];
const translations = LOCALES.filter((locale) => locale !== 'es');

describe('translation bundles', () => {
  // Plural keys carry all six forms in every bundle (i18next uses the language's own), so the keys are equal.
  it.each(translations)('%s has every Spanish text and none that Spanish lacks', (locale) => {
    const keys = [...textsOf(locale).keys()];
    expect(
      esKeys.filter((key) => !keys.includes(key)),
      `${locale} lacks`,
    ).toEqual([]);
    expect(
      keys.filter((key) => !esKeys.includes(key)),
      `${locale} has, Spanish lacks`,
    ).toEqual([]);
  });

  // Labels chosen by a code at run time: a missing one shows its key on the screen.
  it('names every module the audit log records and every module with saved views', () => {
    const missing = [
      ...AUDIT_MODULES.map((module) => `settings.audit.module.${module}`),
      ...VIEW_MODULES.map((module) => `settings.views.module.${module}`),
    ].filter((key) => !es.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has every plural form its language needs', (locale) => {
    const keys = [...textsOf(locale).keys()];
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const plurals = baseKeysOf(keys.filter((key) => PLURAL_SUFFIX.test(key)));
    for (const base of plurals) {
      for (const category of categories) expect(keys, locale).toContain(`${base}_${category}`);
    }
  });

  it.each(translations)('%s keeps every {{placeholder}} and tag of the Spanish text', (locale) => {
    const texts = textsOf(locale);
    for (const [key, text] of texts) {
      const spanish = es.get(key) ?? es.get(`${key.replace(PLURAL_SUFFIX, '')}_other`) ?? '';
      const placeholders = placeholdersOf(text);
      if (EXACT_FORMS.test(key)) {
        // Such a form may spell its number out ('one user' in Arabic), never bring a new placeholder.
        expect(
          placeholders.filter((name) => !placeholdersOf(spanish).includes(name)),
          `${locale} ${key}`,
        ).toEqual([]);
      } else {
        expect(placeholders, `${locale} ${key}`).toEqual(placeholdersOf(spanish));
      }
      expect(tagsOf(text), `${locale} ${key}`).toEqual(tagsOf(spanish));
    }
  });

  it.each(translations)('%s shows no Spanish punctuation, a sign of an untranslated text', (locale) => {
    for (const [key, text] of textsOf(locale)) expect(text, `${locale} ${key}`).not.toMatch(/[¡¿]/);
  });

  it('translates every validation message of the shared rules', async () => {
    const { MESSAGES } = await import('@conversa/domain');
    for (const key of Object.values(MESSAGES)) {
      expect(esKeys).toContain(key);
    }
  });

  it.each(LOCALES)('%s has no empty texts', (locale) => {
    for (const [key, text] of textsOf(locale)) expect(text.trim(), `${locale} ${key}`).not.toBe('');
  });
});
