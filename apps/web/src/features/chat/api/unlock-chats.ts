import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { CHAT_LISTS_KEY } from '../chat-cache';
import type { ChatListParams } from './get-chats';

/** Releases every conversation the list being looked at selects. */
export const unlockChatMany = (find: ChatListParams) =>
  api.request<{ released: number }>('contact/unlockchatmany', {
    method: 'PUT',
    body: { find, update: { derivedto: '' } },
  });

export const useUnlockChatMany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockChatMany,
    onSuccess: (envelope) => {
      notify(envelope.info, 'success');
      void queryClient.invalidateQueries({ queryKey: CHAT_LISTS_KEY });
    },
  });
};
