import type { Filter, Logical } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client';
import type { RecordModule, RecordRow } from '../record-module';
import { dropLoadedRows, recordsKey } from './search-records';

/** The records a bulk action touches: the chosen ids, or every record the current filters find. */
export type BulkTarget = { ids: string[] } | { find: { filters: Filter[]; logical: Logical } };

const countOf = (data: unknown[]): number | undefined => {
  const [first] = data;
  if (typeof first === 'object' && first !== null && 'count' in first && typeof first.count === 'number') {
    return first.count;
  }
  return undefined;
};

export const updateMany = async (
  config: Pick<RecordModule, 'api'>,
  target: BulkTarget,
  update: RecordRow,
) => {
  const envelope = await api.request<unknown>(`${config.api}/updatemany`, {
    method: 'PUT',
    body: { ...target, update },
  });
  return { info: envelope.info, count: countOf(envelope.data) };
};

export const deleteMany = async (config: Pick<RecordModule, 'api'>, target: BulkTarget) => {
  const envelope = await api.request<unknown>(`${config.api}/deletemany`, { method: 'PUT', body: target });
  return { info: envelope.info, count: countOf(envelope.data) };
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
