import type { PasswordUpdateInput } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import { useSession } from '../../../shared/session';
import { sessionsQuery } from './sessions';

/** Changes the signed-in user's own password; the server ends their other sessions. */
export const useChangePassword = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PasswordUpdateInput) =>
      (
        await api.request(`user/updatepassword/${session?.userID ?? ''}`, {
          method: 'POST',
          body: input,
          errors: 'caller',
        })
      ).info,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
};
