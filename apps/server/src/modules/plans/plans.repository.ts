import type { QuotaType } from '@conversa/domain';
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, devices, type PlanRow, plans, quotaUsage, users } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const PLAN_SEARCH_FIELDS: SearchWhitelist = {
  code: { column: plans.code, type: 'text' },
  name: { column: plans.name, type: 'text' },
  price_clp: { column: plans.price_clp, type: 'number' },
  price_usd: { column: plans.price_usd, type: 'number' },
  duration_days: { column: plans.duration_days, type: 'number' },
  is_public: { column: plans.is_public, type: 'boolean' },
  is_default: { column: plans.is_default, type: 'boolean' },
  create_date: { column: plans.create_date, type: 'date' },
};

export type NewPlan = typeof plans.$inferInsert;
export type PlanPatch = Partial<Omit<NewPlan, 'id' | 'create_date' | 'is_default'>>;

/** The most any company on a plan uses of each quota (0 when none is on it). */
export type PlanUsage = Record<QuotaType, number>;

/** Plans belong to the platform, not to a tenant. */
export const createPlansRepository = (db: Executor) => ({
  async findById(id: string): Promise<PlanRow | undefined> {
    const rows = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
    return rows[0];
  },

  async findDefault(): Promise<PlanRow | undefined> {
    const rows = await db.select().from(plans).where(eq(plans.is_default, true)).limit(1);
    return rows[0];
  },

  async insert(values: NewPlan): Promise<PlanRow> {
    const rows = await db.insert(plans).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(id: string, patch: PlanPatch): Promise<PlanRow | undefined> {
    if (Object.keys(patch).length === 0) return this.findById(id);
    const rows = await db.update(plans).set(patch).where(eq(plans.id, id)).returning();
    return rows[0];
  },

  async delete(id: string): Promise<PlanRow | undefined> {
    const rows = await db.delete(plans).where(eq(plans.id, id)).returning();
    return rows[0];
  },

  /** `onlyPublic`: what a company sees in the Marketplace. */
  async search(query: SearchQuery, onlyPublic = false): Promise<{ rows: PlanRow[]; total: number }> {
    const where = onlyPublic ? and(eq(plans.is_public, true), query.where) : query.where;
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(plans)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(plans).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async companiesOn(id: string): Promise<number> {
    const rows = await db.select({ total: count() }).from(clients).where(eq(clients.plan_id, id));
    return Number(rows[0]?.total ?? 0);
  },

  /**
   * What the companies on the plan use: active users and devices as they exist, the spent quotas in each
   * company's current period (quota_usage of its plan_started_at). The largest company decides.
   */
  async usage(id: string): Promise<PlanUsage> {
    const onPlan = db.select({ id: clients.id }).from(clients).where(eq(clients.plan_id, id));
    const [userCounts, deviceCounts, spent] = await Promise.all([
      db
        .select({ total: count() })
        .from(users)
        .where(and(inArray(users.client_id, onPlan), eq(users.active, true)))
        .groupBy(users.client_id),
      db
        .select({ total: count() })
        .from(devices)
        .where(inArray(devices.client_id, onPlan))
        .groupBy(devices.client_id),
      db
        .select({ kind: quotaUsage.kind, used: max(quotaUsage.used) })
        .from(quotaUsage)
        .innerJoin(
          clients,
          and(
            eq(clients.id, quotaUsage.client_id),
            sql`${clients.plan_started_at} = ${quotaUsage.period_start}`,
          ),
        )
        .where(eq(clients.plan_id, id))
        .groupBy(quotaUsage.kind),
    ]);
    const most = (rows: { total: number }[]) => Math.max(0, ...rows.map((row) => Number(row.total)));
    const spentOf = (kind: QuotaType) => Number(spent.find((row) => row.kind === kind)?.used ?? 0);
    return {
      user: most(userCounts),
      device: most(deviceCounts),
      message: spentOf('message'),
      chatgpt: spentOf('chatgpt'),
      dialogflow: spentOf('dialogflow'),
      yeastar: spentOf('yeastar'),
    };
  },
});

export type PlansRepository = ReturnType<typeof createPlansRepository>;
