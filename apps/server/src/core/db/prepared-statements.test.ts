import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { prepareRepeatedStatements } from './prepared-statements';

describe('repeated statements prepared on their connection', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    pool.on('connect', prepareRepeatedStatements);
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const preparedTexts = async () =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (row) => row.statement,
    );

  it('prepares a statement run more than three times, and answers it the same before and after', async () => {
    const text = 'select $1::int + 1 as next';
    const answers: number[] = [];
    for (let run = 1; run <= 6; run += 1) {
      answers.push((await pool.query<{ next: number }>({ text }, [run])).rows[0]?.next ?? 0);
    }
    expect(answers).toEqual([2, 3, 4, 5, 6, 7]);
    expect(await preparedTexts()).toContain(text);
    // The string form is the same statement.
    expect((await pool.query<{ next: number }>(text, [41])).rows[0]?.next).toBe(42);
  });

  it('leaves a statement without parameters, and one run once, unprepared', async () => {
    for (let run = 0; run < 5; run += 1) await pool.query('select 1 as one');
    await pool.query('select $1::text as once', ['x']);
    const prepared = await preparedTexts();
    expect(prepared).not.toContain('select 1 as one');
    expect(prepared).not.toContain('select $1::text as once');
  });

  it('keeps at most 200 on a connection, deallocating the least recently used', async () => {
    for (let index = 0; index < 210; index += 1) {
      const text = `select $1::int * ${index} as product`;
      for (let run = 0; run < 4; run += 1) await pool.query(text, [run]);
    }
    const prepared = await preparedTexts();
    expect(prepared.length).toBe(200);
    expect(prepared).toContain('select $1::int * 209 as product');
    expect(prepared).not.toContain('select $1::int * 0 as product');
    // An evicted statement still runs (prepared again under a new name).
    for (let run = 0; run < 2; run += 1) {
      expect(
        (await pool.query<{ product: number }>('select $1::int * 0 as product', [7])).rows[0]?.product,
      ).toBe(0);
    }
  });
});
