import { conversationsIn } from '@conversa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type Notification, RECONNECTED, useSocketEvent } from '../socket';
import { dropLoadedRows, patchLoadedRows, recordsSearchKey } from './api/search-records';
import type { RecordModule, RecordRow } from './record-module';

const isRow = (value: unknown): value is RecordRow => typeof value === 'object' && value !== null;

/**
 * Keeps the module's loaded tables live: an update merges into the rows it names, a delete takes them
 * out, a create (or a finished import) reads the lists again since its place depends on the sort.
 */
export const useRecordsRealtime = (config: Pick<RecordModule, 'module' | 'rowId'>): void => {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: recordsSearchKey(config.module) });

  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === 'import' && notification.action === 'done') return refetch();
    // A message changes its conversation (a contact's last message and counts): one notification for both.
    const isConversation = config.module === 'contact' && notification.module === 'message';
    if (notification.module !== config.module && !isConversation) return;
    const rows = isConversation ? conversationsIn(notification) : (notification.data ?? []).filter(isRow);
    const byId = new Map(rows.map((row) => [config.rowId(row), row]));
    if (notification.action === 'update' || isConversation) {
      patchLoadedRows(queryClient, config.module, (row) => {
        const change = byId.get(config.rowId(row));
        return change ? { ...row, ...change } : row;
      });
    } else if (notification.action === 'delete') {
      dropLoadedRows(queryClient, config.module, (row) => byId.has(config.rowId(row)));
    } else {
      refetch();
    }
  });

  useSocketEvent(RECONNECTED, refetch);
};
