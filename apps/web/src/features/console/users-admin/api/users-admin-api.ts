import type { AdminUser, Pagination } from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../../shared/api-client';

export type AdminUsersQuery = { page: number; offset: number; search: string };
export type AdminUsersPage = { users: AdminUser[]; pagination: Pagination };

export const adminUsersQueryKey = ['console', 'users'] as const;

/** The search box looks in the user's name, e-mail and company name. */
const searchFilters = (search: string) =>
  search.trim()
    ? ['name', 'email', 'client_name'].map((key) => ({ key, condition: 'contains', value: search.trim() }))
    : [];

export const searchAdminUsers = async (
  query: AdminUsersQuery,
  signal?: AbortSignal,
): Promise<AdminUsersPage> => {
  const envelope = await api.request<AdminUser>('useradmin/search', {
    method: 'POST',
    body: { page: query.page, offset: query.offset, filters: searchFilters(query.search), logical: 'or' },
    signal,
  });
  return {
    users: envelope.data,
    pagination: envelope.pagination ?? {
      total: envelope.data.length,
      page: query.page,
      offset: query.offset,
    },
  };
};

export const useAdminUsers = (query: AdminUsersQuery) =>
  useQuery({
    queryKey: [...adminUsersQueryKey, query],
    queryFn: ({ signal }) => searchAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export type AdminUserAction = 'restore' | 'deactivate' | 'activate';

/** A password reset mail, a deactivation or a reactivation; the list is read again after a change. */
export const useAdminUserAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: AdminUserAction }) =>
      firstOf(await api.request<AdminUser>(`useradmin/${action}/${id}`, { method: 'POST' })),
    onSuccess: (_user, { action }) => {
      if (action !== 'restore') void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
  });
};
