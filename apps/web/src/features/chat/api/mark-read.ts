import type { Contact } from '@conversa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, firstOf } from '../../../shared/api-client';
import { patchChats } from '../chat-cache';

export const markRead = async (id: string): Promise<Contact> =>
  firstOf(await api.request<Contact>(`contact/unread/${id}`, { errors: 'caller' }));

/**
 * Opening a conversation resets its counters: the badge goes at once and the server is told in the
 * background. A plain call rather than a mutation, whose pending and settled states would render the whole
 * chat page twice more while the conversation opens.
 */
export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => {
      patchChats(queryClient, [id], (contact) => ({
        ...contact,
        message: { ...contact.message, numpending: 0, numtotal: 0 },
      }));
      void markRead(id).catch(() => undefined);
    },
    [queryClient],
  );
};
