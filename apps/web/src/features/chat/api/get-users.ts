import type { User } from '@conversa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

/** A colleague as user/list answers them: the e-mail and the account only to holders of user.view. */
export type TeamMember = Pick<User, 'id' | 'name' | 'online'> & Partial<Pick<User, 'email' | 'account'>>;

export const getUsers = async (signal?: AbortSignal): Promise<TeamMember[]> =>
  (
    await api.request<TeamMember>('user/list', {
      method: 'POST',
      body: { page: 1, offset: 500, filters: [], logical: 'and', sort: { key: 'name', order: 'asc' } },
      errors: 'caller',
      signal,
    })
  ).data;

export const usersQueryOptions = () =>
  queryOptions({ queryKey: ['chat', 'users'], queryFn: ({ signal }) => getUsers(signal), staleTime: 60_000 });

export const useUsers = (isEnabled = true) => useQuery({ ...usersQueryOptions(), enabled: isEnabled });
