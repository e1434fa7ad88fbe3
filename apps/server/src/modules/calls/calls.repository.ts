import { and, asc, count, eq, getTableColumns, inArray, like, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, contacts, type IntegrationRow, integrations, users } from '../../core/db/schema';
import { type CallRow, calls } from '../../core/db/schema/calls';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const CALL_SEARCH_FIELDS: SearchWhitelist = {
  contact_id: { column: sql`${calls.contact_id}::text`, type: 'text' },
  user_id: { column: sql`${calls.user_id}::text`, type: 'text' },
  integration_id: { column: sql`${calls.integration_id}::text`, type: 'text' },
  phone: { column: calls.phone, type: 'text' },
  direction: { column: calls.direction, type: 'text' },
  result: { column: calls.result, type: 'text' },
  extension: { column: calls.extension, type: 'text' },
  duration: { column: calls.duration, type: 'number' },
  started_at: { column: calls.started_at, type: 'date' },
  create_date: { column: calls.create_date, type: 'date' },
};

export type CallValues = Omit<typeof calls.$inferInsert, 'id' | 'create_date'>;

/** Fewer digits than this match too many numbers to pick a contact by their end. */
const MIN_SUFFIX_DIGITS = 8;

/** Calls, tenant id first in every statement. */
export const createCallsRepository = (db: Executor) => ({
  async search(clientId: string, query: SearchQuery): Promise<{ rows: CallRow[]; total: number }> {
    const where = and(eq(calls.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(calls)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(calls).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /**
   * The final report of a call (its CDR): a new row, or the same row again for a repeated or late event
   * (integration_id + external_id is unique), never a second one.
   */
  async upsertFinal(values: CallValues): Promise<{ row: CallRow; isNew: boolean }> {
    const rows = await db
      .insert(calls)
      .values(values)
      .onConflictDoUpdate({
        target: [calls.integration_id, calls.external_id],
        set: {
          contact_id: sql`coalesce(excluded.contact_id, ${calls.contact_id})`,
          phone: sql`excluded.phone`,
          direction: sql`excluded.direction`,
          result: sql`excluded.result`,
          duration: sql`excluded.duration`,
          extension: sql`excluded.extension`,
          user_id: sql`coalesce(excluded.user_id, ${calls.user_id})`,
          started_at: sql`excluded.started_at`,
        },
      })
      // xmax is 0 on a row this statement inserted, not on one it updated.
      .returning({ ...getTableColumns(calls), isNew: sql<boolean>`(xmax = 0)` });
    const first = rows[0];
    if (!first) throw new Error('upsert returned no row');
    const { isNew, ...row } = first;
    return { row, isNew };
  },

  /** A call under way: added once; a status arriving after the CDR never overwrites it. */
  async insertIfAbsent(values: CallValues): Promise<{ row: CallRow; isNew: boolean } | undefined> {
    const rows = await db.insert(calls).values(values).onConflictDoNothing().returning();
    return rows[0] ? { row: rows[0], isNew: true } : undefined;
  },

  /**
   * The company's contact with this phone (normalised as contacts' phones are: digits only, country code
   * first). A PBX may dial with an international prefix (00) or without the country code: then the one
   * contact whose number ends with these digits, if only one does.
   */
  async contactByPhone(clientId: string, phone: string): Promise<string | null> {
    if (phone === '') return null;
    const candidates = [...new Set([phone, phone.replace(/^00/, '')])];
    const exact = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.client_id, clientId), inArray(contacts.phone, candidates)))
      .limit(1);
    if (exact[0]) return exact[0].id;
    const local = phone.replace(/^0+/, '');
    if (local.length < MIN_SUFFIX_DIGITS) return null;
    const ending = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.client_id, clientId), like(contacts.phone, `%${local}`)))
      .limit(2);
    return ending.length === 1 ? (ending[0]?.id ?? null) : null;
  },

  /** Which of these user ids are the company's users. */
  async timeZoneOf(clientId: string): Promise<string> {
    const rows = await db
      .select({ timezone: clients.timezone })
      .from(clients)
      .where(eq(clients.id, clientId));
    return rows[0]?.timezone ?? 'UTC';
  },

  async pbxIntegration(id: string): Promise<IntegrationRow | undefined> {
    const rows = await db
      .select()
      .from(integrations)
      .where(and(eq(integrations.id, id), eq(integrations.type, 'yeastar')));
    return rows[0];
  },

  async pbxIntegrations(clientId: string): Promise<IntegrationRow[]> {
    return db
      .select()
      .from(integrations)
      .where(and(eq(integrations.client_id, clientId), eq(integrations.type, 'yeastar')))
      .orderBy(asc(integrations.create_date));
  },

  async usersOf(clientId: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.client_id, clientId), inArray(users.id, userIds)));
    return new Set(rows.map((row) => row.id));
  },
});
