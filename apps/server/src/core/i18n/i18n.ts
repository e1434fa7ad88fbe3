import type { Locale } from '@conversa/domain';
import { ar } from './ar';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { zh } from './zh';

export type MessageKey = keyof typeof en;

// Every language has every text (the types and i18n.test.ts make sure), so no answer falls back to Spanish.
export const dictionaries: Record<Locale, Record<MessageKey, string>> = { es, en, fr, it, zh, ar };

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(en, value);

/** The text of a key in a locale, with `{name}` placeholders filled in. */
export const translate = (locale: Locale, key: MessageKey, params: Record<string, string | number> = {}) => {
  return dictionaries[locale][key].replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
};

/** Translates a validation message that may be a key (from the domain rules) or a library's own text. */
export const translateMessage = (locale: Locale, message: string): string =>
  isMessageKey(message) ? translate(locale, message) : translate(locale, 'validation.invalid');
