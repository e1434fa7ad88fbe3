import { useQueryClient } from '@tanstack/react-query';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { newslettersQueryKey } from './api/newsletters';

/** A newsletter written by the master (or missed while offline) refreshes every newsletter list. */
export const useNewslettersRealtime = () => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === 'newsletter')
      queryClient.invalidateQueries({ queryKey: newslettersQueryKey });
  });
  useSocketEvent(RECONNECTED, () => queryClient.invalidateQueries({ queryKey: newslettersQueryKey }));
};
