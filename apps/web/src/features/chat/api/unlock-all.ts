import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { CHAT_LISTS_KEY } from '../chat-cache';

/** Releases every conversation of the company. */
export const unlockAll = () => api.request<{ released: number }>('contact/unlockall', { method: 'PUT' });

export const useUnlockAll = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAll,
    onSuccess: (envelope) => {
      notify(envelope.info, 'success');
      void queryClient.invalidateQueries({ queryKey: CHAT_LISTS_KEY });
    },
  });
};
