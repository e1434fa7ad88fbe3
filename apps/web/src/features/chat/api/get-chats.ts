import { type ChatFilter, type ChatOption, type Contact, PAGE_SIZE } from '@conversa/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import type { Page } from '../chat-cache';

export type ChatListParams = { filter: ChatFilter; option: ChatOption; search: string };

// The pinned ids are read at fetch time and not part of the key: pinning re-sorts the loaded list in
// place instead of starting a new list (no skeleton flash).
export const chatListQueryKey = (params: ChatListParams) => ['chat', 'list', params] as const;

export const getChats = async (
  params: ChatListParams,
  page: number,
  fixed: readonly string[],
  signal?: AbortSignal,
): Promise<Page<Contact>> => {
  const envelope = await api.request<Contact>('contact/chats', {
    method: 'POST',
    body: { ...params, page, offset: PAGE_SIZE.chats, fixed },
    signal,
  });
  return {
    items: envelope.data,
    total: envelope.pagination?.total ?? envelope.data.length,
    more: envelope.pagination?.more === true,
  };
};

export const chatListQueryOptions = (params: ChatListParams, fixedOf: () => readonly string[]) =>
  infiniteQueryOptions({
    queryKey: chatListQueryKey(params),
    queryFn: ({ pageParam, signal }) => getChats(params, pageParam, fixedOf(), signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return (loaded < last.total || last.more) && last.items.length > 0 ? pages.length + 1 : undefined;
    },
    // Realtime events keep the list current; a reconnect catches up.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useChats = (params: ChatListParams, fixedOf: () => readonly string[]) =>
  useInfiniteQuery(chatListQueryOptions(params, fixedOf));
