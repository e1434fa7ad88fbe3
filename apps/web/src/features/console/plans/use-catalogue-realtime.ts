import { useQueryClient } from '@tanstack/react-query';
import { type Notification, RECONNECTED, useSocketEvent } from '../../../shared/socket';

/** A plan or a feature written in another console (or missed while offline) refreshes the table. */
export const useCatalogueRealtime = (module: 'plan' | 'feature', queryKey: readonly string[]) => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === module) queryClient.invalidateQueries({ queryKey });
  });
  useSocketEvent(RECONNECTED, () => queryClient.invalidateQueries({ queryKey }));
};
