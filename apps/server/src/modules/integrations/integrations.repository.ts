import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type IntegrationRow, integrationDevices, integrations } from '../../core/db/schema';
import { isUuid } from '../../core/http/route-schemas';
import type { SearchQuery } from '../../core/http/search-query';

export type NewIntegration = typeof integrations.$inferInsert;
export type IntegrationPatch = Partial<Omit<NewIntegration, 'id' | 'client_id' | 'type'>>;

/** Integrations and the devices their bots answer on, tenant id first in every statement. */
export const createIntegrationsRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<IntegrationRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await db
      .select()
      .from(integrations)
      .where(and(eq(integrations.client_id, clientId), eq(integrations.id, id)));
    return rows[0];
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: IntegrationRow[]; total: number }> {
    const where = and(eq(integrations.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(integrations)
        .where(where)
        .orderBy(...(query.orderBy.length > 0 ? query.orderBy : [desc(integrations.create_date)]))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(integrations).where(where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  },

  async insert(values: NewIntegration): Promise<IntegrationRow> {
    const rows = await db.insert(integrations).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(clientId: string, id: string, patch: IntegrationPatch): Promise<IntegrationRow | undefined> {
    const rows = await db
      .update(integrations)
      .set({ ...patch, update_date: sql`now()` })
      .where(and(eq(integrations.client_id, clientId), eq(integrations.id, id)))
      .returning();
    return rows[0];
  },

  async delete(clientId: string, id: string): Promise<IntegrationRow | undefined> {
    const rows = await db
      .delete(integrations)
      .where(and(eq(integrations.client_id, clientId), eq(integrations.id, id)))
      .returning();
    return rows[0];
  },

  /** Each integration's devices. */
  async devicesOf(clientId: string, ids: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return found;
    const rows = await db
      .select()
      .from(integrationDevices)
      .where(and(eq(integrationDevices.client_id, clientId), inArray(integrationDevices.integration_id, ids)))
      .orderBy(asc(integrationDevices.device_id));
    for (const row of rows) found.get(row.integration_id)?.push(row.device_id);
    return found;
  },

  /** The devices among `deviceIds` that another integration's bot already answers on. */
  async devicesTaken(
    clientId: string,
    deviceIds: string[],
    exceptIntegrationId?: string,
  ): Promise<Set<string>> {
    if (deviceIds.length === 0) return new Set();
    const rows = await db
      .select({ device_id: integrationDevices.device_id })
      .from(integrationDevices)
      .where(
        and(
          eq(integrationDevices.client_id, clientId),
          inArray(integrationDevices.device_id, deviceIds),
          exceptIntegrationId ? ne(integrationDevices.integration_id, exceptIntegrationId) : undefined,
        ),
      );
    return new Set(rows.map((row) => row.device_id));
  },

  /** The bot's devices become exactly `deviceIds` (a device held by another bot fails the unique key). */
  async setDevices(clientId: string, integrationId: string, deviceIds: string[]): Promise<void> {
    await db
      .delete(integrationDevices)
      .where(
        and(eq(integrationDevices.client_id, clientId), eq(integrationDevices.integration_id, integrationId)),
      );
    if (deviceIds.length === 0) return;
    await db
      .insert(integrationDevices)
      .values(
        deviceIds.map((device_id) => ({ client_id: clientId, integration_id: integrationId, device_id })),
      );
  },

  /** The bot answering on a device, if any. */
  async botOfDevice(clientId: string, deviceId: string): Promise<IntegrationRow | undefined> {
    const rows = await db
      .select({ integration: integrations })
      .from(integrationDevices)
      .innerJoin(integrations, eq(integrations.id, integrationDevices.integration_id))
      .where(and(eq(integrationDevices.client_id, clientId), eq(integrationDevices.device_id, deviceId)));
    return rows[0]?.integration;
  },
});
