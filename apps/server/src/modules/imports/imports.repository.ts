import { IMPORT_REPORT_MAX_ISSUES, type ImportIssue, type ImportModule } from '@conversa/domain';
import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type ImportJobRow, importJobs, users } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const IMPORT_SEARCH_FIELDS: SearchWhitelist = {
  module: { column: importJobs.module, type: 'text' },
  status: { column: importJobs.status, type: 'text' },
  filename: { column: importJobs.filename, type: 'text' },
  user_id: { column: sql`${importJobs.user_id}::text`, type: 'text' },
  create_date: { column: importJobs.create_date, type: 'date' },
  finished_at: { column: importJobs.finished_at, type: 'date' },
};

/** What one committed batch adds to its import. */
export type BatchProgress = {
  lines: number;
  created: number;
  skipped: number;
  failed: number;
  issues: ImportIssue[];
};

export const createImportsRepository = (db: Executor) => ({
  async insert(values: typeof importJobs.$inferInsert): Promise<ImportJobRow> {
    const rows = await db.insert(importJobs).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async findById(clientId: string, id: string): Promise<ImportJobRow | undefined> {
    const rows = await db
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.client_id, clientId), eq(importJobs.id, id)))
      .limit(1);
    return rows[0];
  },

  /**
   * The company's imports of the modules the caller may see, with the name of who started each, without
   * their reports (a list stays light).
   */
  async search(clientId: string, modules: readonly ImportModule[], query: SearchQuery) {
    const where = and(eq(importJobs.client_id, clientId), inArray(importJobs.module, modules), query.where);
    const { errors: _report, ...columns } = getTableColumns(importJobs);
    const [rows, totals] = await Promise.all([
      db
        .select({ ...columns, user_name: sql<string>`coalesce(${users.name}, '')` })
        .from(importJobs)
        .leftJoin(users, eq(users.id, importJobs.user_id))
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(importJobs).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** A queued job starts, its file counted: answers it running, or undefined if it had already started. */
  async markRunning(clientId: string, id: string, total: number): Promise<ImportJobRow | undefined> {
    const rows = await db
      .update(importJobs)
      .set({ status: 'running', total })
      .where(and(eq(importJobs.client_id, clientId), eq(importJobs.id, id), eq(importJobs.status, 'queued')))
      .returning();
    return rows[0];
  },

  /**
   * Adds a committed batch to the job, only if the job is still where this worker left it: a second worker
   * that took the job over (an expired lease) makes this answer undefined, and the caller rolls back.
   * The report keeps its first IMPORT_REPORT_MAX_ISSUES issues; the counts stay exact.
   */
  async addBatch(
    clientId: string,
    id: string,
    processedBefore: number,
    batch: BatchProgress,
  ): Promise<ImportJobRow | undefined> {
    const rows = await db
      .update(importJobs)
      .set({
        processed: sql`${importJobs.processed} + ${batch.lines}`,
        created: sql`${importJobs.created} + ${batch.created}`,
        skipped: sql`${importJobs.skipped} + ${batch.skipped}`,
        failed: sql`${importJobs.failed} + ${batch.failed}`,
        errors: sql`case when jsonb_array_length(${importJobs.errors}) >= ${IMPORT_REPORT_MAX_ISSUES}
          then ${importJobs.errors}
          else (select coalesce(jsonb_agg(issue), '[]'::jsonb) from (
            select issue from jsonb_array_elements(${importJobs.errors} || ${JSON.stringify(batch.issues)}::jsonb)
              with ordinality as item(issue, position)
            order by position limit ${IMPORT_REPORT_MAX_ISSUES}) as kept)
          end`,
      })
      .where(
        and(
          eq(importJobs.client_id, clientId),
          eq(importJobs.id, id),
          eq(importJobs.status, 'running'),
          eq(importJobs.processed, processedBefore),
        ),
      )
      .returning();
    return rows[0];
  },

  /** The job ends: done, or failed with the issue that stopped it added to its report. */
  async finish(
    clientId: string,
    id: string,
    status: 'done' | 'failed',
    stoppedBy?: ImportIssue,
  ): Promise<ImportJobRow | undefined> {
    const rows = await db
      .update(importJobs)
      .set({
        status,
        finished_at: sql`now()`,
        file_key: '',
        ...(stoppedBy ? { errors: sql`${importJobs.errors} || ${JSON.stringify([stoppedBy])}::jsonb` } : {}),
      })
      .where(
        and(
          eq(importJobs.client_id, clientId),
          eq(importJobs.id, id),
          inArray(importJobs.status, ['queued', 'running']),
        ),
      )
      .returning();
    return rows[0];
  },
});
