import type { Filter, Logical } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client';
import type { RecordModule, RecordRow } from '../record-module';
import { dropLoadedRows, recordsKey } from './search-records';

/** The records a bulk action touches: the chosen ids, or every record the current filters find. */
export type BulkTarget = { ids: string[] } | { find: { filters: Filter[]; logical: Logical } };

/** `PUT {api}/updatemany { ids | find, update }`: answers how many records changed. */
export const updateMany = async (
  config: Pick<RecordModule, 'api'>,
  target: BulkTarget,
  update: RecordRow,
): Promise<number> => {
  const envelope = await api.request<{ updated: number }>(`${config.api}/updatemany`, {
    method: 'PUT',
    body: { ...target, update },
  });
  return envelope.data[0]?.updated ?? 0;
};

/** `PUT {api}/deletemany { ids | find }`: answers how many records went. */
export const deleteMany = async (config: Pick<RecordModule, 'api'>, target: BulkTarget): Promise<number> => {
  const envelope = await api.request<{ deleted: number }>(`${config.api}/deletemany`, {
    method: 'PUT',
    body: target,
  });
  return envelope.data[0]?.deleted ?? 0;
};

/** Bulk update; every list of the module is read again after it (rows may leave the filter). */
export const useUpdateMany = (config: RecordModule) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, update }: { target: BulkTarget; update: RecordRow }) =>
      updateMany(config, target, update),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKey(config.module) }),
  });
};

/** Bulk delete; chosen rows leave the table at once, then the lists are read again. */
export const useDeleteMany = (config: RecordModule) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: BulkTarget) => deleteMany(config, target),
    onSuccess: (_result, target) => {
      if ('ids' in target) {
        const ids = new Set(target.ids);
        dropLoadedRows(queryClient, config.module, (row) => ids.has(config.rowId(row)));
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKey(config.module) }),
  });
};
