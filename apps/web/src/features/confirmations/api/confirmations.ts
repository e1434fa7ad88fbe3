import type {
  ConfirmationCreateInput,
  ConfirmationRow,
  ConfirmationRun,
  Filter,
  Pagination,
} from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const confirmationsKey = ['confirmations'] as const;
export const runListsKey = [...confirmationsKey, 'list'] as const;
export const runDetailKey = (id: string) => [...confirmationsKey, 'detail', id] as const;
export const runRowsKey = (id: string) => [...confirmationsKey, 'rows', id] as const;

export type Page<T> = { rows: T[]; total: number };

const pageOf = <T>(envelope: { data: T[]; pagination?: Pagination }): Page<T> => ({
  rows: envelope.data,
  total: envelope.pagination?.total ?? envelope.data.length,
});

const equalTo = (key: string, value: string): Filter[] =>
  value ? [{ key, condition: 'equalto', value }] : [];

export type RunQuery = { page: number; offset: number; integrationId: string; status: string };

/** The company's runs, the latest appointment day first, by agenda and state. */
export const useRunList = (query: RunQuery) =>
  useQuery({
    queryKey: [...runListsKey, query],
    queryFn: async ({ signal }) =>
      pageOf(
        await api.request<ConfirmationRun>('confirmation/search', {
          method: 'POST',
          body: {
            page: query.page + 1,
            offset: query.offset,
            filters: [...equalTo('integration_id', query.integrationId), ...equalTo('status', query.status)],
            logical: 'and',
            sort: { key: 'date', order: 'desc' },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** One run; another company's or a deleted one opens the in-app not-found page. */
export const useRun = (id: string) =>
  useQuery({
    queryKey: runDetailKey(id),
    queryFn: async ({ signal }) =>
      firstOf(await api.request<ConfirmationRun>(`confirmation/search/${id}`, { errors: 'page', signal })),
  });

export type RowQuery = { page: number; offset: number; state: string; phone: string };

/** A run's table: one row per appointment asked, by state and part of the phone. */
export const useRunRows = (id: string, query: RowQuery) =>
  useQuery({
    queryKey: [...runRowsKey(id), query],
    queryFn: async ({ signal }) =>
      pageOf(
        await api.request<ConfirmationRow>(`confirmation/appointments/${id}`, {
          method: 'POST',
          body: {
            page: query.page + 1,
            offset: query.offset,
            filters: [
              ...equalTo('state', query.state),
              ...(query.phone.replace(/\D/g, '')
                ? [{ key: 'phone', condition: 'contains' as const, value: query.phone.replace(/\D/g, '') }]
                : []),
            ],
            logical: 'and',
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useCreateRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConfirmationCreateInput) =>
      firstOf(
        await api.request<ConfirmationRun>('confirmation/create', {
          method: 'POST',
          body: input,
          errors: 'caller',
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(runDetailKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: runListsKey });
    },
  });
};

export const RUN_COMMANDS = ['start', 'cancel'] as const;
export type RunCommand = (typeof RUN_COMMANDS)[number];

/** Start or cancel: the answer is the run in its new state. */
export const useRunCommand = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, command }: { id: string; command: RunCommand }) =>
      firstOf(await api.request<ConfirmationRun>(`confirmation/${command}/${id}`, { method: 'POST' })),
    onSuccess: (saved) => {
      queryClient.setQueryData(runDetailKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: runListsKey });
    },
  });
};

export const useDeleteRun = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.request(`confirmation/deleteone/${id}`, { method: 'DELETE' });
    },
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: runDetailKey(id) });
      void queryClient.invalidateQueries({ queryKey: runListsKey });
    },
  });
};
