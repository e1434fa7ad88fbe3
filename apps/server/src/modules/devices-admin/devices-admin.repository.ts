import type { AdminDevice } from '@conversa/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, contacts, devices } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

/** The last message through a device: its conversations keep theirs (contacts.last_message_at, indexed by device). */
const lastActivity = sql<Date | string | null>`(select max(${contacts.last_message_at}) from ${contacts}
  where ${contacts.device_id} = ${devices.id})`;

export const ADMIN_DEVICE_SEARCH_FIELDS: SearchWhitelist = {
  name: { column: devices.name, type: 'text' },
  type: { column: devices.type, type: 'text' },
  status: { column: devices.status, type: 'text' },
  client_id: { column: devices.client_id, type: 'text' },
  client_name: { column: clients.name, type: 'text' },
  create_date: { column: devices.create_date, type: 'date' },
};

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** Devices across every company, for the platform's device manager (master only). */
export const createDevicesAdminRepository = (db: Executor) => ({
  async search(query: SearchQuery): Promise<{ rows: AdminDevice[]; total: number }> {
    const [rows, totals] = await Promise.all([
      db
        .select({
          id: devices.id,
          name: devices.name,
          type: devices.type,
          status: devices.status,
          client_id: devices.client_id,
          client_name: clients.name,
          last_activity: lastActivity,
          create_date: devices.create_date,
        })
        .from(devices)
        .innerJoin(clients, eq(clients.id, devices.client_id))
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db
        .select({ total: count() })
        .from(devices)
        .innerJoin(clients, eq(clients.id, devices.client_id))
        .where(query.where),
    ]);
    return {
      rows: rows.map((row) => ({
        ...row,
        last_activity: iso(row.last_activity),
        create_date: row.create_date.toISOString(),
      })),
      total: Number(totals[0]?.total ?? 0),
    };
  },

  /** The company a device belongs to, whichever it is. */
  async ownerOf(id: string): Promise<string | undefined> {
    const rows = await db.select({ client_id: devices.client_id }).from(devices).where(eq(devices.id, id));
    return rows[0]?.client_id;
  },
});
