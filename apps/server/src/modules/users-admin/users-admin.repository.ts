import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, type UserRow, users } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

/** Keys the users admin may filter and sort on; `client_name` is the user's company's name. */
export const ADMIN_USER_SEARCH_FIELDS: SearchWhitelist = {
  name: { column: users.name, type: 'text' },
  email: { column: users.email, type: 'text' },
  client_name: { column: clients.name, type: 'text' },
  account: { column: users.account, type: 'text' },
  active: { column: users.active, type: 'boolean' },
  create_date: { column: users.create_date, type: 'date' },
};

export type AdminUserRow = { user: UserRow; clientName: string };

/** Platform administration: the users of every company, with their company's name. */
export const createUsersAdminRepository = (db: Executor) => ({
  async search(query: SearchQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
    const [rows, totals] = await Promise.all([
      db
        .select({ user: users, clientName: clients.name })
        .from(users)
        .innerJoin(clients, eq(clients.id, users.client_id))
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db
        .select({ total: count() })
        .from(users)
        .innerJoin(clients, eq(clients.id, users.client_id))
        .where(query.where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async findById(id: string): Promise<AdminUserRow | undefined> {
    const rows = await db
      .select({ user: users, clientName: clients.name })
      .from(users)
      .innerJoin(clients, eq(clients.id, users.client_id))
      .where(eq(users.id, id))
      .limit(1);
    return rows[0];
  },

  async setActive(clientId: string, id: string, active: boolean): Promise<UserRow | undefined> {
    const rows = await db
      .update(users)
      .set({ active })
      .where(and(eq(users.client_id, clientId), eq(users.id, id)))
      .returning();
    return rows[0];
  },
});
