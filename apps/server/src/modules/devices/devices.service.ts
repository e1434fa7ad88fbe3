import { randomUUID } from 'node:crypto';
import {
  type Device,
  type DeviceCreateInput,
  type DeviceUpdateInput,
  deviceConfigPatchSchema,
  type deviceCreateSchema,
  deviceWithoutSecrets,
  FIXED_DEVICE_MODES,
  hasAccess,
  type SearchBody,
} from '@conversa/domain';
import type { z } from 'zod';
import type { ChannelDevice, DeviceConnection, GatewaySession } from '../../channels/channel-adapter';
import type { ChannelRegistry } from '../../channels/channel-registry';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import { type DeviceRow, devices } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { badRequest, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { assertRoom } from '../quotas/quotas.service';
import { sealConfig, toChannelDevice, toPublicDevice } from './devices.mapper';
import { createDevicesRepository, DEVICE_SEARCH_FIELDS, type DevicePatch } from './devices.repository';

type DeviceCreate = z.output<typeof deviceCreateSchema>;

export type DevicesServiceDeps = {
  db: Database;
  events: EventBus;
  box: SecretBox;
  channels: ChannelRegistry;
  /** Base of the webhook URLs shown in device records. */
  publicUrl: string;
};

/** A gateway's session as stored in setting.conect: present only while the server follows it. */
const gatewayFields = (gateway: GatewaySession | undefined): Partial<GatewaySession> =>
  gateway ? { session: gateway.session, qr: gateway.qr } : {};

export const createDevicesService = ({ db, events, box, channels, publicUrl }: DevicesServiceDeps) => {
  const repo = createDevicesRepository(db);
  const present = (row: DeviceRow) => toPublicDevice(box, row, publicUrl);
  // The same rule as the device notifications: provider secrets (masked or the sandbox's own) only go to
  // those who may change the device.
  const presentTo = (auth: AuthContext) => (row: DeviceRow) =>
    hasAccess(auth, 'device.edit') ? present(row) : deviceWithoutSecrets(present(row));

  const loadInTenant = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  /** Runs the provider's connect (credentials check, webhook registration); no adapter connect: as is. */
  const connectWithProvider = async (device: ChannelDevice) => {
    const adapter = channels[device.type];
    return adapter.connect
      ? await adapter.connect(device)
      : { status: 'disconnected' as const, config: device.config };
  };

  /** Stores a change and announces it (live status in every open device screen). */
  const saveAndAnnounce = async (
    auth: Pick<AuthContext, 'clientId'>,
    id: string,
    patch: DevicePatch,
  ): Promise<Device> => {
    const { row, notification } = await db.transaction(async (tx) => {
      const updated = await createDevicesRepository(tx).update(auth.clientId, id, patch);
      if (!updated) throw notFound();
      const recorded = await createRealtimeEventsRepository(tx).record(auth.clientId, {
        module: 'device',
        action: 'update',
        data: [present(updated)],
        ref: updated.id,
      });
      return { row: updated, notification: recorded };
    });
    const device = present(row);
    events.emit('device.updated', { clientId: auth.clientId, device, notifications: [notification] });
    return device;
  };

  const connectionPatch = (current: DeviceRow, connection: DeviceConnection): DevicePatch => {
    const config = sealConfig(box, connection.config, current.setting.conect.config);
    return {
      status: connection.status,
      setting: {
        conect: {
          type: current.type,
          status: connection.status,
          config,
          ...gatewayFields(connection.gateway),
        },
      },
    };
  };

  return {
    /** A change the server makes on its own (a gateway's session), stored and announced like a person's. */
    saveAndAnnounce,

    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, DEVICE_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: devices.id,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map(presentTo(auth)), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<Device> {
      return presentTo(auth)(await loadInTenant(auth, id));
    },

    /**
     * Connects the provider first (Telegram's webhook needs the device's id, so the id is chosen here),
     * then stores the device; the plan's device quota is checked again inside the insert's transaction,
     * so two creates cannot both pass. A device that could not be stored is disconnected again.
     */
    async create(auth: AuthContext, input: DeviceCreate | DeviceCreateInput): Promise<Device> {
      const parsed = input as DeviceCreate;
      const type = parsed.setting.conect.type;
      await assertRoom(db, auth.clientId, 'device');
      const id = randomUUID();
      // Some types decide their mode (360dialog and Twilio are official), whatever the body says.
      const mode = FIXED_DEVICE_MODES[type] ?? parsed.mode;
      const draft: ChannelDevice = {
        id,
        clientId: auth.clientId,
        type,
        mode,
        config: parsed.setting.conect.config,
      };
      const connection = await connectWithProvider(draft);
      try {
        const { row, notification } = await db.transaction(async (tx) => {
          await assertRoom(tx, auth.clientId, 'device');
          const inserted = await createDevicesRepository(tx).insert(auth.clientId, {
            id,
            name: parsed.name,
            type,
            mode,
            status: connection.status,
            color: parsed.color,
            background_color: parsed.background_color,
            selected: parsed.selected,
            setting: {
              conect: {
                type,
                status: connection.status,
                config: sealConfig(box, connection.config),
                ...gatewayFields(connection.gateway),
              },
            },
          });
          const recorded = await createRealtimeEventsRepository(tx).record(auth.clientId, {
            module: 'device',
            action: 'create',
            data: [present(inserted)],
            ref: inserted.id,
          });
          return { row: inserted, notification: recorded };
        });
        const device = present(row);
        events.emit('device.created', { clientId: auth.clientId, device, notifications: [notification] });
        return device;
      } catch (error) {
        await channels[type].disconnect?.({ ...draft, config: connection.config }).catch(() => undefined);
        throw error;
      }
    },

    /**
     * Changes a device. A config change is validated against the provider's keys (a masked secret keeps
     * the stored one) and connects again, so new credentials are checked and webhooks re-registered.
     */
    async update(auth: AuthContext, id: string, input: DeviceUpdateInput): Promise<Device> {
      const current = await loadInTenant(auth, id);
      const patch: DevicePatch = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.color !== undefined) patch.color = input.color;
      if (input.background_color !== undefined) patch.background_color = input.background_color;
      if (input.mode !== undefined) patch.mode = FIXED_DEVICE_MODES[current.type] ?? input.mode;
      if (input.selected !== undefined) patch.selected = input.selected;
      let status = input.status ?? current.status;
      let config = current.setting.conect.config;
      const { session, qr } = current.setting.conect;
      let gateway = gatewayFields(session ? { session, qr: qr ?? '' } : undefined);
      const given = input.setting?.conect?.config;
      if (given) {
        const checked = deviceConfigPatchSchema(current.type).safeParse(given);
        if (!checked.success) {
          throw badRequest(
            checked.error.issues.map((issue) => ({
              path: ['setting', 'conect', 'config', ...issue.path].join('.'),
              message: 'validation.invalid',
            })),
          );
        }
        config = sealConfig(
          box,
          { ...current.setting.conect.config, ...checked.data },
          current.setting.conect.config,
        );
        if (input.status === undefined) {
          const connection = await connectWithProvider(
            toChannelDevice(box, { ...current, setting: { conect: { ...current.setting.conect, config } } }),
          );
          status = connection.status;
          config = sealConfig(box, connection.config, config);
          gateway = gatewayFields(connection.gateway);
        }
      }
      patch.status = status;
      patch.setting = { conect: { type: current.type, status, config, ...gateway } };
      return saveAndAnnounce(auth, id, patch);
    },

    /** `POST device/connect/{id}`: checks the credentials and registers webhooks again. */
    async connect(auth: AuthContext, id: string): Promise<Device> {
      const current = await loadInTenant(auth, id);
      const connection = await connectWithProvider(toChannelDevice(box, current));
      return saveAndAnnounce(auth, id, connectionPatch(current, connection));
    },

    /** `POST device/disconnect/{id}`: unregisters webhooks where the provider has them; sends stop. */
    async disconnect(auth: AuthContext, id: string): Promise<Device> {
      const current = await loadInTenant(auth, id);
      await channels[current.type].disconnect?.(toChannelDevice(box, current));
      // A gateway's session is no longer followed (no poll, its status events change nothing) until connected.
      const { session: _session, qr: _qr, ...conect } = current.setting.conect;
      return saveAndAnnounce(auth, id, {
        status: 'disconnected',
        setting: { conect: { ...conect, status: 'disconnected' } },
      });
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const current = await loadInTenant(auth, id);
      const notification = await db.transaction(async (tx) => {
        if (!(await createDevicesRepository(tx).delete(auth.clientId, current.id))) throw notFound();
        return createRealtimeEventsRepository(tx).record(auth.clientId, {
          module: 'device',
          action: 'delete',
          data: [{ id: current.id }],
          ref: current.id,
        });
      });
      await channels[current.type].disconnect?.(toChannelDevice(box, current));
      events.emit('device.deleted', {
        clientId: auth.clientId,
        deviceId: current.id,
        notifications: [notification],
      });
    },
  };
};

export type DevicesService = ReturnType<typeof createDevicesService>;
