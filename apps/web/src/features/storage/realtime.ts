import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { storageQueryKey } from './api/storage-files';

/**
 * A `storage` notification (a file uploaded, renamed or deleted, here or by someone else) reads the list
 * and the usage again, and so does a finished extraction (its file joins the storage).
 */
export const applyStorageNotification = (queryClient: QueryClient, notification: Notification): void => {
  const isNewExtractionFile = notification.module === 'extraction' && notification.action === 'done';
  if (notification.module === 'storage' || isNewExtractionFile) {
    void queryClient.invalidateQueries({ queryKey: storageQueryKey });
  }
};

/** Keeps the storage screen live; a reconnection reads it again, since it may have missed some. */
export const useStorageRealtime = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyStorageNotification(queryClient, notification),
  );
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: storageQueryKey }));
};
