import type { Contact } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { patchChats } from '../chat-cache';

export const markRead = async (id: string): Promise<Contact> =>
  firstOf(await api.request<Contact>(`contact/unread/${id}`, { errors: 'caller' }));

/** Opening a conversation resets its counters; the badge goes at once. */
export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (id) =>
      patchChats(queryClient, [id], (contact) => ({
        ...contact,
        message: { ...contact.message, numpending: 0, numtotal: 0 },
      })),
  });
};
