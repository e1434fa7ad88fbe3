import type { Pipeline, PipelineCreateInput } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyAccountNotification } from '../../../shared/account/account-realtime';
import { api, firstOf } from '../../../shared/api-client';
import { useAccountCache } from '../../../shared/records/api/account-cache';
import { recordsKey } from '../../../shared/records/api/search-records';

/** A pipeline saved here shows at once; the realtime notification that follows changes it the same way. */
const usePipelineCache = () => {
  const cache = useAccountCache();
  return (action: 'create' | 'update' | 'delete', pipeline: Pick<Pipeline, 'id'>) =>
    cache((bundle) => applyAccountNotification(bundle, { module: 'pipeline', action, data: [pipeline] }));
};

/** Creates a pipeline, or saves one's name and whole stage list (a stage left out is deleted). */
export const useSavePipeline = () => {
  const toCache = usePipelineCache();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: PipelineCreateInput }): Promise<Pipeline> =>
      firstOf(
        await api.request<Pipeline>(id ? `pipeline/updateone/${id}` : 'pipeline/create', {
          method: id ? 'PUT' : 'POST',
          body: input,
          errors: 'caller',
        }),
      ),
    onSuccess: (saved, { id }) => toCache(id ? 'update' : 'create', saved),
  });
};

/** Deletes a pipeline; the server refuses (406) while it holds deals. */
export const useDeletePipeline = () => {
  const toCache = usePipelineCache();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.request(`pipeline/deleteone/${id}`, { method: 'DELETE', errors: 'caller' });
      return id;
    },
    onSuccess: (id) => toCache('delete', { id }),
  });
};

/** Moves every deal of a stage to another stage, so the first can be deleted. */
export const useMoveStageDeals = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      api.request('deal/updatemany', {
        method: 'PUT',
        body: {
          find: { filters: [{ key: 'pipeline_stage_id', condition: 'equalto', value: from }] },
          update: { pipeline_stage_id: to },
        },
        errors: 'caller',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsKey('deal') }),
  });
};
