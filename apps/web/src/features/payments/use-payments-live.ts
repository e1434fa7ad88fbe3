import { PAYMENT_OUTCOME_ACTION } from '@conversa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { recordsKey } from '../../shared/records/api/search-records';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { paymentListsKey, paymentTotalsKey } from './api/payments';

/**
 * Keeps what shows payments live when someone records, changes or deletes one: the deal and contact
 * lists, the period's totals, and the deals (a deal's paid total and balance follow its payments).
 * The billing's own `payment` notifications (a checkout's outcome, action `checkout`) are left alone.
 */
export const usePaymentsLive = (): void => {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: paymentListsKey });
    void queryClient.invalidateQueries({ queryKey: paymentTotalsKey });
    void queryClient.invalidateQueries({ queryKey: recordsKey('deal') });
  };
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === 'payment' && notification.action !== PAYMENT_OUTCOME_ACTION) refresh();
  });
  useSocketEvent(RECONNECTED, refresh);
};
