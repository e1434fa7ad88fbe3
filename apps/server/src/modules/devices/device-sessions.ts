import type { Device } from '@conversa/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewaySession, InboundSessionEvent } from '../../channels/channel-adapter';
import type { ChannelRegistry } from '../../channels/channel-registry';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import { type DeviceRow, devices } from '../../core/db/schema';
import { AppError, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import type { JobQueue } from '../../core/jobs/job-queue';
import { toChannelDevice } from './devices.mapper';
import { createDevicesRepository } from './devices.repository';
import type { DevicesService } from './devices.service';

/** The recurring job that reads every followed gateway session that is not connected. */
export const SESSION_POLL_JOB = 'device.session.poll';

/** API.md asks for at least every 30 s; a QR the gateway renews shows within this long too. */
export const SESSION_POLL_EVERY_MS = 10_000;

/** How many gateways one poll asks at a time. */
const POLL_CONCURRENCY = 8;

export type DeviceSessionsDeps = {
  db: Database;
  box: SecretBox;
  channels: ChannelRegistry;
  devices: Pick<DevicesService, 'saveAndAnnounce'>;
  queue: JobQueue;
  logger: FastifyBaseLogger;
};

/**
 * An unofficial gateway's link to the phone (API.md "The unofficial session and its QR"), kept in
 * setting.conect.session and .qr: read at connect (devices service), on every status event the gateway
 * posts, by a poll across the cluster while not connected, and on request (device/qr). A device whose
 * session is absent (never linked, refused credentials, disconnected by a person) is not followed.
 * Every change of session or QR is announced as a device update, so open screens follow it live.
 */
export const createDeviceSessions = ({ db, box, channels, devices: service, logger }: DeviceSessionsDeps) => {
  const repo = createDevicesRepository(db);

  const readNow = async (row: DeviceRow): Promise<GatewaySession> => {
    const read = channels[row.type].readSession;
    if (!read) throw new Error(`a ${row.type} device has no gateway session`);
    return read(toChannelDevice(box, row));
  };

  /** Stores a reading that changes what the device shows, on the current row; answers the device if so. */
  const apply = async (
    clientId: string,
    id: string,
    reading: GatewaySession,
  ): Promise<Device | undefined> => {
    const conect = (await repo.findById(clientId, id))?.setting.conect;
    if (!conect?.session) return undefined;
    if (conect.session === reading.session && (conect.qr ?? '') === reading.qr) return undefined;
    const status = reading.session === 'connected' ? 'connected' : 'disconnected';
    return service.saveAndAnnounce({ clientId }, id, {
      status,
      setting: { conect: { ...conect, status, session: reading.session, qr: reading.qr } },
    });
  };

  /** The gateway's sessions to watch: followed and not connected, across every company. */
  const waiting = () =>
    db
      .select()
      .from(devices)
      .where(
        and(
          eq(devices.type, 'maytapi'),
          sql`${devices.setting}->'conect'->>'session' in ('qr', 'disconnected', 'banned')`,
        ),
      );

  const refresh = async (row: DeviceRow) => {
    try {
      await apply(row.client_id, row.id, await readNow(row));
    } catch (error) {
      // An unreachable gateway says nothing new about the phone: the next poll asks again.
      logger.warn({ err: error, deviceId: row.id }, 'gateway session not read');
    }
  };

  return {
    /**
     * The gateway's status events, already proven: the session is read again at once (with its new QR
     * while the phone waits for a scan); when the gateway cannot be read, the last event's own word is kept.
     */
    async receive(device: DeviceRow, events: InboundSessionEvent[]): Promise<void> {
      const last = events.at(-1);
      if (!last) return;
      const reading = await readNow(device).catch((): GatewaySession => ({ session: last.session, qr: '' }));
      await apply(device.client_id, device.id, reading);
    },

    /** Every followed session that is not connected, read once (the recurring job). */
    async poll(): Promise<void> {
      const rows = await waiting();
      for (let start = 0; start < rows.length; start += POLL_CONCURRENCY) {
        await Promise.all(rows.slice(start, start + POLL_CONCURRENCY).map(refresh));
      }
    },

    /** `GET device/qr/{id}`: the gateway asked now; another type answers 406, an unreachable gateway 502. */
    async askNow(auth: AuthContext, id: string): Promise<GatewaySession> {
      const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
      if (!row) throw notFound();
      if (!channels[row.type].readSession) throw new AppError(406, 'info.deviceHasNoQr');
      let reading: GatewaySession;
      try {
        reading = await readNow(row);
      } catch {
        throw new AppError(502, 'info.providerFailed');
      }
      await apply(row.client_id, row.id, reading);
      return reading;
    },
  };
};

export type DeviceSessions = ReturnType<typeof createDeviceSessions>;

/** The sessions and their poll, once per period across every process. */
export const setUpDeviceSessions = (deps: DeviceSessionsDeps): DeviceSessions => {
  const sessions = createDeviceSessions(deps);
  deps.queue.every(SESSION_POLL_JOB, SESSION_POLL_EVERY_MS, { run: () => sessions.poll() });
  return sessions;
};
