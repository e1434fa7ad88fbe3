import { type SearchBodyInput, searchBodySchema } from '@conversa/domain';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { buildSearchQuery, escapeLike, type SearchWhitelist } from './search-query';

const people = pgTable('people', {
  id: text('id').primaryKey(),
  full_name: text('full_name'),
  age: integer('age'),
  active: boolean('active'),
  create_date: timestamp('create_date', { withTimezone: true }).notNull(),
  tags: jsonb('tags').$type<string[]>(),
});

const whitelist: SearchWhitelist = {
  'info.full_name': { column: people.full_name, type: 'text' },
  age: { column: people.age, type: 'number' },
  active: { column: people.active, type: 'boolean' },
  create_date: { column: people.create_date, type: 'date' },
  tags: { column: people.tags, type: 'list' },
};

const client = new PGlite();
const db = drizzle({ client });

beforeAll(async () => {
  await db.execute(sql`create table people (
    id text primary key, full_name text, age integer, active boolean, create_date timestamptz not null, tags jsonb)`);
  await db.insert(people).values([
    {
      id: 'ana',
      full_name: 'Ana Pérez',
      age: 30,
      active: true,
      create_date: new Date('2026-01-01T10:00:00Z'),
      tags: ['vip', 'lead'],
    },
    {
      id: 'bob',
      full_name: 'Bob 100%_real',
      age: 45,
      active: false,
      create_date: new Date('2026-01-15T23:30:00Z'),
      tags: [],
    },
    {
      id: 'cam',
      full_name: '',
      age: null,
      active: null,
      create_date: new Date('2026-01-31T18:00:00Z'),
      tags: null,
    },
    {
      id: 'dan',
      full_name: null,
      age: 18,
      active: true,
      create_date: new Date('2026-02-01T00:00:00Z'),
      tags: ['lead'],
    },
  ]);
});
afterAll(async () => client.close());

/** The ids a search body selects, in the order it sorts them. */
const run = async (input: SearchBodyInput): Promise<string[]> => {
  const query = buildSearchQuery(searchBodySchema.parse(input), whitelist, {
    defaultSort: { key: 'create_date', order: 'desc' },
    tieBreaker: people.id,
  });
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => row.id);
};

const filter = (key: string, condition: string, value?: unknown) =>
  ({ filters: [{ key, condition, value }] }) as SearchBodyInput;

/** The field issues a body is refused with. */
const issuesOf = (input: SearchBodyInput) => {
  try {
    buildSearchQuery(searchBodySchema.parse(input), whitelist);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, errors: error.errors };
    throw error;
  }
  throw new Error('expected the body to be refused');
};

describe('text conditions', () => {
  it('equalto matches exactly', async () => {
    expect(await run(filter('info.full_name', 'equalto', 'Ana Pérez'))).toEqual(['ana']);
  });
  it('contains ignores case', async () => {
    expect(await run(filter('info.full_name', 'contains', 'péREZ'))).toEqual(['ana']);
  });
  it('contains treats % and _ as plain characters', async () => {
    expect(await run(filter('info.full_name', 'contains', '%_'))).toEqual(['bob']);
    expect(await run(filter('info.full_name', 'contains', '%'))).toEqual(['bob']);
    expect(await run(filter('info.full_name', 'contains', '_'))).toEqual(['bob']);
  });
  it('in matches any of the values', async () => {
    expect(await run(filter('info.full_name', 'in', ['Ana Pérez', 'nobody']))).toEqual(['ana']);
    expect(await run(filter('info.full_name', 'in', []))).toEqual([]);
  });
  it('empty matches null and the empty string; notempty the rest', async () => {
    expect((await run(filter('info.full_name', 'empty'))).sort()).toEqual(['cam', 'dan']);
    expect((await run(filter('info.full_name', 'notempty'))).sort()).toEqual(['ana', 'bob']);
  });
});

describe('number conditions', () => {
  it('compares with gte, lte, gt, lt and between (inclusive)', async () => {
    expect((await run(filter('age', 'gte', 30))).sort()).toEqual(['ana', 'bob']);
    expect((await run(filter('age', 'lte', 30))).sort()).toEqual(['ana', 'dan']);
    expect(await run(filter('age', 'gt', 30))).toEqual(['bob']);
    expect(await run(filter('age', 'lt', 30))).toEqual(['dan']);
    expect((await run(filter('age', 'between', [18, 30]))).sort()).toEqual(['ana', 'dan']);
  });
  it('coerces numeric text', async () => {
    expect(await run(filter('age', 'equalto', '45'))).toEqual(['bob']);
    expect((await run(filter('age', 'in', ['18', 30]))).sort()).toEqual(['ana', 'dan']);
  });
  it('empty means no value', async () => {
    expect(await run(filter('age', 'empty'))).toEqual(['cam']);
  });
  it('refuses a value that is not a number with 400 naming it', () => {
    expect(issuesOf(filter('age', 'gte', 'old'))).toEqual({
      status: 400,
      errors: [{ path: 'filters.0.value', message: 'validation.badValue' }],
    });
    expect(issuesOf(filter('age', 'between', ['1', 'x'])).errors?.[0]?.path).toBe('filters.0.value');
  });
});

