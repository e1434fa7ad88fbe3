import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type PlanRow, plans } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const PLAN_SEARCH_FIELDS: SearchWhitelist = {
  code: { column: plans.code, type: 'text' },
  name: { column: plans.name, type: 'text' },
  price_clp: { column: plans.price_clp, type: 'number' },
  price_usd: { column: plans.price_usd, type: 'number' },
  is_default: { column: plans.is_default, type: 'boolean' },
  create_date: { column: plans.create_date, type: 'date' },
};

export type NewPlan = typeof plans.$inferInsert;

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

  async search(query: SearchQuery): Promise<{ rows: PlanRow[]; total: number }> {
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(plans)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(plans).where(query.where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});

export type PlansRepository = ReturnType<typeof createPlansRepository>;
