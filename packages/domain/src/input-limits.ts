import type { z } from 'zod';

/**
 * Limits every input of the API obeys, whatever the route: PostgreSQL text cannot store U+0000, its jsonb
 * refuses half of a UTF-16 pair, its integer columns stop at 2,147,483,647, its dates have no year 0, and
 * no form or search body nests anywhere near MAX_INPUT_DEPTH levels. Messages are i18n keys like the other
 * validation messages.
 */
export const INPUT_MESSAGES = {
  nul: 'validation.nulCharacter',
  loneSurrogate: 'validation.loneSurrogate',
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
 * Half of a UTF-16 surrogate pair without its other half (`"\ud83d"` in JSON, half an emoji): no character
 * at all. JavaScript strings and JSON allow it; PostgreSQL's jsonb refuses it, and its text would silently
 * hold U+FFFD instead.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

/** A provider's text as it can be stored: each lone surrogate becomes U+FFFD, the replacement character. */
export const replaceLoneSurrogates = (text: string): string => text.replace(LONE_SURROGATES, '\ufffd');

/**
 * Every text of a provider's payload (a webhook's message, a PBX's call) as PostgreSQL can store it, at any
 * depth: NULs dropped and each lone surrogate replaced by U+FFFD. A provider's delivery is stored, never
 * refused for its text: a refused one is retried until the provider gives up, and lost. Objects other than
 * plain ones (dates) are kept as they are.
 */
export const storableProviderValue = (value: unknown): unknown => {
  if (typeof value === 'string') return replaceLoneSurrogates(value).replaceAll(NUL, '');
  if (Array.isArray(value)) return value.map(storableProviderValue);
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) {
    return value;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, storableProviderValue(item)]));
};

/** Why PostgreSQL cannot store a text a person typed, if it cannot. */
const textIssueOf = (text: string): string | undefined => {
  if (hasNul(text)) return INPUT_MESSAGES.nul;
  if (hasLoneSurrogate(text)) return INPUT_MESSAGES.loneSurrogate;
  return undefined;
};

/** A key as a path shows it: the characters that made it unstorable written as escapes (`a\\u0000b`). */
const printableKey = (key: string): string =>
  key.replaceAll(NUL, '\\u0000').replace(LONE_SURROGATES, (half) => `\\u${half.charCodeAt(0).toString(16)}`);

/**
 * The first problem of a parsed input (JSON body, query, path parameters) that no schema can be trusted
 * to see: a NUL or a lone surrogate in any string or key, or nesting deeper than MAX_INPUT_DEPTH. The path
 * names the field the way validation errors do (`filters.0.value`). `checkText: false` checks the depth
 * only.
 */
export const findUnsafeInput = (
  value: unknown,
  options: { checkText?: boolean } = {},
): InputIssue | undefined => {
  const checkText = options.checkText ?? true;
  const walk = (node: unknown, path: string[]): InputIssue | undefined => {
    if (typeof node === 'string') {
      const message = checkText ? textIssueOf(node) : undefined;
      return message ? { path: path.join('.'), message } : undefined;
    }
    if (typeof node !== 'object' || node === null) return undefined;
    if (path.length >= MAX_INPUT_DEPTH) return { path: path.join('.'), message: INPUT_MESSAGES.tooDeep };
    const entries: [string, unknown][] = Array.isArray(node)
      ? node.map((item, index) => [String(index), item])
      : Object.entries(node);
    for (const [key, item] of entries) {
      const keyMessage = checkText ? textIssueOf(key) : undefined;
      if (keyMessage) return { path: [...path, printableKey(key)].join('.'), message: keyMessage };
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
/** Names found valid, so the hot paths asking again (every quota check) skip building a formatter. */
const knownTimeZones = new Set<string>();

/**
 * An IANA time zone name the runtime knows (`America/Santiago`, `UTC`, `Etc/GMT+5`). Offsets and
 * abbreviations are refused: PostgreSQL reads them differently from Intl, and the chat list's
 * "today" is computed with the stored name.
 */
export const isTimeZone = (name: string): boolean => {
  if (knownTimeZones.has(name)) return true;
  if (!TIME_ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    return false;
  }
  knownTimeZones.add(name);
  return true;
};

/** PostgreSQL timestamps run from 4713 BC to 294276 AD but have no year 0; JS dates stop at 275760. */
const FIRST_STORABLE_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_STORABLE_MS = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether a date is real and fits what the database stores (years 1 to 9999, like the web's pickers). */
export const isStorableDate = (date: Date): boolean => {
  const time = date.getTime();
  return Number.isFinite(time) && time >= FIRST_STORABLE_MS && time <= LAST_STORABLE_MS;
};
