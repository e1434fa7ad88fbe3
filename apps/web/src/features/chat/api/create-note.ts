import type { Note } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import type { Pages } from '../chat-cache';
import { notesQueryKey } from './get-notes';

export const createNote = async (input: { contactId: string; description: string }): Promise<Note> =>
  firstOf(
    await api.request<Note>('note/create', {
      method: 'POST',
      body: {
        description: input.description,
        contact_id: input.contactId,
        module: 'contact',
        reference_id: input.contactId,
      },
    }),
  );

/** The new note goes to the top of the list (spec section 4). */
export const useCreateNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: (note, input) => {
      queryClient.setQueryData<Pages<Note>>(notesQueryKey(input.contactId), (data) => {
        if (!data) return data;
        if (data.pages.some((page) => page.items.some((item) => item.id === note.id))) return data;
        const [first, ...rest] = data.pages;
        return {
          ...data,
          pages: [{ items: [note, ...(first?.items ?? [])], total: (first?.total ?? 0) + 1 }, ...rest],
        };
      });
    },
  });
};
