import { type Message, PAGE_SIZE } from '@conversa/domain';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/api-client';
import { liveArrivalsKeyOf, liveArrivalsPage, messagesKeyOf, type Page } from '../chat-cache';

/** One page of a conversation, newest first (25 a page). */
export const getMessages = async (
  contactId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Message>> => {
  const envelope = await api.request<Message>(`message/contact/${contactId}`, {
    method: 'POST',
    body: { page, offset: PAGE_SIZE.messages },
    signal,
  });
  return { items: envelope.data, total: envelope.pagination?.total ?? envelope.data.length };
};

export const messagesQueryOptions = (contactId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKeyOf(contactId),
    queryFn: ({ pageParam, signal }) => getMessages(contactId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? pages.length + 1 : undefined;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A conversation's history; one that arrived live shows its new messages at once while it loads. */
export const useMessages = (contactId: string) => {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...messagesQueryOptions(contactId),
    placeholderData: () => liveArrivalsPage(queryClient, contactId),
  });
  const isHistoryLoaded = query.isSuccess && !query.isPlaceholderData;
  // Once the history is here, it receives every live message itself.
  useEffect(() => {
    if (isHistoryLoaded) queryClient.removeQueries({ queryKey: liveArrivalsKeyOf(contactId) });
  }, [isHistoryLoaded, queryClient, contactId]);
  return query;
};
