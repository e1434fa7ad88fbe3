import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type ApiKeyRow, apiKeys, clients } from '../../core/db/schema';
import { isUuid } from '../../core/http/route-schemas';
import type { SearchQuery } from '../../core/http/search-query';

export type NewApiKey = typeof apiKeys.$inferInsert;

/** A key as the auth hook reads it: the key's row and the state and access of its company. */
export type ApiKeyLookup = {
  key: ApiKeyRow;
  clientStatus: string;
  clientAccess: string[];
  market: boolean;
};

/** The company's API keys, tenant id first; the hash lookup is the one query before the tenant is known. */
export const createApiKeysRepository = (db: Executor) => ({
  async insert(values: NewApiKey): Promise<ApiKeyRow> {
    const rows = await db.insert(apiKeys).values(values).returning();
    return rows[0] as ApiKeyRow;
  },

  async findById(clientId: string, id: string): Promise<ApiKeyRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.client_id, clientId), eq(apiKeys.id, id)));
    return rows[0];
  },

  async findByHash(keyHash: string): Promise<ApiKeyLookup | undefined> {
    const rows = await db
      .select({
        key: apiKeys,
        clientStatus: clients.status,
        clientAccess: clients.access,
        market: clients.market,
      })
      .from(apiKeys)
      .innerJoin(clients, eq(clients.id, apiKeys.client_id))
      .where(eq(apiKeys.key_hash, keyHash))
      .limit(1);
    return rows[0];
  },

  /** Revokes the key unless it is revoked already; answers the row only when this call revoked it. */
  async revoke(clientId: string, id: string, now: Date): Promise<ApiKeyRow | undefined> {
    const rows = await db
      .update(apiKeys)
      .set({ revoked_at: now })
      .where(and(eq(apiKeys.client_id, clientId), eq(apiKeys.id, id), isNull(apiKeys.revoked_at)))
      .returning();
    return rows[0];
  },

  /** Moves last used forward unless another request did so within `staleBefore`. */
  async touch(id: string, now: Date, staleBefore: Date): Promise<void> {
    await db
      .update(apiKeys)
      .set({ last_used_at: now })
      .where(
        and(eq(apiKeys.id, id), or(isNull(apiKeys.last_used_at), lt(apiKeys.last_used_at, staleBefore))),
      );
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: ApiKeyRow[]; total: number }> {
    const where = and(eq(apiKeys.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(apiKeys)
        .where(where)
        .orderBy(
          ...(query.orderBy.length > 0 ? query.orderBy : [desc(apiKeys.create_date), desc(apiKeys.id)]),
        )
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(apiKeys).where(where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  },
});
