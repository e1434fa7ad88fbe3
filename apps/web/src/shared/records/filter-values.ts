import { type Condition, type FieldType, type Filter, normalizePhone } from '@conversa/domain';

/**
 * The filter builder's value rules (spec section 5 "Filter building"), kept pure so they are tested once:
 * phone values drop '+'; dates are YYYY-MM-DD; datetimes YYYY-MM-DDTHH:mm with ':00' appended; between is
 * the pair gte..lte with numbers coerced; empty and notempty send ''; `in` on selects, tags and users
 * sends the chosen ids; date ranges (today, yesterday, week, month, year, a day -7..+7 from today)
 * become a between.
 */

/** What a person entered for one condition, before it becomes a filter of the search body. */
export type FilterDraft = {
  key: string;
  type: FieldType;
  condition: Condition;
  /** One value (text, number, date, id, 'true'/'false'). */
  value?: string;
  /** The chosen ids or values of `in`. */
  values?: string[];
  /** The two ends of `between`. */
  from?: string;
  to?: string;
  /** A named date range instead of `from`/`to`. */
  range?: DateRange;
};

export const DAY_OFFSETS = [-7, -6, -5, -4, -3, -2, 2, 3, 4, 5, 6, 7] as const;
export type DayOffset = (typeof DAY_OFFSETS)[number];
export const NAMED_RANGES = ['today', 'yesterday', 'week', 'month', 'year'] as const;
/** A named range, or a single day `day:-3` counted from today (today and yesterday are named). */
export type DateRange = (typeof NAMED_RANGES)[number] | `day:${DayOffset}`;

const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar day as the API writes it, in the person's own time zone. */
export const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** The first and last day of a named range around `now`; weeks start on Monday. */
export const rangeDays = (range: DateRange, now: Date): [Date, Date] => {
  const today = addDays(now, 0);
  switch (range) {
    case 'today':
      return [today, today];
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return [yesterday, yesterday];
    }
    case 'week': {
      const monday = addDays(today, -((today.getDay() + 6) % 7));
      return [monday, addDays(monday, 6)];
    }
    case 'month':
      return [
        new Date(today.getFullYear(), today.getMonth(), 1),
        new Date(today.getFullYear(), today.getMonth() + 1, 0),
      ];
    case 'year':
      return [new Date(today.getFullYear(), 0, 1), new Date(today.getFullYear(), 11, 31)];
    default: {
      const day = addDays(today, Number(range.slice('day:'.length)));
      return [day, day];
    }
  }
};

/** A date input's value as the API takes it: YYYY-MM-DD for dates, with ':00' seconds for datetimes. */
export const dateValue = (type: 'date' | 'datetime', input: string): string => {
  const trimmed = input.trim();
  if (type === 'date') return trimmed.slice(0, 10);
  // A datetime-local input answers YYYY-MM-DDTHH:mm; a bare day means its first minute.
  const minute = trimmed.length === 10 ? `${trimmed}T00:00` : trimmed.slice(0, 16);
  return `${minute}:00`;
};

const isDateType = (type: FieldType): type is 'date' | 'datetime' => type === 'date' || type === 'datetime';
const isNumberType = (type: FieldType) => type === 'number' || type === 'money';

/** One value in the type the API compares with: a number, a boolean, a cleaned phone, a formatted date. */
export const scalarValue = (type: FieldType, input: string): string | number | boolean => {
  if (isNumberType(type)) return Number(input.trim().replace(',', '.'));
  if (type === 'boolean') return input === 'true';
  if (type === 'phone') return normalizePhone(input);
  if (isDateType(type)) return dateValue(type, input);
  return input.trim();
};

/** The ends of a date range as values of the field: whole days, or the first and last minute of them. */
const rangeValues = (type: 'date' | 'datetime', range: DateRange, now: Date): [string, string] => {
  const [first, last] = rangeDays(range, now);
  if (type === 'date') return [isoDay(first), isoDay(last)];
  return [`${isoDay(first)}T00:00:00`, `${isoDay(last)}T23:59:59`];
};

const isBlank = (value: string | undefined) => value === undefined || value.trim() === '';

/**
 * The search-body filters of one draft; none while the draft is incomplete (no value yet), so a half
 * written condition never narrows the list to nothing.
 */
export const filtersOf = (draft: FilterDraft, now: Date = new Date()): Filter[] => {
  const { key, type, condition } = draft;
  switch (condition) {
    case 'empty':
    case 'notempty':
      return [{ key, condition, value: '' }];
    case 'in': {
      const values = (draft.values ?? []).filter((value) => value.trim() !== '');
      return values.length === 0
        ? []
        : [{ key, condition, value: values.map((value) => scalarValue(type, value)) }];
    }
    case 'between': {
      if (draft.range && isDateType(type))
        return [{ key, condition, value: rangeValues(type, draft.range, now) }];
      const from = isBlank(draft.from) ? undefined : scalarValue(type, draft.from ?? '');
      const to = isBlank(draft.to) ? undefined : scalarValue(type, draft.to ?? '');
      if (from !== undefined && to !== undefined) return [{ key, condition, value: [from, to] }];
      if (from !== undefined) return [{ key, condition: 'gte', value: from }];
      if (to !== undefined) return [{ key, condition: 'lte', value: to }];
      return [];
    }
    default:
      if (isBlank(draft.value)) return [];
      if (isNumberType(type) && Number.isNaN(scalarValue(type, draft.value ?? ''))) return [];
      return [{ key, condition, value: scalarValue(type, draft.value ?? '') }];
  }
};

/** Whether a draft has what its condition needs (the builder's Apply button waits for it). */
export const isDraftComplete = (draft: FilterDraft): boolean => filtersOf(draft).length > 0;

const asInput = (type: FieldType, value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A datetime-local input shows minutes; the API's seconds are the ':00' the builder appended.
  return type === 'datetime' ? text.slice(0, 16) : text;
};

/** The draft that shows a saved filter (from a view) in the builder again. */
export const draftOf = (filter: Filter, type: FieldType): FilterDraft => {
  const base = { key: filter.key, type, condition: filter.condition };
  if (filter.condition === 'empty' || filter.condition === 'notempty') return base;
  if (Array.isArray(filter.value)) {
    if (filter.condition === 'between') {
      return { ...base, from: asInput(type, filter.value[0]), to: asInput(type, filter.value[1]) };
    }
    return { ...base, values: filter.value.map((value) => asInput(type, value)) };
  }
  return { ...base, value: asInput(type, filter.value) };
};
