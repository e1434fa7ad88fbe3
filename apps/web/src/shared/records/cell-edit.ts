import { EMAIL_PATTERN, type FieldType, MESSAGES, normalizePhone } from '@conversa/domain';
import { dateValue } from './filter-values';

/** What an editor holds while a person types: text, or the chosen ids of a multiple choice. */
export type EditInput = string | string[];

/** The value to save, or the text key of what is wrong (the check button stays disabled). */
export type EditResult = { value: unknown } | { error: string };

const isMultiple = (type: FieldType) => type === 'tags' || type === 'users';

/** The editor's starting input for a record's current value. */
export const editInputOf = (type: FieldType, value: unknown): EditInput => {
  if (isMultiple(type)) return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  if (type === 'datetime') return String(value).slice(0, 16);
  if (type === 'date') return String(value).slice(0, 10);
  return String(value);
};

/**
 * The value an inline edit saves, checked as the forms check it: e-mails by the spec's pattern (or
 * empty), phones as digits with the country code, numbers that are numbers, dates the API can read.
 */
export const editValueOf = (type: FieldType, input: EditInput): EditResult => {
  if (Array.isArray(input)) return { value: input };
  const text = input.trim();
  switch (type) {
    case 'email':
      return text === '' || EMAIL_PATTERN.test(text)
        ? { value: text.toLowerCase() }
        : { error: MESSAGES.email };
    case 'phone': {
      const digits = normalizePhone(text);
      return /^\d{6,15}$/.test(digits) ? { value: digits } : { error: MESSAGES.phone };
    }
    case 'number':
    case 'money': {
      if (text === '') return { value: null };
      const number = Number(text.replace(',', '.'));
      return Number.isFinite(number) ? { value: number } : { error: 'records.edit.invalidNumber' };
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { value: text } : { error: 'records.edit.invalidDate' };
    case 'datetime':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)
        ? { value: dateValue('datetime', text) }
        : { error: 'records.edit.invalidDate' };
    case 'boolean':
      return { value: text === 'true' };
    case 'tags':
    case 'users':
      return { value: text === '' ? [] : [text] };
    default:
      return { value: text };
  }
};
