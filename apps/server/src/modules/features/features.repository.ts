import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type FeatureRow, features } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const FEATURE_SEARCH_FIELDS: SearchWhitelist = {
  code: { column: features.code, type: 'text' },
  name: { column: features.name, type: 'text' },
  kind: { column: features.kind, type: 'text' },
  quantity: { column: features.quantity, type: 'number' },
  price_clp: { column: features.price_clp, type: 'number' },
  price_usd: { column: features.price_usd, type: 'number' },
  is_public: { column: features.is_public, type: 'boolean' },
  create_date: { column: features.create_date, type: 'date' },
};

export type NewFeature = typeof features.$inferInsert;
export type FeaturePatch = Partial<Omit<NewFeature, 'id' | 'create_date'>>;

/** Features belong to the platform, not to a tenant. */
export const createFeaturesRepository = (db: Executor) => ({
  async findById(id: string): Promise<FeatureRow | undefined> {
    const rows = await db.select().from(features).where(eq(features.id, id)).limit(1);
    return rows[0];
  },

  async insert(values: NewFeature): Promise<FeatureRow> {
    const rows = await db.insert(features).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(id: string, patch: FeaturePatch): Promise<FeatureRow | undefined> {
    if (Object.keys(patch).length === 0) return this.findById(id);
    const rows = await db.update(features).set(patch).where(eq(features.id, id)).returning();
    return rows[0];
  },

  async delete(id: string): Promise<FeatureRow | undefined> {
    const rows = await db.delete(features).where(eq(features.id, id)).returning();
    return rows[0];
  },

  /** `onlyPublic`: what a company sees in the Marketplace. */
  async search(query: SearchQuery, onlyPublic = false): Promise<{ rows: FeatureRow[]; total: number }> {
    const where = onlyPublic ? and(eq(features.is_public, true), query.where) : query.where;
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(features)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(features).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});
