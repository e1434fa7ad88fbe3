import type { Filter, Pagination } from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../../shared/api-client';

export type CataloguePage<T> = { items: T[]; pagination: Pagination };

/** A name or a code containing the text. */
const nameOrCode = (text: string): Filter[] =>
  text.trim()
    ? [
        { key: 'name', condition: 'contains', value: text.trim() },
        { key: 'code', condition: 'contains', value: text.trim() },
      ]
    : [];

/**
 * The five routes of a catalogue module of the master's console (`plan`, `feature`): its table's page, the
 * create/edit and the delete, each refreshing every query of the module.
 */
export const catalogueApi = <T extends { id: string }, Input>(module: 'plan' | 'feature') => {
  const queryKey = [`console-${module}s`] as const;

  const search = async (
    { text, page, offset }: { text: string; page: number; offset: number },
    signal?: AbortSignal,
  ): Promise<CataloguePage<T>> => {
    const envelope = await api.request<T>(`${module}/search`, {
      method: 'POST',
      body: { page, offset, filters: nameOrCode(text), logical: 'or' },
      signal,
    });
    return {
      items: envelope.data,
      pagination: envelope.pagination ?? { total: envelope.data.length, page, offset },
    };
  };

  return {
    queryKey,

    usePage: (query: { text: string; page: number; offset: number }) =>
      useQuery({
        queryKey: [...queryKey, query],
        queryFn: ({ signal }) => search(query, signal),
        placeholderData: keepPreviousData,
      }),

    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: async ({ id, values }: { id?: string; values: Input }) =>
          firstOf(
            await api.request<T>(id ? `${module}/updateone/${id}` : `${module}/create`, {
              method: id ? 'PUT' : 'POST',
              body: values,
              errors: 'caller',
            }),
          ),
        onSuccess: () => queryClient.invalidateQueries({ queryKey }),
      });
    },

    useDelete: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => api.request(`${module}/deleteone/${id}`, { method: 'DELETE' }),
        onSuccess: () => queryClient.invalidateQueries({ queryKey }),
      });
    },
  };
};
