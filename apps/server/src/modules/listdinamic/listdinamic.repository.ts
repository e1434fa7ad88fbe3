import type { ListField, ListModule } from '@conversa/domain';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type ListItemRow, listDinamic } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const LIST_ITEM_SEARCH_FIELDS: SearchWhitelist = {
  id: { column: sql`${listDinamic.id}::text`, type: 'text' },
  module: { column: listDinamic.module, type: 'text' },
  field: { column: listDinamic.field, type: 'text' },
  name: { column: listDinamic.name, type: 'text' },
  color: { column: listDinamic.color, type: 'text' },
  status: { column: listDinamic.status, type: 'boolean' },
  position: { column: listDinamic.position, type: 'number' },
  create_date: { column: listDinamic.create_date, type: 'date' },
};

/** Menus and kanban columns read in this order when the search names no sort. */
export const LIST_ITEM_ORDER: SQL[] = [
  asc(listDinamic.module),
  asc(listDinamic.field),
  asc(listDinamic.position),
  asc(listDinamic.name),
];

export type NewListItem = Omit<typeof listDinamic.$inferInsert, 'client_id' | 'id' | 'create_date'>;
export type ListItemPatch = Partial<Pick<NewListItem, 'name' | 'color' | 'status' | 'position'>>;

export const createListDinamicRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<ListItemRow | undefined> {
    const rows = await db
      .select()
      .from(listDinamic)
      .where(and(eq(listDinamic.client_id, clientId), eq(listDinamic.id, id)))
      .limit(1);
    return rows[0];
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: ListItemRow[]; total: number }> {
    const where = and(eq(listDinamic.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(listDinamic)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(listDinamic).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async listAll(clientId: string): Promise<ListItemRow[]> {
    return db
      .select()
      .from(listDinamic)
      .where(eq(listDinamic.client_id, clientId))
      .orderBy(...LIST_ITEM_ORDER, asc(listDinamic.id));
  },

  /**
   * Serialises the company's list writes until the transaction ends, so two people naming an item at
   * the same moment cannot both pass the duplicate check.
   */
  async lockCompanyLists(clientId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`list_dinamic:${clientId}`}))`);
  },

  /** Whether the list (module and field) already has an item of this name, ignoring case. */
  async hasName(
    clientId: string,
    list: { module: ListModule; field: ListField },
    name: string,
    exceptId?: string,
  ): Promise<boolean> {
    const rows = await db
      .select({ id: listDinamic.id })
      .from(listDinamic)
      .where(
        and(
          eq(listDinamic.client_id, clientId),
          eq(listDinamic.module, list.module),
          eq(listDinamic.field, list.field),
          sql`lower(${listDinamic.name}) = lower(${name})`,
          exceptId ? ne(listDinamic.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** The position after the list's last item. */
  async nextPosition(clientId: string, list: { module: ListModule; field: ListField }): Promise<number> {
    const rows = await db
      .select({ last: sql<number | null>`max(${listDinamic.position})` })
      .from(listDinamic)
      .where(
        and(
          eq(listDinamic.client_id, clientId),
          eq(listDinamic.module, list.module),
          eq(listDinamic.field, list.field),
        ),
      );
    const last = rows[0]?.last;
    return last === null || last === undefined ? 0 : Number(last) + 1;
  },

  async insert(clientId: string, values: NewListItem): Promise<ListItemRow> {
    const rows = await db
      .insert(listDinamic)
      .values({ ...values, client_id: clientId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(clientId: string, id: string, patch: ListItemPatch): Promise<ListItemRow | undefined> {
    if (Object.keys(patch).length === 0) return this.findById(clientId, id);
    const rows = await db
      .update(listDinamic)
      .set(patch)
      .where(and(eq(listDinamic.client_id, clientId), eq(listDinamic.id, id)))
      .returning();
    return rows[0];
  },

  async delete(clientId: string, id: string): Promise<ListItemRow | undefined> {
    const rows = await db
      .delete(listDinamic)
      .where(and(eq(listDinamic.client_id, clientId), eq(listDinamic.id, id)))
      .returning();
    return rows[0];
  },
});
