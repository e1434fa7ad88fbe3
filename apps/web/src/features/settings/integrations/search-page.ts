import type { Filter, Sort } from '@conversa/domain';
import { api } from '../../../shared/api-client';

/** A page of a settings list as its table shows it: the page's rows and how many there are in all. */
export type ListPage<T> = { rows: T[]; total: number };

/** The page a table asks for: 0-based, as its pager counts, and its size. */
export type PageQuery = { page: number; offset: number };

/**
 * One page of a settings list read through its search route (integrations, API keys, a webhook's
 * deliveries): the tables count pages from 0, the server from 1.
 */
export const searchPage = async <T>(
  path: string,
  { page, offset }: PageQuery,
  search: { filters: Filter[]; sort?: Sort },
  signal: AbortSignal,
): Promise<ListPage<T>> => {
  const envelope = await api.request<T>(path, {
    method: 'POST',
    body: { page: page + 1, offset, ...search, logical: 'and' },
    signal,
  });
  return { rows: envelope.data, total: envelope.pagination?.total ?? envelope.data.length };
};
