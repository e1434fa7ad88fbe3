import type { ChannelDevice } from '../../channels/channel-adapter';
import type { SecretBox } from '../../core/crypto/secret-box';
import type { Database } from '../../core/db/database';
import type { DeviceRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { toChannelDevice } from '../devices/devices.mapper';
import { createDevicesRepository } from '../devices/devices.repository';

/** A device as webhooks need it: its row, and its config with the secrets already opened. */
export type WebhookDevice = { row: DeviceRow; channel: ChannelDevice };

export type WebhookDevices = {
  find: (id: string) => Promise<WebhookDevice | undefined>;
  close: () => void;
};

/**
 * How long a looked-up device is reused. Changes made in THIS process drop the entry at once (device
 * events); a change made by another process (several servers on one database) is seen within this
 * time at worst, which only delays a new secret or status by a few seconds.
 */
export const WEBHOOK_DEVICE_TTL_MS = 5_000;

/** Far above any real number of devices; only a flood of ids could reach it, and then it starts over. */
const MAX_ENTRIES = 10_000;

/**
 * Every webhook names its device, and a busy device receives hundreds a second: reading (and decrypting)
 * the same row for each was one database round trip per message. Lookups are shared for a few seconds;
 * an unknown id is never kept, so a device created a moment ago is found on its first webhook.
 */
export const createWebhookDevices = (
  db: Database,
  box: SecretBox,
  events: EventBus,
  ttlMs = WEBHOOK_DEVICE_TTL_MS,
): WebhookDevices => {
  const repository = createDevicesRepository(db);
  // The promise is kept, not the row, so concurrent webhooks of one device share one read.
  const entries = new Map<string, { expires: number; device: Promise<WebhookDevice | undefined> }>();

  const forget = (id: string) => {
    entries.delete(id);
  };
  const unsubscribe = [
    events.on('device.updated', ({ device }) => forget(device.id)),
    events.on('device.deleted', ({ deviceId }) => forget(deviceId)),
  ];

  const load = async (id: string): Promise<WebhookDevice | undefined> => {
    const row = await repository.findForWebhook(id);
    return row ? { row, channel: toChannelDevice(box, row) } : undefined;
  };

  return {
    find(id) {
      const now = Date.now();
      const cached = entries.get(id);
      if (cached && cached.expires > now) return cached.device;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const device = load(id);
      const entry = { expires: now + ttlMs, device };
      entries.set(id, entry);
      // Misses and failures are not kept; the check on the entry leaves a newer fill (after an invalidation) alone.
      device.then(
        (found) => {
          if (!found && entries.get(id) === entry) entries.delete(id);
        },
        () => {
          if (entries.get(id) === entry) entries.delete(id);
        },
      );
      return device;
    },
    close() {
      for (const off of unsubscribe) off();
      entries.clear();
    },
  };
};
