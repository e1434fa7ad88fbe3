import { type Message, PAGE_SIZE } from '@conversa/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import { messagesKeyOf, type Page } from '../chat-cache';

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

export const useMessages = (contactId: string) => useInfiniteQuery(messagesQueryOptions(contactId));
