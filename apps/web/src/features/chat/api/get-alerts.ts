import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { alertOf } from '../alerts';

/** An alert as `GET alerts` answers it: the notification it was delivered as, with its seq and moment. */
export type StoredAlert = Notification & { seq: number; create_date: string };

export const alertsKey = ['alerts'] as const;

/** The person's latest alerts, newest first; a new one arriving on the socket reads them again. */
export const useAlerts = (enabled: boolean) => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) => {
    if (alertOf(notification)) void queryClient.invalidateQueries({ queryKey: alertsKey });
  });
  return useQuery({
    queryKey: alertsKey,
    queryFn: async () => (await api.request<StoredAlert>('alerts')).data,
    enabled,
  });
};
