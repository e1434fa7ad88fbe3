import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type DeviceRow, devices } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const DEVICE_SEARCH_FIELDS: SearchWhitelist = {
  name: { column: devices.name, type: 'text' },
  status: { column: devices.status, type: 'text' },
  mode: { column: devices.mode, type: 'text' },
  'setting.conect.type': { column: devices.type, type: 'text' },
  selected: { column: devices.selected, type: 'boolean' },
  create_date: { column: devices.create_date, type: 'date' },
};

export type NewDevice = Omit<typeof devices.$inferInsert, 'client_id'>;
export type DevicePatch = Partial<
  Pick<NewDevice, 'name' | 'color' | 'background_color' | 'mode' | 'selected' | 'status' | 'setting'>
>;

export const createDevicesRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<DeviceRow | undefined> {
    const rows = await db
      .select()
      .from(devices)
      .where(and(eq(devices.client_id, clientId), eq(devices.id, id)))
      .limit(1);
    return rows[0];
  },

  /**
   * Provider webhooks carry no token: the device id in their URL is what names the tenant, and the
   * adapter's signature check is what proves the call. Only the webhook route may use this.
   */
  async findForWebhook(id: string): Promise<DeviceRow | undefined> {
    const rows = await db.select().from(devices).where(eq(devices.id, id)).limit(1);
    return rows[0];
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: DeviceRow[]; total: number }> {
    const where = and(eq(devices.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(devices)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(devices).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async listAll(clientId: string): Promise<DeviceRow[]> {
    return db.select().from(devices).where(eq(devices.client_id, clientId)).orderBy(devices.create_date);
  },

  async countOfClient(clientId: string): Promise<number> {
    const rows = await db.select({ total: count() }).from(devices).where(eq(devices.client_id, clientId));
    return rows[0]?.total ?? 0;
  },

  async insert(clientId: string, values: NewDevice): Promise<DeviceRow> {
    const rows = await db
      .insert(devices)
      .values({ ...values, client_id: clientId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(clientId: string, id: string, patch: DevicePatch): Promise<DeviceRow | undefined> {
    const rows = await db
      .update(devices)
      .set(patch)
      .where(and(eq(devices.client_id, clientId), eq(devices.id, id)))
      .returning();
    return rows[0];
  },

  async delete(clientId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(devices)
      .where(and(eq(devices.client_id, clientId), eq(devices.id, id)))
      .returning({ id: devices.id });
    return rows.length > 0;
  },
});

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
