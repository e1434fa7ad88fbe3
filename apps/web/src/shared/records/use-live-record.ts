import type { ViewModule } from '@conversa/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '../notify';
import { type Notification, useSocketEvent } from '../socket';

type LiveRecord<T> = {
  module: ViewModule;
  id: string;
  /** The detail query holding the record. */
  queryKey: QueryKey;
  /** Where the person goes when the record is deleted meanwhile, told so by `deletedText`. */
  listPath: string;
  deletedText: string;
  /** How a colleague's change folds into the record shown (a module with nested fields merges them). */
  merge: (current: T, change: Partial<T>) => T;
};

/**
 * Keeps a record's page live: a colleague's change to this record shows at once, and a record deleted
 * meanwhile sends the person back to the list with a warning.
 */
export const useLiveRecord = <T>({ module, id, queryKey, listPath, deletedText, merge }: LiveRecord<T>) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module !== module) return;
    const mine = notification.data.find((record) => (record as { id?: unknown }).id === id) as
      | Partial<T>
      | undefined;
    if (!mine) return;
    if (notification.action === 'delete') {
      notify(deletedText, 'warning');
      navigate(listPath);
      return;
    }
    queryClient.setQueryData<T>(queryKey, (current) => (current ? merge(current, mine) : current));
  });
};
