import type { AuditEntry, SearchBody } from '@conversa/domain';
import type { Database } from '../../core/db/database';
import type { AuditLogRow } from '../../core/db/schema';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import { AUDIT_SEARCH_FIELDS, createAuditRepository } from './audit.repository';

const toAuditEntry = (row: AuditLogRow): AuditEntry => ({
  id: String(row.id),
  create_date: row.create_date.toISOString(),
  user_id: row.user_id,
  user_name: row.user_name,
  ip: row.ip,
  action: row.action,
  module: row.module,
  record_id: row.record_id,
  changes: row.changes,
});

/** Row ids are bigserial numbers; anything else names no row. */
const AUDIT_ID = /^[1-9]\d{0,15}$/;

/** The company's audit log, read only: rows are written by each module inside its own transactions. */
export const createAuditService = ({ db }: { db: Database }) => {
  const repo = createAuditRepository(db);
  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, AUDIT_SEARCH_FIELDS, { defaultSort: NEWEST_FIRST });
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map(toAuditEntry), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<AuditEntry> {
      const row = AUDIT_ID.test(id) ? await repo.findById(auth.clientId, Number(id)) : undefined;
      if (!row) throw notFound();
      return toAuditEntry(row);
    },
  };
};

export type AuditService = ReturnType<typeof createAuditService>;
