import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type UserRow, users } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';
import type { UserBrief } from './users.mapper';

/** Keys a user search may filter and sort on. */
export const USER_SEARCH_FIELDS: SearchWhitelist = {
  name: { column: users.name, type: 'text' },
  email: { column: users.email, type: 'text' },
  phone: { column: users.phone, type: 'text' },
  account: { column: users.account, type: 'text' },
  language: { column: users.language, type: 'text' },
  online: { column: users.online, type: 'boolean' },
  active: { column: users.active, type: 'boolean' },
  create_date: { column: users.create_date, type: 'date' },
};

/** What a user/list caller without user.view may filter and sort on: what they see of a colleague. */
export const COLLEAGUE_SEARCH_FIELDS: SearchWhitelist = {
  name: { column: users.name, type: 'text' },
  online: { column: users.online, type: 'boolean' },
};

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<
  Pick<
    NewUser,
    | 'name'
    | 'initials'
    | 'phone'
    | 'language'
    | 'fixed'
    | 'custom_views'
    | 'sound'
    | 'notify'
    | 'analytics'
    | 'access'
    | 'answer'
    | 'active'
    | 'push_notification'
    | 'notifications'
    | 'sound_notification'
  >
>;

const briefColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  account: users.account,
  online: users.online,
  answer: users.answer,
};

/** `null` as tenant means every tenant, which only the master's users admin screen may ask for. */
const tenantFilter = (clientId: string | null): SQL | undefined =>
  clientId === null ? undefined : eq(users.client_id, clientId);

export const createUsersRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.client_id, clientId), eq(users.id, id)))
      .limit(1);
    return rows[0];
  },

  /** Login and password restore start from an e-mail alone, before any tenant is known. */
  async findByEmailAcrossTenants(email: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return rows[0];
  },

  async search(clientId: string | null, query: SearchQuery): Promise<{ rows: UserRow[]; total: number }> {
    const where = and(tenantFilter(clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async searchAll(clientId: string | null, query: SearchQuery, cap: number): Promise<UserRow[]> {
    return db
      .select()
      .from(users)
      .where(and(tenantFilter(clientId), query.where))
      .orderBy(...query.orderBy)
      .limit(cap);
  },

  async listBrief(clientId: string, query?: SearchQuery): Promise<{ rows: UserBrief[]; total: number }> {
    const where = and(eq(users.client_id, clientId), query?.where);
    const select = db
      .select(briefColumns)
      .from(users)
      .where(where)
      .orderBy(...(query?.orderBy ?? [users.name]));
    const [rows, totals] = await Promise.all([
      query ? select.limit(query.limit).offset(query.offset) : select,
      db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** The users holding a seat of the plan: a deactivated user frees theirs. */
  async countActiveOfClient(clientId: string): Promise<number> {
    const rows = await db
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.client_id, clientId), eq(users.active, true)));
    return rows[0]?.total ?? 0;
  },

  async insert(clientId: string, values: Omit<NewUser, 'client_id'>): Promise<UserRow> {
    const rows = await db
      .insert(users)
      .values({ ...values, client_id: clientId, email: values.email.toLowerCase() })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(clientId: string, id: string, patch: UserPatch): Promise<UserRow | undefined> {
    if (Object.keys(patch).length === 0) return this.findById(clientId, id);
    const rows = await db
      .update(users)
      .set(patch)
      .where(and(eq(users.client_id, clientId), eq(users.id, id)))
      .returning();
    return rows[0];
  },

  async setPassword(clientId: string, id: string, passwordHash: string): Promise<void> {
    await db
      .update(users)
      .set({ password_hash: passwordHash })
      .where(and(eq(users.client_id, clientId), eq(users.id, id)));
  },

  async setOnline(clientId: string, id: string, online: boolean): Promise<UserRow | undefined> {
    const rows = await db
      .update(users)
      .set({ online })
      .where(and(eq(users.client_id, clientId), eq(users.id, id)))
      .returning();
    return rows[0];
  },

  async touchLastLogin(clientId: string, id: string): Promise<void> {
    await db
      .update(users)
      .set({ last_login: sql`now()` })
      .where(and(eq(users.client_id, clientId), eq(users.id, id)));
  },

  async isEmpty(): Promise<boolean> {
    const rows = await db.select({ id: users.id }).from(users).limit(1);
    return rows.length === 0;
  },
});

export type UsersRepository = ReturnType<typeof createUsersRepository>;
