import type { AccountBundle, User, UserUpdateInput } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client';
import { useSession } from '../../session';
import { accountQueryKey } from './get-account';

export const updateUser = async (id: string, changes: UserUpdateInput): Promise<User | undefined> => {
  const envelope = await api.request<User>(`user/updateone/${id}`, { method: 'POST', body: changes });
  return envelope.data[0];
};

/** Saves the signed-in user's own preferences, shown at once and rolled back if the server refuses. */
export const useUpdateCurrentUser = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const key = session ? accountQueryKey(session) : ['account', 'none'];

  return useMutation({
    mutationFn: (changes: UserUpdateInput) => {
      if (!session) throw new Error('No session');
      return updateUser(session.userID, changes);
    },
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AccountBundle>(key);
      if (previous) {
        queryClient.setQueryData<AccountBundle>(key, { ...previous, user: { ...previous.user, ...changes } });
      }
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (user) => {
      if (!user) return;
      queryClient.setQueryData<AccountBundle>(key, (bundle) =>
        bundle ? { ...bundle, user: { ...bundle.user, ...user } } : bundle,
      );
    },
  });
};
