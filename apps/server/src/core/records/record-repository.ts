import { LIST_TOTAL_CAP } from '@conversa/domain';
import { and, count, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { allOn, type Executor } from '../db/database';
import type { SearchQuery } from '../http/search-query';
import type { RecordPatch, RecordRow, RecordTable, RecordValues } from './record-module';

/**
 * Tenant-first Drizzle operations on any kit table; the kit's service is the only caller. `scope` (the
 * module's condition for the caller, see RecordModule.scope) joins the tenant in every statement.
 */
export const createRecordRepository = <T extends RecordTable>(db: Executor, table: T, scope?: SQL) => {
  type Row = RecordRow<T>;
  const source = table as RecordTable;
  const tenant = (clientId: string, ...conditions: (SQL | undefined)[]) =>
    and(eq(source.client_id, clientId), scope, ...conditions);

  const page = async (clientId: string, query: SearchQuery, extra?: SQL): Promise<Row[]> =>
    (await db
      .select()
      .from(source)
      .where(tenant(clientId, query.where, extra))
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset)) as Row[];

  return {
    page,

    /** One page of the query and the number of records it matches, read side by side. */
    /**
     * A page and the total, side by side. Counting stops one row past LIST_TOTAL_CAP: a list of 100,000
     * records says "10,000+" (`more`) instead of visiting every one of them on every page.
     */
    async search(
      clientId: string,
      query: SearchQuery,
    ): Promise<{ rows: Row[]; total: number; more: boolean }> {
      const capped = db
        .select({ one: sql`1` })
        .from(source)
        .where(tenant(clientId, query.where))
        .limit(LIST_TOTAL_CAP + 1)
        .as('capped');
      const [rows, totals] = await allOn(db, [
        () => page(clientId, query),
        () => db.select({ total: count() }).from(capped),
      ]);
      const counted = totals[0]?.total ?? 0;
      return { rows, total: Math.min(counted, LIST_TOTAL_CAP), more: counted > LIST_TOTAL_CAP };
    },

    /** The whole query, unpaged, as SQL for a cursor (an export reads it in batches). */
    selectAll(clientId: string, query: SearchQuery): SQLWrapper {
      return db
        .select()
        .from(source)
        .where(tenant(clientId, query.where))
        .orderBy(...query.orderBy);
    },

    async findById(clientId: string, id: string, lock = false): Promise<Row | undefined> {
      const select = db
        .select()
        .from(source)
        .where(tenant(clientId, eq(source.id, id)))
        .limit(1);
      const rows = lock ? await select.for('update') : await select;
      return rows[0] as Row | undefined;
    },

    /** The tenant's records among the ids, locked for the write that reads them. */
    async findMany(clientId: string, ids: string[]): Promise<Row[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(source)
        .where(tenant(clientId, inArray(source.id, ids)))
        .for('update');
      return rows as Row[];
    },

    /** The ids of every record the filters find, oldest first (a bulk's target). */
    async idsWhere(clientId: string, where: SQL | undefined): Promise<string[]> {
      const rows = await db
        .select({ id: source.id })
        .from(source)
        .where(tenant(clientId, where))
        .orderBy(source.id);
      return rows.map((row) => String(row.id));
    },

    /** How many matching records hold each value of a column (a kanban's columns). */
    async countBy(clientId: string, where: SQL | undefined, column: SQLWrapper) {
      const rows = await db
        .select({ value: sql<unknown>`${column}`, count: count() })
        .from(source)
        .where(tenant(clientId, where))
        .groupBy(sql`${column}`)
        .orderBy(sql`${column}`);
      return rows;
    },

    async insert(clientId: string, values: RecordValues<T>): Promise<Row> {
      const rows = (await db
        .insert(source)
        .values({ ...values, client_id: clientId } as never)
        .returning()) as Row[];
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(clientId: string, id: string, patch: RecordPatch<T>): Promise<Row | undefined> {
      const rows = (await db
        .update(source)
        .set(patch as never)
        .where(tenant(clientId, eq(source.id, id)))
        .returning()) as Row[];
      return rows[0];
    },

    async updateMany(clientId: string, ids: string[], patch: RecordPatch<T>): Promise<Row[]> {
      if (ids.length === 0) return [];
      return (await db
        .update(source)
        .set(patch as never)
        .where(tenant(clientId, inArray(source.id, ids)))
        .returning()) as Row[];
    },

    async deleteMany(clientId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(source).where(tenant(clientId, inArray(source.id, ids)));
    },
  };
};
