import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type AuditLogRow, auditLogs } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const AUDIT_SEARCH_FIELDS: SearchWhitelist = {
  user_id: { column: sql`${auditLogs.user_id}::text`, type: 'text' },
  user_name: { column: auditLogs.user_name, type: 'text' },
  module: { column: auditLogs.module, type: 'text' },
  action: { column: auditLogs.action, type: 'text' },
  record_id: { column: auditLogs.record_id, type: 'text' },
  ip: { column: auditLogs.ip, type: 'text' },
  create_date: { column: auditLogs.create_date, type: 'date' },
};

/** Reads only: the table refuses every change (trigger of migration 0006), so nothing here writes. */
export const createAuditRepository = (db: Executor) => ({
  async findById(clientId: string, id: number): Promise<AuditLogRow | undefined> {
    const rows = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.client_id, clientId), eq(auditLogs.id, id)))
      .limit(1);
    return rows[0];
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: AuditLogRow[]; total: number }> {
    const where = and(eq(auditLogs.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(auditLogs)
        .where(where)
        // Rows of one instant keep the order they were written in, newest first.
        .orderBy(...query.orderBy, desc(auditLogs.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(auditLogs).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});
