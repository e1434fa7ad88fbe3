import type { Device, SearchBody } from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database } from '../../core/db/database';
import { devices } from '../../core/db/schema';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import type { DevicesService } from '../devices/devices.service';
import { ADMIN_DEVICE_SEARCH_FIELDS, createDevicesAdminRepository } from './devices-admin.repository';

export const DEVICE_ADMIN_MODULE = 'deviceAdmin';

/** The platform's device manager: every company's devices, and a disconnect the company hears of. */
export const createDevicesAdminService = ({
  db,
  devicesService,
}: {
  db: Database;
  devicesService: DevicesService;
}) => {
  const repo = createDevicesAdminRepository(db);

  return {
    async search(body: SearchBody) {
      const query = buildSearchQuery(body, ADMIN_DEVICE_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: devices.id,
      });
      const { rows, total } = await repo.search(query);
      return { data: rows, pagination: query.pagination(total) };
    },

    /**
     * The devices module's disconnect, run in the device's company: the provider's webhook is removed and
     * the company's screens get the device's notification. The master's log keeps who did it.
     */
    async disconnect(auth: AuthContext, id: string): Promise<Device> {
      const clientId = isUuid(id) ? await repo.ownerOf(id) : undefined;
      if (!clientId) throw notFound();
      const device = await devicesService.disconnect({ ...auth, clientId }, id);
      await writeAuditLog(db, auth, [
        {
          action: 'update',
          module: DEVICE_ADMIN_MODULE,
          recordId: id,
          changes: { status: [null, 'disconnected'], client_id: [null, clientId] },
        },
      ]);
      return device;
    },
  };
};

export type DevicesAdminService = ReturnType<typeof createDevicesAdminService>;
