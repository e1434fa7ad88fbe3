import type {
  ClientCreateInput,
  ClientStatus,
  ClientUpdateInput,
  ConsoleClient,
  LoginData,
  Pagination,
} from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../../shared/api-client';

export type ClientsQuery = { page: number; offset: number; search: string };
export type ClientsPage = { clients: ConsoleClient[]; pagination: Pagination };
/** A plan the master can put a company on (the plan list's id and name). */
export type PlanChoice = { id: string; name: string; code: string };

export const clientsQueryKey = ['console', 'clients'] as const;

/** The search box looks in the company's name, e-mail and subdomain. */
const searchFilters = (search: string) =>
  search.trim()
    ? ['name', 'email', 'subdomain'].map((key) => ({ key, condition: 'contains', value: search.trim() }))
    : [];

export const searchClients = async (query: ClientsQuery, signal?: AbortSignal): Promise<ClientsPage> => {
  const envelope = await api.request<ConsoleClient>('client/search', {
    method: 'POST',
    body: { page: query.page, offset: query.offset, filters: searchFilters(query.search), logical: 'or' },
    signal,
  });
  return {
    clients: envelope.data,
    pagination: envelope.pagination ?? {
      total: envelope.data.length,
      page: query.page,
      offset: query.offset,
    },
  };
};

export const useConsoleClients = (query: ClientsQuery) =>
  useQuery({
    queryKey: [...clientsQueryKey, query],
    queryFn: ({ signal }) => searchClients(query, signal),
    placeholderData: keepPreviousData,
  });

export const usePlanChoices = () =>
  useQuery({
    queryKey: ['console', 'plan-choices'],
    queryFn: async ({ signal }) =>
      (
        await api.request<PlanChoice>('plan/search', {
          method: 'POST',
          body: { page: 1, offset: 100, sort: { key: 'name', order: 'asc' } },
          signal,
        })
      ).data,
  });

const useClientsMutation = <V, R = ConsoleClient>(mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
};

export const useCreateClient = () =>
  useClientsMutation(async (input: ClientCreateInput) =>
    firstOf(
      await api.request<ConsoleClient>('client/create', { method: 'POST', body: input, errors: 'caller' }),
    ),
  );

export const useUpdateClient = () =>
  useClientsMutation(async ({ id, changes }: { id: string; changes: ClientUpdateInput }) =>
    firstOf(
      await api.request<ConsoleClient>(`client/updateone/${id}`, {
        method: 'PUT',
        body: changes,
        errors: 'caller',
      }),
    ),
  );

export const useSetClientStatus = () =>
  useClientsMutation(async ({ id, status }: { id: string; status: ClientStatus }) =>
    firstOf(
      await api.request<ConsoleClient>(`client/${status === 'blocked' ? 'block' : 'unblock'}/${id}`, {
        method: 'POST',
      }),
    ),
  );

/** Its users are signed out for good and its data removed; the answer carries nothing. */
export const useDeleteClient = () =>
  useClientsMutation(async (id: string) => {
    await api.request(`client/deleteone/${id}`, { method: 'DELETE' });
  });

/** A session as the company's owner, answered like a login. */
export const impersonate = async (id: string): Promise<LoginData> =>
  firstOf(await api.request<LoginData>(`client/impersonate/${id}`, { method: 'POST' }));
