import type { z } from 'zod';

/**
 * Limits every input of the API obeys, whatever the route: PostgreSQL text cannot store U+0000, its
 * integer columns stop at 2,147,483,647, its dates have no year 0, and no form or search body nests
 * anywhere near MAX_INPUT_DEPTH levels. Messages are i18n keys like the other validation messages.
 */
export const INPUT_MESSAGES = {
  nul: 'validation.nulCharacter',
  tooDeep: 'validation.tooDeep',
  timezone: 'validation.timezone',
} as const;

export const MAX_INPUT_DEPTH = 32;

/** The largest value of a PostgreSQL `integer` (int4): pages, offsets, counters. */
export const INT4_MAX = 2_147_483_647;

export type InputIssue = { path: string; message: string };

const NUL = '\u0000';

/** PostgreSQL text, jsonb and identifiers cannot hold U+0000. */
export const hasNul = (text: string): boolean => text.includes(NUL);

/**
 * The first problem of a parsed input (JSON body, query, path parameters) that no schema can be trusted
 * to see: a NUL in any string or key, or nesting deeper than MAX_INPUT_DEPTH. The path names the field
 * the way validation errors do (`filters.0.value`). `checkText: false` checks the depth only.
 */
export const findUnsafeInput = (
  value: unknown,
  options: { checkText?: boolean } = {},
): InputIssue | undefined => {
  const checkText = options.checkText ?? true;
  const walk = (node: unknown, path: string[]): InputIssue | undefined => {
    if (typeof node === 'string') {
      return checkText && hasNul(node) ? { path: path.join('.'), message: INPUT_MESSAGES.nul } : undefined;
    }
    if (typeof node !== 'object' || node === null) return undefined;
    if (path.length >= MAX_INPUT_DEPTH) return { path: path.join('.'), message: INPUT_MESSAGES.tooDeep };
    const entries: [string, unknown][] = Array.isArray(node)
      ? node.map((item, index) => [String(index), item])
      : Object.entries(node);
    for (const [key, item] of entries) {
      if (checkText && hasNul(key)) {
        return { path: [...path, key.replaceAll(NUL, '\\u0000')].join('.'), message: INPUT_MESSAGES.nul };
      }
      const issue = walk(item, [...path, key]);
      if (issue) return issue;
    }
    return undefined;
  };
  return walk(value, []);
};

/**
 * The same rule as an issue of a schema parsed where the server's guard does not look (multipart fields,
 * rows of an imported file), so those inputs answer 400 or a row error too.
 */
export const refineSafeInput = (input: unknown, ctx: z.RefinementCtx): void => {
  const issue = findUnsafeInput(input);
  if (issue) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
};

const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * An IANA time zone name the runtime knows (`America/Santiago`, `UTC`, `Etc/GMT+5`). Offsets and
 * abbreviations are refused: PostgreSQL reads them differently from Intl, and the chat list's
 * "today" is computed with the stored name.
 */
export const isTimeZone = (name: string): boolean => {
  if (!TIME_ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** PostgreSQL timestamps run from 4713 BC to 294276 AD but have no year 0; JS dates stop at 275760. */
const FIRST_STORABLE_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_STORABLE_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether a date is real and fits what the database stores (years 1 to 9999, like the web's pickers). */
export const isStorableDate = (date: Date): boolean => {
  const time = date.getTime();
  return Number.isFinite(time) && time >= FIRST_STORABLE_MS && time <= LAST_STORABLE_MS;
};