describe('boolean conditions', () => {
  it('equalto reads true and false in their usual spellings', async () => {
    expect((await run(filter('active', 'equalto', true))).sort()).toEqual(['ana', 'dan']);
    expect(await run(filter('active', 'equalto', 'false'))).toEqual(['bob']);
    expect(await run(filter('active', 'empty'))).toEqual(['cam']);
  });
  it('refuses conditions that make no sense for a flag', () => {
    expect(issuesOf(filter('active', 'gt', true)).errors).toEqual([
      { path: 'filters.0.condition', message: 'validation.unknownCondition' },
    ]);
    expect(issuesOf(filter('active', 'equalto', 'maybe')).errors?.[0]?.path).toBe('filters.0.value');
  });
});

describe('date conditions', () => {
  it('between whole days includes the whole last day', async () => {
    expect(await run(filter('create_date', 'between', ['2026-01-01', '2026-01-31']))).toEqual([
      'cam',
      'bob',
      'ana',
    ]);
  });
  it('equalto a day matches any time that day', async () => {
    expect(await run(filter('create_date', 'equalto', '2026-01-15'))).toEqual(['bob']);
  });
  it('gt a day starts the next day; lt a day ends before it; lte includes it', async () => {
    expect(await run(filter('create_date', 'gt', '2026-01-31'))).toEqual(['dan']);
    expect(await run(filter('create_date', 'lt', '2026-01-15'))).toEqual(['ana']);
    expect(await run(filter('create_date', 'lte', '2026-01-15'))).toEqual(['bob', 'ana']);
    expect(await run(filter('create_date', 'gte', '2026-01-31'))).toEqual(['dan', 'cam']);
  });
  it('accepts instants with a time', async () => {
    expect(await run(filter('create_date', 'gte', '2026-01-31T18:00:00Z'))).toEqual(['dan', 'cam']);
    expect(await run(filter('create_date', 'lt', '2026-01-15T23:30'))).toEqual(['ana']);
  });
  it('refuses a value that is not a date', () => {
    expect(issuesOf(filter('create_date', 'gte', 'yesterday')).errors?.[0]?.path).toBe('filters.0.value');
    expect(issuesOf(filter('create_date', 'equalto', '2026-02-30')).errors?.[0]?.path).toBe(
      'filters.0.value',
    );
    expect(issuesOf(filter('create_date', 'contains', '2026')).errors?.[0]?.path).toBe('filters.0.condition');
  });
});

describe('list conditions', () => {
  it('equalto and in match elements; contains matches part of one', async () => {
    expect((await run(filter('tags', 'equalto', 'lead'))).sort()).toEqual(['ana', 'dan']);
    expect(await run(filter('tags', 'in', ['vip', 'other']))).toEqual(['ana']);
    expect(await run(filter('tags', 'contains', 'VI'))).toEqual(['ana']);
  });
  it('empty matches null and empty lists', async () => {
    expect((await run(filter('tags', 'empty'))).sort()).toEqual(['bob', 'cam']);
    expect((await run(filter('tags', 'notempty'))).sort()).toEqual(['ana', 'dan']);
  });
});

describe('combining, sorting and paging', () => {
  it('joins filters with and by default, or on request', async () => {
    const both = [
      { key: 'age', condition: 'gte', value: 18 },
      { key: 'active', condition: 'equalto', value: true },
    ];
    expect((await run({ filters: both } as SearchBodyInput)).sort()).toEqual(['ana', 'dan']);
    const either = [
      { key: 'age', condition: 'gt', value: 40 },
      { key: 'info.full_name', condition: 'empty' },
    ];
    expect((await run({ filters: either, logical: 'or' } as SearchBodyInput)).sort()).toEqual([
      'bob',
      'cam',
      'dan',
    ]);
  });
  it('sorts newest first by default and by a whitelisted key on request', async () => {
    expect(await run({})).toEqual(['dan', 'cam', 'bob', 'ana']);
    expect(
      await run({ sort: { key: 'age', order: 'asc' }, filters: [{ key: 'age', condition: 'notempty' }] }),
    ).toEqual(['dan', 'ana', 'bob']);
  });
  it('pages are 1-based with offset as the page size', async () => {
    expect(await run({ page: 1, offset: 3 })).toEqual(['dan', 'cam', 'bob']);
    expect(await run({ page: 2, offset: 3 })).toEqual(['ana']);
    const query = buildSearchQuery(searchBodySchema.parse({ page: 3, offset: 10 }), whitelist);
    expect(query).toMatchObject({ limit: 10, offset: 20 });
    expect(query.pagination(42)).toEqual({ total: 42, page: 3, offset: 10 });
  });
  it('refuses keys outside the whitelist, for filters and for sort, naming each', () => {
    const result = issuesOf({
      filters: [
        { key: 'age', condition: 'equalto', value: 1 },
        { key: 'password_hash', condition: 'notempty' },
      ],
      sort: { key: 'secret', order: 'asc' },
    } as SearchBodyInput);
    expect(result.status).toBe(400);
    expect(result.errors).toEqual([
      { path: 'filters.1.key', message: 'validation.unknownKey' },
      { path: 'sort.key', message: 'validation.unknownKey' },
    ]);
  });
  it('does not treat inherited object properties as keys', () => {
    expect(issuesOf(filter('constructor', 'notempty')).errors?.[0]?.path).toBe('filters.0.key');
  });
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
