import { readFileSync } from 'node:fs';

/** The languages the browser tests read texts in. */
export type TextLocale = 'es' | 'en' | 'ar';

type Bundle = { [key: string]: string | Bundle };

const bundles = new Map<TextLocale, Bundle>();
const bundleOf = (locale: TextLocale): Bundle => {
  const loaded =
    bundles.get(locale) ??
    (JSON.parse(
      readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
    ) as Bundle);
  bundles.set(locale, loaded);
  return loaded;
};

const lookup = (bundle: Bundle, key: string): string | undefined => {
  const found = key
    .split('.')
    .reduce<string | Bundle | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      bundle,
    );
  return typeof found === 'string' ? found : undefined;
};

/**
 * A text as the app shows it in a language, read from the web app's own bundles (so every label is checked
 * in each language), with its {{placeholders}} filled; a key the bundle lacks falls back to Spanish, as
 * i18next does.
 */
export const text = (locale: TextLocale, key: string, values: Record<string, string> = {}): string => {
  const found = lookup(bundleOf(locale), key) ?? lookup(bundleOf('es'), key);
  if (found === undefined) throw new Error(`no bundle has the text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');
};
