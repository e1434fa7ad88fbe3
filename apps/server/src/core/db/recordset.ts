import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database';

/**
 * Many records as ONE jsonb parameter, to read with `jsonb_to_recordset(...) as r(column type, …)`.
 * For the hot multi-row writes (a batch of inbound messages): Drizzle's insert builder costs CPU per
 * value, which at a thousand messages a second was a third of the server's own work.
 */
export const recordset = (records: readonly object[]): SQL => sql`${JSON.stringify(records)}::jsonb`;

/**
 * The records' ids as one `uuid[]` parameter, for `where t.id = any(${idsOf(records)}) and t.id = r.id`
 * beside a recordset join: the rows are then found by their primary key whatever the table's statistics
 * say. Without it, statistics taken before a run's rows existed (autovacuum a minute behind, or off) made
 * the planner read a company's whole partial index and hash it, 10-12 ms for 50 rows instead of 1.
 */
export const idsOf = (records: readonly { id: string }[]): SQL =>
  sql`${`{${records.map((record) => record.id).join(',')}}`}::uuid[]`;

/** Whole rows of `table` as the driver answered them (a hand-written RETURNING *), decoded as Drizzle does. */
export const decodeRows = <T extends PgTable>(
  table: T,
  rows: Record<string, unknown>[],
): T['$inferSelect'][] => {
  const columns = Object.entries(getTableColumns(table));
  return rows.map(
    (raw) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = raw[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as T['$inferSelect'],
  );
};

/** Runs a hand-written statement answering whole rows of `table` (RETURNING *), decoded as Drizzle does. */
export const returningRows = async <T extends PgTable>(
  db: Executor,
  table: T,
  query: SQL,
): Promise<T['$inferSelect'][]> => {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return decodeRows(table, result.rows);
};
