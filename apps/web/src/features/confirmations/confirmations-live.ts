import type { ConfirmationRun } from '@conversa/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { schedulingIntegrationsKey } from '../../shared/scheduling/scheduling-integrations';
import { type Notification, RECONNECTED, useSocketEvent } from '../../shared/socket';
import { confirmationsKey, type Page, runDetailKey, runListsKey, runRowsKey } from './api/confirmations';

type RunChange = Pick<ConfirmationRun, 'id'> & Partial<ConfirmationRun>;

const isRunChange = (value: unknown): value is RunChange =>
  typeof value === 'object' && value !== null && 'id' in value;

/**
 * A `confirmation` notification (its totals, state or error changed) applied where the run shows: the open
 * run and the list's row take it at once and its table reads its page again; a created or deleted run
 * reloads the lists. An `agenda` notification (an answer, a pull) reads the open tables again.
 */
export const applyConfirmationNotification = (queryClient: QueryClient, notification: Notification): void => {
  if (notification.module === 'agenda') {
    void queryClient.invalidateQueries({ queryKey: [...confirmationsKey, 'rows'] });
    return;
  }
  if (notification.module === 'integration') {
    void queryClient.invalidateQueries({ queryKey: schedulingIntegrationsKey });
    return;
  }
  if (notification.module !== 'confirmation') return;
  for (const item of notification.data) {
    if (!isRunChange(item)) continue;
    if (notification.action === 'delete') {
      queryClient.removeQueries({ queryKey: runDetailKey(item.id) });
      continue;
    }
    queryClient.setQueryData<ConfirmationRun>(runDetailKey(item.id), (current) =>
      current ? { ...current, ...item } : current,
    );
    queryClient.setQueriesData<Page<ConfirmationRun>>({ queryKey: runListsKey }, (page) =>
      page
        ? { ...page, rows: page.rows.map((row) => (row.id === item.id ? { ...row, ...item } : row)) }
        : page,
    );
    void queryClient.invalidateQueries({ queryKey: runRowsKey(item.id) });
  }
  if (notification.action !== 'update') void queryClient.invalidateQueries({ queryKey: runListsKey });
};

/** Keeps the confirmation screens live; after a dropped connection everything is read again. */
export const useConfirmationsLive = (): void => {
  const queryClient = useQueryClient();
  useSocketEvent<Notification>('notification', (notification) =>
    applyConfirmationNotification(queryClient, notification),
  );
  useSocketEvent(RECONNECTED, () => void queryClient.invalidateQueries({ queryKey: confirmationsKey }));
};
