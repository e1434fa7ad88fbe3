import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type ClientRow, clients } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const CLIENT_SEARCH_FIELDS: SearchWhitelist = {
  name: { column: clients.name, type: 'text' },
  email: { column: clients.email, type: 'text' },
  subdomain: { column: clients.subdomain, type: 'text' },
  create_date: { column: clients.create_date, type: 'date' },
};

export type NewClient = typeof clients.$inferInsert;
export type ProfilePatch = Partial<
  Pick<NewClient, 'name' | 'phone' | 'timezone' | 'number_format' | 'imglogo'>
>;

/** The clients table is the tenant itself: its id is the tenant id. */
export const createClientsRepository = (db: Executor) => ({
  async findById(clientId: string): Promise<ClientRow | undefined> {
    const rows = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
    return rows[0];
  },

  async updateProfile(clientId: string, patch: ProfilePatch): Promise<ClientRow | undefined> {
    if (Object.keys(patch).length === 0) return this.findById(clientId);
    const rows = await db.update(clients).set(patch).where(eq(clients.id, clientId)).returning();
    return rows[0];
  },

  async insert(values: NewClient): Promise<ClientRow> {
    const rows = await db.insert(clients).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Platform administration: spans every company. */
  async searchAcrossTenants(query: SearchQuery): Promise<{ rows: ClientRow[]; total: number }> {
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(clients)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(clients).where(query.where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
