import type { ListField, ListItem, ListModule } from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export type ListPair = { module: ListModule; field: ListField };

export const listItemsQueryKey = ['settings', 'listdinamic'] as const;

export const getListPairs = async (signal?: AbortSignal): Promise<ListPair[]> =>
  (await api.request<ListPair>('listdinamic/fields', { signal })).data;

export const useListPairs = () =>
  useQuery({
    queryKey: [...listItemsQueryKey, 'fields'],
    queryFn: ({ signal }) => getListPairs(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Every item of the company at once (a few dozen), ordered as the menus and kanban columns show them. */
export const searchListItems = async (signal?: AbortSignal): Promise<ListItem[]> =>
  (
    await api.request<ListItem>('listdinamic/search', {
      method: 'POST',
      body: { page: 1, offset: 500, sort: { key: 'position', order: 'asc' } },
      signal,
    })
  ).data;

export const listItemsQueryOptions = () =>
  queryOptions({
    queryKey: [...listItemsQueryKey, 'items'],
    queryFn: ({ signal }) => searchListItems(signal),
  });

export const useListItems = () => useQuery(listItemsQueryOptions());

export type ListItemInput = { name: string; color: string; status: boolean; position?: number };

const useRefreshAfter = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listItemsQueryKey }),
  });
};

export const useCreateListItem = () =>
  useRefreshAfter(
    async (input: ListPair & ListItemInput): Promise<ListItem> =>
      firstOf(
        await api.request<ListItem>('listdinamic/create', { method: 'POST', body: input, errors: 'caller' }),
      ),
  );

export const useUpdateListItem = () =>
  useRefreshAfter(
    async ({ id, changes }: { id: string; changes: Partial<ListItemInput> }): Promise<ListItem> =>
      firstOf(
        await api.request<ListItem>(`listdinamic/updateone/${id}`, {
          method: 'POST',
          body: changes,
          errors: 'caller',
        }),
      ),
  );

export const useDeleteListItem = () =>
  useRefreshAfter(
    async (id: string): Promise<string> =>
      (await api.request<ListItem>(`listdinamic/deleteone/${id}`, { method: 'GET' })).info,
  );
