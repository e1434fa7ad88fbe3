import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import {
  type ClientRow,
  clients,
  devices,
  plans,
  quotaUsage,
  type UserRow,
  users,
} from '../../core/db/schema';
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

/** What the master changes of a company in the console. */
export type ConsolePatch = Partial<
  Pick<
    NewClient,
    'plan_id' | 'plan_expires_at' | 'plan_started_at' | 'access' | 'number_format' | 'timezone' | 'status'
  >
>;

/** A company's plan name and usage in the current period, for the console's list. */
export type ClientFigures = {
  planName: string | null;
  users: number;
  devices: number;
  messages: number;
};

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

  async update(clientId: string, patch: ConsolePatch): Promise<ClientRow | undefined> {
    if (Object.keys(patch).length === 0) return this.findById(clientId);
    const rows = await db.update(clients).set(patch).where(eq(clients.id, clientId)).returning();
    return rows[0];
  },

  /** The company's owner: its first client account (a company is created with exactly one). */
  async findOwner(clientId: string): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.client_id, clientId), eq(users.account, 'client')))
      .orderBy(asc(users.create_date), asc(users.id))
      .limit(1);
    return rows[0];
  },

  /**
   * Plan name, active users, devices and the messages spent since the plan period began (quota_usage of
   * kind 'message' at plan_started_at), per company id.
   */
  async figuresOf(clientIds: string[]): Promise<Map<string, ClientFigures>> {
    if (clientIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: clients.id,
        planName: plans.name,
        users: sql<number>`(select count(*)::int from ${users} where ${users.client_id} = ${clients.id} and ${users.active})`,
        devices: sql<number>`(select count(*)::int from ${devices} where ${devices.client_id} = ${clients.id})`,
        messages: sql<number>`coalesce((select ${quotaUsage.used} from ${quotaUsage} where ${quotaUsage.client_id} = ${clients.id} and ${quotaUsage.kind} = 'message' and ${quotaUsage.period_start} = ${clients.plan_started_at}), 0)::int`,
      })
      .from(clients)
      .leftJoin(plans, eq(plans.id, clients.plan_id))
      .where(inArray(clients.id, clientIds));
    return new Map(rows.map(({ id, ...figures }) => [id, figures]));
  },

  /** Platform administration: spans every company but the deleted ones. */
  async searchAcrossTenants(query: SearchQuery): Promise<{ rows: ClientRow[]; total: number }> {
    const where = and(query.where, ne(clients.status, 'deleted'));
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(clients)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(clients).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
