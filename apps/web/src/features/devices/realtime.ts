import type { Device } from '@conversa/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { dropDevice, storeDevice } from './device-cache';

const isDevice = (value: unknown): value is Device =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { setting?: { conect?: unknown } }).setting?.conect === 'object';

const idOf = (value: unknown): string | undefined => {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
};

/**
 * Applies a `device` notification (create, update, delete) to the devices caches. Create and update carry
 * the whole public device, so its live status and colours land without a refetch.
 */
export const applyDeviceNotification = (queryClient: QueryClient, notification: Notification): void => {
  if (notification.module !== 'device') return;
  for (const record of notification.data) {
    if (notification.action === 'delete') {
      const id = idOf(record);
      if (id) dropDevice(queryClient, id);
    } else if (isDevice(record)) {
      storeDevice(queryClient, record);
    } else {
      // A partial copy cannot replace the cached record: ask for the real one.
      void queryClient.invalidateQueries({ queryKey: ['devices'] });
    }
  }
};

/** Keeps the devices list and details live; after a dropped connection it refetches what it may have missed. */
export const useDevicesRealtime = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyDeviceNotification(queryClient, notification),
  );
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: ['devices'] }));
};
