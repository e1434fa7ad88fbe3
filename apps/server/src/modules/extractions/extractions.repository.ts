import { and, count, eq, isNotNull, lt } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type ExtractionRow, extractions } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const EXTRACTION_SEARCH_FIELDS: SearchWhitelist = {
  module: { column: extractions.module, type: 'text' },
  format: { column: extractions.format, type: 'text' },
  status: { column: extractions.status, type: 'text' },
  rows: { column: extractions.rows, type: 'number' },
  size: { column: extractions.size, type: 'number' },
  created_by: { column: extractions.created_by, type: 'text' },
  create_date: { column: extractions.create_date, type: 'date' },
  done_date: { column: extractions.done_date, type: 'date' },
};

export type NewExtraction = Omit<typeof extractions.$inferInsert, 'client_id' | 'id'>;
export type ExtractionPatch = Partial<
  Pick<ExtractionRow, 'status' | 'progress' | 'rows' | 'size' | 'file_id' | 'error' | 'done_date'>
>;

const ofClient = (clientId: string) => eq(extractions.client_id, clientId);

export const createExtractionsRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<ExtractionRow | undefined> {
    const rows = await db
      .select()
      .from(extractions)
      .where(and(ofClient(clientId), eq(extractions.id, id)))
      .limit(1);
    return rows[0];
  },

  /** The public download link names only the extraction: its signature is what proves the right to it. */
  async findAnyById(id: string): Promise<ExtractionRow | undefined> {
    const rows = await db.select().from(extractions).where(eq(extractions.id, id)).limit(1);
    return rows[0];
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: ExtractionRow[]; total: number }> {
    const where = and(ofClient(clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(extractions)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(extractions).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async insert(clientId: string, values: NewExtraction): Promise<ExtractionRow> {
    const rows = await db
      .insert(extractions)
      .values({ ...values, client_id: clientId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(clientId: string, id: string, patch: ExtractionPatch): Promise<ExtractionRow | undefined> {
    const rows = await db
      .update(extractions)
      .set(patch)
      .where(and(ofClient(clientId), eq(extractions.id, id)))
      .returning();
    return rows[0];
  },

  async delete(clientId: string, id: string): Promise<ExtractionRow | undefined> {
    const rows = await db
      .delete(extractions)
      .where(and(ofClient(clientId), eq(extractions.id, id)))
      .returning();
    return rows[0];
  },

  /** Done extractions of every company whose file is older than `before` and still kept. */
  async doneWithFileBefore(before: Date, limit: number): Promise<ExtractionRow[]> {
    return db
      .select()
      .from(extractions)
      .where(
        and(
          eq(extractions.status, 'done'),
          isNotNull(extractions.file_id),
          lt(extractions.done_date, before),
        ),
      )
      .limit(limit);
  },
});
