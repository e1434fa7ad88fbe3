import {
  type Filter,
  type Newsletter,
  type NewsletterCreateInput,
  PAGE_SIZE,
  type Pagination,
} from '@conversa/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useAccount } from '../../../shared/account/use-account';
import { api, firstOf } from '../../../shared/api-client';

/** Every newsletter query starts with this key, so a `newsletter` notification refreshes them all. */
export const newslettersQueryKey = ['newsletters'] as const;

/** What shows now for the signed-in user (GET newsletters, and the account bundle at sign-in). */
export type NewslettersNow = { popover_newsletter: Newsletter[]; modal_newsletter: Newsletter[] };

const titleContains = (text: string): Filter[] =>
  text.trim() ? [{ key: 'title', condition: 'contains', value: text.trim() }] : [];

export type NewsletterPage = { items: Newsletter[]; pagination: Pagination };

export const searchNewsletters = async (
  { text, page, offset }: { text: string; page: number; offset: number },
  signal?: AbortSignal,
): Promise<NewsletterPage> => {
  const envelope = await api.request<Newsletter>('newsletters/search', {
    method: 'POST',
    body: {
      page,
      offset,
      filters: titleContains(text),
      logical: 'and',
      sort: { key: 'release_date', order: 'desc' },
    },
    signal,
  });
  return {
    items: envelope.data,
    pagination: envelope.pagination ?? { total: envelope.data.length, page, offset },
  };
};

/** The release news, newest release first, 20 a page as the list scrolls (spec section 7). */
export const releaseNewsQueryOptions = (text: string) =>
  infiniteQueryOptions({
    queryKey: [...newslettersQueryKey, 'news', text],
    queryFn: ({ pageParam, signal }) =>
      searchNewsletters({ text, page: pageParam, offset: PAGE_SIZE.news }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.pagination.total && last.items.length > 0 ? pages.length + 1 : undefined;
    },
  });

/** Fetched again each time the popover opens, so it never shows yesterday's list. */
export const useReleaseNews = (text: string, isOpen: boolean) =>
  useInfiniteQuery({ ...releaseNewsQueryOptions(text), enabled: isOpen, staleTime: 0 });

/** The master's console table: one page at a time. */
export const useNewslettersPage = (query: { text: string; page: number; offset: number }) =>
  useQuery({
    queryKey: [...newslettersQueryKey, 'console', query],
    queryFn: ({ signal }) => searchNewsletters(query, signal),
    placeholderData: keepPreviousData,
  });

const getNewslettersNow = async (): Promise<NewslettersNow> =>
  firstOf(await api.request<NewslettersNow>('newsletters'));

/** Starts from the account bundle (loaded at sign-in); a `newsletter` notification fetches it again. */
export const useNewslettersNow = () => {
  const account = useAccount();
  return useQuery({
    queryKey: [...newslettersQueryKey, 'now'],
    queryFn: getNewslettersNow,
    initialData: {
      popover_newsletter: account.popover_newsletter,
      modal_newsletter: account.modal_newsletter,
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
};

/** The pop-ups were seen: the server never shows them to this user again. */
export const useMarkSeen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      Promise.all(
        ids.map((id) => api.request(`newsletters/seen/${id}`, { method: 'POST', errors: 'caller' })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...newslettersQueryKey, 'now'] }),
  });
};

export const useSaveNewsletter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: NewsletterCreateInput }) =>
      firstOf(
        await api.request<Newsletter>(id ? `newsletters/updateone/${id}` : 'newsletters/create', {
          method: id ? 'PUT' : 'POST',
          body: values,
          errors: 'caller',
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newslettersQueryKey }),
  });
};

export const useDeleteNewsletter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request(`newsletters/deleteone/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newslettersQueryKey }),
  });
};
