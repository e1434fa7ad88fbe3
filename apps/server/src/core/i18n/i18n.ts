import { DEFAULT_LOCALE, type Locale } from '@conversa/domain';
import { en } from './en';
import { es } from './es';

export type MessageKey = keyof typeof en;

// fr, it, zh and ar have no server texts yet: they fall back to Spanish, the product's default language.
const dictionaries: Partial<Record<Locale, Record<MessageKey, string>>> = { es, en };

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(en, value);

/** The text of a key in a locale, with `{name}` placeholders filled in. */
export const translate = (locale: Locale, key: MessageKey, params: Record<string, string | number> = {}) => {
  const dictionary = dictionaries[locale] ?? dictionaries[DEFAULT_LOCALE] ?? es;
  const text = dictionary[key];
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
};

/** Translates a validation message that may be a key (from the domain rules) or a library's own text. */
export const translateMessage = (locale: Locale, message: string): string =>
  isMessageKey(message) ? translate(locale, message) : translate(locale, 'validation.invalid');
