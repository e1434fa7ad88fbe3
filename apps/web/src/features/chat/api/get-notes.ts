import { type Note, PAGE_SIZE } from '@conversa/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import type { Page } from '../chat-cache';

/** A contact's notes are found by their contact: its own and those of the leads converted into it. */
export const notesQueryKey = (contactId: string) => ['chat', 'notes', contactId] as const;

export const getNotes = async (
  contactId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Note>> => {
  const envelope = await api.request<Note>('note/search', {
    method: 'POST',
    body: {
      page,
      offset: PAGE_SIZE.notes,
      filters: [{ key: 'contact_id', condition: 'equalto', value: contactId }],
      logical: 'and',
      sort: { key: 'create_date', order: 'desc' },
    },
    errors: 'caller',
    signal,
  });
  return { items: envelope.data, total: envelope.pagination?.total ?? envelope.data.length };
};

export const notesQueryOptions = (contactId: string) =>
  infiniteQueryOptions({
    queryKey: notesQueryKey(contactId),
    queryFn: ({ pageParam, signal }) => getNotes(contactId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? pages.length + 1 : undefined;
    },
  });

export const useNotes = (contactId: string) => useInfiniteQuery(notesQueryOptions(contactId));
