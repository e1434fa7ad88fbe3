import type { View } from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const viewsQueryKey = ['settings', 'views'] as const;

/** The caller's own views and the company's, of every module. */
export const searchViews = async (signal?: AbortSignal): Promise<View[]> =>
  (
    await api.request<View>('view/search', {
      method: 'POST',
      body: { page: 1, offset: 500, sort: { key: 'name', order: 'asc' } },
      signal,
    })
  ).data;

export const viewsQueryOptions = () =>
  queryOptions({ queryKey: viewsQueryKey, queryFn: ({ signal }) => searchViews(signal) });

export const useViews = () => useQuery(viewsQueryOptions());

export type ViewChange = { id: string; changes: { name?: string; is_default?: boolean } };

export const useUpdateView = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: ViewChange): Promise<View> =>
      firstOf(await api.request<View>(`view/updateone/${id}`, { method: 'PUT', body: changes })),
    // Making one view the default unsets the module's previous default: the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewsQueryKey }),
  });
};

export const useDeleteView = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<string> =>
      (await api.request<View>(`view/deleteone/${id}`, { method: 'DELETE' })).info,
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewsQueryKey }),
  });
};
