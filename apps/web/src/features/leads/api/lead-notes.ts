import { type Note, PAGE_SIZE } from '@conversa/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const leadNotesKey = (leadId: string) => ['leads', 'notes', leadId] as const;

type NotesPage = { items: Note[]; total: number };

/** The lead's notes (module lead, its id as reference), newest first; they follow it when it is converted. */
export const getLeadNotes = async (
  leadId: string,
  page: number,
  signal?: AbortSignal,
): Promise<NotesPage> => {
  const envelope = await api.request<Note>('note/search', {
    method: 'POST',
    body: {
      page,
      offset: PAGE_SIZE.notes,
      filters: [
        { key: 'module', condition: 'equalto', value: 'lead' },
        { key: 'reference_id', condition: 'equalto', value: leadId },
      ],
      logical: 'and',
      sort: { key: 'create_date', order: 'desc' },
    },
    signal,
  });
  return { items: envelope.data, total: envelope.pagination?.total ?? envelope.data.length };
};

export const useLeadNotes = (leadId: string) =>
  useInfiniteQuery({
    queryKey: leadNotesKey(leadId),
    queryFn: ({ pageParam, signal }) => getLeadNotes(leadId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? pages.length + 1 : undefined;
    },
  });

/** A lead has no conversation yet, so its note names no contact. */
export const useCreateLeadNote = (leadId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (description: string): Promise<Note> =>
      firstOf(
        await api.request<Note>('note/create', {
          method: 'POST',
          body: { description, contact_id: '', module: 'lead', reference_id: leadId },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadNotesKey(leadId) }),
  });
};
