import type { ViewModule } from '@conversa/domain';
import { and, count, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type ViewRow, views } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const VIEW_SEARCH_FIELDS: SearchWhitelist = {
  id: { column: sql`${views.id}::text`, type: 'text' },
  module: { column: views.module, type: 'text' },
  name: { column: views.name, type: 'text' },
  is_default: { column: views.is_default, type: 'boolean' },
  // The company's views have no owner: '' in filters.
  owner: { column: sql`coalesce(${views.owner}::text, '')`, type: 'text' },
  create_date: { column: views.create_date, type: 'date' },
};

export type NewView = Omit<typeof views.$inferInsert, 'client_id' | 'id' | 'create_date'>;
export type ViewPatch = Partial<NewView>;

/** The views a user sees: their own and the company's. */
const visibleTo = (clientId: string, userId: string): SQL | undefined =>
  and(eq(views.client_id, clientId), or(eq(views.owner, userId), isNull(views.owner)));

/** The views that share a default with one: same module, same owner (or both the company's). */
const sameDefaultScope = (clientId: string, module: ViewModule, owner: string | null) =>
  and(
    eq(views.client_id, clientId),
    eq(views.module, module),
    owner === null ? isNull(views.owner) : eq(views.owner, owner),
  );

export const createViewsRepository = (db: Executor) => ({
  async findVisible(clientId: string, userId: string, id: string): Promise<ViewRow | undefined> {
    const rows = await db
      .select()
      .from(views)
      .where(and(visibleTo(clientId, userId), eq(views.id, id)))
      .limit(1);
    return rows[0];
  },

  async search(
    clientId: string,
    userId: string,
    query: SearchQuery,
  ): Promise<{ rows: ViewRow[]; total: number }> {
    const where = and(visibleTo(clientId, userId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(views)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(views).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async listVisible(clientId: string, userId: string): Promise<ViewRow[]> {
    return db
      .select()
      .from(views)
      .where(visibleTo(clientId, userId))
      .orderBy(views.module, views.name, views.id);
  },

  /** Serialises the company's view writes, so two defaults cannot be set at the same moment. */
  async lockCompanyViews(clientId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`views:${clientId}`}))`);
  },

  /** Clears the default of the scope's other views; answers the views that changed. */
  async clearDefault(
    clientId: string,
    scope: { module: ViewModule; owner: string | null },
    exceptId?: string,
  ): Promise<ViewRow[]> {
    return db
      .update(views)
      .set({ is_default: false })
      .where(
        and(
          sameDefaultScope(clientId, scope.module, scope.owner),
          eq(views.is_default, true),
          exceptId ? ne(views.id, exceptId) : undefined,
        ),
      )
      .returning();
  },

  async insert(clientId: string, values: NewView): Promise<ViewRow> {
    const rows = await db
      .insert(views)
      .values({ ...values, client_id: clientId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(clientId: string, id: string, patch: ViewPatch): Promise<ViewRow | undefined> {
    const rows = await db
      .update(views)
      .set(patch)
      .where(and(eq(views.client_id, clientId), eq(views.id, id)))
      .returning();
    return rows[0];
  },

  async delete(clientId: string, id: string): Promise<ViewRow | undefined> {
    const rows = await db
      .delete(views)
      .where(and(eq(views.client_id, clientId), eq(views.id, id)))
      .returning();
    return rows[0];
  },
});
