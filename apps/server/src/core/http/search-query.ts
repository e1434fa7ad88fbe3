import {
  type Condition,
  type Filter,
  INT4_MAX,
  isStorableDate,
  type Pagination,
  type SearchBody,
} from '@conversa/domain';
import { type AnyColumn, and, asc, Column, desc, is, or, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { MessageKey } from '../i18n/i18n';
import { badRequest, type FieldIssue } from './app-error';

/** How a searchable field's values are read and compared. `list` is a jsonb array of strings. */
export type FieldType = 'text' | 'number' | 'date' | 'boolean' | 'list';

export type SearchField = { column: AnyColumn | SQL; type: FieldType };

/** API key (dot paths such as `info.full_name` allowed) → the column or expression it searches. */
export type SearchWhitelist = Record<string, SearchField>;

export type SearchQuery = {
  where: SQL | undefined;
  orderBy: SQL[];
  /** Rows per page (the API calls it `offset`). */
  limit: number;
  /** Rows skipped before this page. */
  offset: number;
  pagination: (total: number) => Pagination;
};

export type SearchOptions = {
  /** Used when the body has no sort; ignored when the key is not in the whitelist. */
  defaultSort?: { key: string; order: 'asc' | 'desc' };
  /** A unique column appended to every ordering so pages never overlap or skip rows. */
  tieBreaker?: AnyColumn;
};

type Scalar = string | number | boolean | null;

const CONDITIONS_BY_TYPE: Record<FieldType, readonly Condition[]> = {
  text: ['equalto', 'contains', 'in', 'empty', 'notempty', 'gte', 'lte', 'gt', 'lt', 'between'],
  number: ['equalto', 'contains', 'in', 'empty', 'notempty', 'gte', 'lte', 'gt', 'lt', 'between'],
  date: ['equalto', 'in', 'empty', 'notempty', 'gte', 'lte', 'gt', 'lt', 'between'],
  boolean: ['equalto', 'in', 'empty', 'notempty'],
  list: ['equalto', 'contains', 'in', 'empty', 'notempty'],
};

/** Raised inside the builder when a value does not fit its field; turned into a field issue. */
class BadValue extends Error {}

/** `%`, `_` and `\` are wildcards or the escape of LIKE; a search for them means the characters themselves. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const asText = (value: Scalar): string => {
  if (value === null || typeof value === 'boolean') throw new BadValue();
  return String(value);
};

const asNumber = (value: Scalar): number => {
  if (value === null || typeof value === 'boolean' || (typeof value === 'string' && value.trim() === '')) {
    throw new BadValue();
  }
  const number = Number(value);
  if (!Number.isFinite(number)) throw new BadValue();
  return number;
};

/** Integer columns refuse fractions and values past their type's range (PostgreSQL would fail the query). */
const INTEGER_RANGES: Record<string, number> = {
  PgSmallInt: 32_767,
  PgSmallSerial: 32_767,
  PgInteger: INT4_MAX,
  PgSerial: INT4_MAX,
  PgBigInt53: Number.MAX_SAFE_INTEGER,
  PgBigSerial53: Number.MAX_SAFE_INTEGER,
};

/**
 * The stored column a number is compared with: the column itself, or the one an expression was mapped with
 * (a payment's `deal.numdeal` is a subquery `.mapWith(deals.numdeal)`), so its integer range holds too.
 */
const storedColumnOf = (column: SQLWrapper): Column | undefined => {
  if (is(column, Column)) return column;
  const decoder = is(column, SQL) ? (column as SQL & { decoder?: unknown }).decoder : undefined;
  return is(decoder, Column) ? decoder : undefined;
};

const numberReaderOf = (column: SQLWrapper): ((value: Scalar) => number) => {
  const stored = storedColumnOf(column);
  const limit = stored ? INTEGER_RANGES[stored.columnType] : undefined;
  if (limit === undefined) return asNumber;
  return (value) => {
    const number = asNumber(value);
    if (!Number.isInteger(number) || Math.abs(number) > limit) throw new BadValue();
    return number;
  };
};

const asBoolean = (value: Scalar): boolean => {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  throw new BadValue();
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date value: a whole day (YYYY-MM-DD, read in UTC) or an instant. Whole days make `lte` and `between`
 * include the last day entirely, which is what a person choosing a date range means.
 */
type DateValue = { start: string; next: string | undefined };

const asDate = (value: Scalar): DateValue => {
  if (typeof value === 'number') {
    const date = new Date(value);
    if (!isStorableDate(date)) throw new BadValue();
    return { start: date.toISOString(), next: undefined };
  }
  if (typeof value !== 'string') throw new BadValue();
  if (DATE_ONLY.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    if (!isStorableDate(start) || start.toISOString().slice(0, 10) !== value) throw new BadValue();
    // The day's end is compared too, so the day after must be storable as well (9999-12-31 is not a whole day).
    const next = new Date(start.getTime() + 86_400_000);
    if (!isStorableDate(next)) throw new BadValue();
    return { start: start.toISOString(), next: next.toISOString() };
  }
  if (!DATE_TIME.test(value)) throw new BadValue();
  const date = new Date(value);
  if (!isStorableDate(date)) throw new BadValue();
  return { start: date.toISOString(), next: undefined };
};

const listOf = (value: Filter['value']): Scalar[] => {
  if (!Array.isArray(value)) throw new BadValue();
  return value;
};

const pairOf = (value: Filter['value']): [Scalar, Scalar] => {
  const list = listOf(value);
  if (list.length !== 2) throw new BadValue();
  return [list[0] ?? null, list[1] ?? null];
};

const scalarOf = (value: Filter['value']): Scalar => {
  if (value === undefined || Array.isArray(value)) throw new BadValue();
  return value;
};

const anyOf = (parts: SQL[]): SQL => (parts.length === 0 ? sql`false` : (or(...parts) ?? sql`false`));

const valuesList = (values: unknown[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const ts = (iso: string): SQL => sql`${iso}::timestamptz`;

const dateCondition = (column: SQLWrapper, condition: Condition, value: Filter['value']): SQL => {
  const gteDate = (date: DateValue) => sql`${column} >= ${ts(date.start)}`;
  const lteDate = (date: DateValue) =>
    date.next ? sql`${column} < ${ts(date.next)}` : sql`${column} <= ${ts(date.start)}`;
  const equalDate = (date: DateValue) =>
    date.next
      ? sql`(${column} >= ${ts(date.start)} and ${column} < ${ts(date.next)})`
      : sql`${column} = ${ts(date.start)}`;
  switch (condition) {
    case 'equalto':
      return equalDate(asDate(scalarOf(value)));
    case 'in':
      return anyOf(listOf(value).map((item) => equalDate(asDate(item))));
    case 'gte':
      return gteDate(asDate(scalarOf(value)));
    case 'lte':
      return lteDate(asDate(scalarOf(value)));
    case 'gt': {
      const date = asDate(scalarOf(value));
      return date.next ? sql`${column} >= ${ts(date.next)}` : sql`${column} > ${ts(date.start)}`;
    }
    case 'lt':
      return sql`${column} < ${ts(asDate(scalarOf(value)).start)}`;
    case 'between': {
      const [from, to] = pairOf(value);
      return sql`(${gteDate(asDate(from))} and ${lteDate(asDate(to))})`;
    }
    case 'empty':
      return sql`${column} is null`;
    case 'notempty':
      return sql`${column} is not null`;
    default:
      throw new BadValue();
  }
};

const listCondition = (column: SQLWrapper, condition: Condition, value: Filter['value']): SQL => {
  switch (condition) {
    case 'equalto':
      return sql`${column} @> ${JSON.stringify([asText(scalarOf(value))])}::jsonb`;
    case 'in': {
      const items = listOf(value).map(asText);
      return items.length === 0 ? sql`false` : sql`${column} ?| array[${valuesList(items)}]::text[]`;
    }
    case 'contains':
      return sql`exists (select 1 from jsonb_array_elements_text(${column}) as element(value) where element.value ilike ${`%${escapeLike(asText(scalarOf(value)))}%`})`;
    case 'empty':
      return sql`(${column} is null or jsonb_array_length(${column}) = 0)`;
    case 'notempty':
      return sql`(${column} is not null and jsonb_array_length(${column}) > 0)`;
    default:
      throw new BadValue();
  }
};

const scalarCondition = (
  column: SQLWrapper,
  type: 'text' | 'number' | 'boolean',
  condition: Condition,
  value: Filter['value'],
): SQL => {
  const read: (value: Scalar) => string | number | boolean =
    type === 'text' ? asText : type === 'number' ? numberReaderOf(column) : asBoolean;
  switch (condition) {
    case 'equalto':
      return sql`${column} = ${read(scalarOf(value))}`;
    case 'contains':
      // lower() on both sides rather than ilike: the same expression as the trigram indexes on names.
      return sql`lower(${column}::text) like lower(${`%${escapeLike(asText(scalarOf(value)))}%`})`;
    case 'in': {
      const items = listOf(value).map(read);
      return items.length === 0 ? sql`false` : sql`${column} in (${valuesList(items)})`;
    }
    case 'empty':
      return type === 'text' ? sql`(${column} is null or ${column} = '')` : sql`${column} is null`;
    case 'notempty':
      return type === 'text' ? sql`(${column} is not null and ${column} <> '')` : sql`${column} is not null`;
    case 'gte':
      return sql`${column} >= ${read(scalarOf(value))}`;
    case 'lte':
      return sql`${column} <= ${read(scalarOf(value))}`;
    case 'gt':
      return sql`${column} > ${read(scalarOf(value))}`;
    case 'lt':
      return sql`${column} < ${read(scalarOf(value))}`;
    case 'between': {
      const [from, to] = pairOf(value);
      return sql`(${column} >= ${read(from)} and ${column} <= ${read(to)})`;
    }
  }
};

const filterCondition = (field: SearchField, filter: Filter): SQL => {
  switch (field.type) {
    case 'date':
      return dateCondition(field.column, filter.condition, filter.value);
    case 'list':
      return listCondition(field.column, filter.condition, filter.value);
    default:
      return scalarCondition(field.column, field.type, filter.condition, filter.value);
  }
};

const issue = (path: string, message: MessageKey): FieldIssue => ({ path, message });

/**
 * Turns a search body into SQL pieces for one module. Only whitelisted keys reach SQL, and every value is
 * checked against its field's type first, so a bad filter answers 400 naming it, never a database error.
 */
export const buildSearchQuery = (
  body: SearchBody,
  whitelist: SearchWhitelist,
  options: SearchOptions = {},
): SearchQuery => {
  const issues: FieldIssue[] = [];
  const conditions: SQL[] = [];

  body.filters.forEach((filter, index) => {
    const field = Object.hasOwn(whitelist, filter.key) ? whitelist[filter.key] : undefined;
    if (!field) {
      issues.push(issue(`filters.${index}.key`, 'validation.unknownKey'));
      return;
    }
    if (!CONDITIONS_BY_TYPE[field.type].includes(filter.condition)) {
      issues.push(issue(`filters.${index}.condition`, 'validation.unknownCondition'));
      return;
    }
    try {
      conditions.push(filterCondition(field, filter));
    } catch (error) {
      if (!(error instanceof BadValue)) throw error;
      issues.push(issue(`filters.${index}.value`, 'validation.badValue'));
    }
  });

  const orderBy: SQL[] = [];
  const sort = body.sort ?? options.defaultSort;
  if (sort) {
    const field = Object.hasOwn(whitelist, sort.key) ? whitelist[sort.key] : undefined;
    if (field) {
      orderBy.push(sort.order === 'asc' ? asc(field.column) : desc(field.column));
    } else if (body.sort) {
      issues.push(issue('sort.key', 'validation.unknownKey'));
    }
  }
  if (options.tieBreaker) orderBy.push(asc(options.tieBreaker));

  if (issues.length > 0) throw badRequest(issues);

  const where =
    conditions.length === 0 ? undefined : body.logical === 'or' ? or(...conditions) : and(...conditions);
  return {
    where,
    orderBy,
    limit: body.offset,
    offset: (body.page - 1) * body.offset,
    pagination: (total) => ({ total, page: body.page, offset: body.offset }),
  };
};

/** The common default: newest first. */
export const NEWEST_FIRST = { key: 'create_date', order: 'desc' } as const;
