import { eq, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database';
import * as schema from '../../core/db/schema';
import { auditLogs, clients, sessions, users } from '../../core/db/schema';

/**
 * What a deleted company leaves: its row and its users' rows, emptied of who they were, so the sessions
 * they held (revoked, kept) answer `Expired Token` instead of an unknown token; and the audit log, which
 * nobody may delete.
 */
const KEPT = new Set<string>([clients, users, sessions, auditLogs].map((table) => getTableName(table)));

/**
 * Every table holding a company's rows, each before the tables it refers to, so a reference that
 * restricts deletion (a deal's pipeline and stage) never stops a parent going first. Read from the schema,
 * so a new module's table is erased without being listed here.
 */
const ERASED_IN_ORDER = ((): PgTable[] => {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const owned = tables.filter((table) => {
    const config = getTableConfig(table);
    return !KEPT.has(config.name) && config.columns.some((column) => column.name === 'client_id');
  });
  const referencesOf = new Map(
    owned.map((table) => [
      table,
      new Set(
        getTableConfig(table)
          .foreignKeys.map((key) => key.reference().foreignTable)
          .filter((parent) => parent !== table),
      ),
    ]),
  );
  const ordered: PgTable[] = [];
  let left = owned;
  while (left.length > 0) {
    const ready = left.filter((table) => !left.some((other) => referencesOf.get(other)?.has(table)));
    if (ready.length === 0) throw new Error('company tables refer to each other in a cycle');
    ordered.push(...ready);
    left = left.filter((table) => !ready.includes(table));
  }
  return ordered;
})();

/**
 * Removes a company's data inside the caller's transaction and leaves the tombstone described above:
 * the company anonymised with status `deleted`, its users anonymised and inactive (their e-mails freed,
 * no password, no second factor).
 */
export const eraseCompany = async (tx: Executor, clientId: string): Promise<void> => {
  for (const table of ERASED_IN_ORDER) {
    await tx.execute(sql`delete from ${table} where client_id = ${clientId}`);
  }
  await tx
    .update(users)
    .set({
      name: '',
      initials: '',
      email: sql`'deleted-' || ${users.id} || '@deleted.invalid'`,
      phone: '',
      password_hash: '',
      active: false,
      online: false,
      totp_secret: null,
      totp_enabled_at: null,
      custom_views: {},
      fixed: [],
      push_notification: [],
    })
    .where(eq(users.client_id, clientId));
  await tx
    .update(clients)
    .set({
      name: '',
      email: '',
      phone: '',
      subdomain: sql`'deleted-' || ${clients.id}`,
      imglogo: '',
      subscribe_id: [],
      plan_id: null,
      is_paid: null,
      plan_expires_at: null,
      access: [],
      two_factor_required: false,
      two_factor_enforced: false,
      status: 'deleted',
    })
    .where(eq(clients.id, clientId));
};
