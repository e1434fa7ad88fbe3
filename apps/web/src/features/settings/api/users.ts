import type { User, UserCreateInput, UserUpdateInput } from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const usersQueryKey = ['settings', 'users'] as const;

/** A company has at most its plan's handful of users: one page holds them all. */
export const searchUsers = async (signal?: AbortSignal): Promise<User[]> =>
  (
    await api.request<User>('user/search', {
      method: 'POST',
      body: { page: 1, offset: 500, filters: [], logical: 'and', sort: { key: 'name', order: 'asc' } },
      signal,
    })
  ).data;

export const usersQueryOptions = () =>
  queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => searchUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());

const storeUser = (users: User[] | undefined, user: User): User[] | undefined => {
  if (!users) return users;
  return users.some((listed) => listed.id === user.id)
    ? users.map((listed) => (listed.id === user.id ? user : listed))
    : [...users, user];
};

/** 412 (the plan's user quota) and 409 (e-mail taken) come back to the dialog, which shows them. */
export const createUser = async (input: UserCreateInput): Promise<User> =>
  firstOf(await api.request<User>('user/create', { method: 'POST', body: input, errors: 'caller' }));

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => queryClient.setQueryData<User[]>(usersQueryKey, (users) => storeUser(users, user)),
  });
};

export type UserChange = { id: string; changes: UserUpdateInput };

export const updateUser = async ({ id, changes }: UserChange): Promise<User> =>
  firstOf(await api.request<User>(`user/updateone/${id}`, { method: 'POST', body: changes }));

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData<User[]>(usersQueryKey, (users) => storeUser(users, user)),
  });
};
