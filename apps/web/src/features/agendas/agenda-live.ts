import { useQueryClient } from '@tanstack/react-query';
import { schedulingIntegrationsKey } from '../../shared/scheduling/scheduling-integrations';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { agendaKey } from './api/appointments';

/**
 * Keeps the agenda live: an `agenda` notification (a pull, an answer, a colleague's move) reads the views
 * again, a `confirmation` one the appointments' histories, an `integration` one the agendas' list; after a
 * dropped connection everything is read again.
 */
export const useAgendaLive = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === 'agenda') void queryClient.invalidateQueries({ queryKey: agendaKey });
    if (notification.module === 'confirmation') {
      void queryClient.invalidateQueries({ queryKey: [...agendaKey, 'history'] });
    }
    if (notification.module === 'integration') {
      void queryClient.invalidateQueries({ queryKey: schedulingIntegrationsKey });
    }
  });
  useSocketEvent(RECONNECTED, () => {
    void queryClient.invalidateQueries({ queryKey: agendaKey });
    void queryClient.invalidateQueries({ queryKey: schedulingIntegrationsKey });
  });
};
