import { useQueryClient } from '@tanstack/react-query';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { listItemsQueryKey } from './api/list-items';
import { usersQueryKey } from './api/users';
import { viewsQueryKey } from './api/views';

const KEYS_BY_MODULE: Record<string, readonly string[]> = {
  user: usersQueryKey,
  listdinamic: listItemsQueryKey,
  view: viewsQueryKey,
};

/**
 * A colleague's change to a user, a smart-list item or a view refreshes the list that shows it (the
 * notifications may carry only part of a record, so the list is read again rather than patched).
 */
export const useSettingsRealtime = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) => {
    const queryKey = KEYS_BY_MODULE[notification.module];
    if (queryKey) void queryClient.invalidateQueries({ queryKey });
  });
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: ['settings'] }));
};
