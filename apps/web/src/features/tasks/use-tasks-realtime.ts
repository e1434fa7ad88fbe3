import { useQueryClient } from '@tanstack/react-query';
import { recordsKey } from '../../shared/records/api/search-records';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';

/**
 * Task notifications (create, update, delete, to the company's room) read the task lists again: the bell,
 * a record's tasks, the calendar. A task that was open in a dialog is read again too.
 */
export const useTasksRealtime = (): void => {
  const queryClient = useQueryClient();
  const refetch = () =>
    void queryClient.invalidateQueries({
      queryKey: recordsKey('task'),
      // The kit's table patches its own rows from the same notification.
      predicate: (query) => query.queryKey[2] !== 'search',
    });
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === 'task') refetch();
  });
  useSocketEvent(RECONNECTED, refetch);
};
