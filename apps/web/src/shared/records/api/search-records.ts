import { type Filter, type Logical, PAGE_SIZE, type Sort } from '@conversa/domain';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../api-client';
import type { RecordModule, RecordRow } from '../record-module';

/** What the table asks for: the search body without its page. */
export type RecordsQuery = { filters: Filter[]; logical: Logical; sort?: Sort };

/** `more`: the total stopped at the server's cap (LIST_TOTAL_CAP) and there are more records than it says. */
export type RecordsPage = { items: RecordRow[]; total: number; more?: boolean };

/** Every cached list of a module starts with this key: the table's searches and the kanban board. */
export const recordsKey = (module: string) => ['records', module] as const;
export const recordsSearchKey = (module: string, query?: RecordsQuery) =>
  query ? ([...recordsKey(module), 'search', query] as const) : ([...recordsKey(module), 'search'] as const);

export const searchRecords = async (
  config: Pick<RecordModule, 'api'>,
  query: RecordsQuery,
  page: number,
  signal?: AbortSignal,
): Promise<RecordsPage> => {
  const envelope = await api.request<RecordRow>(`${config.api}/search`, {
    method: 'POST',
    body: { ...query, page, offset: PAGE_SIZE.contacts },
    signal,
  });
  const pagination = envelope.pagination;
  return {
    items: envelope.data,
    total: pagination?.total ?? envelope.data.length,
    ...(pagination?.more ? { more: true } : {}),
  };
};

export const recordsSearchOptions = (config: Pick<RecordModule, 'api' | 'module'>, query: RecordsQuery) =>
  infiniteQueryOptions({
    queryKey: recordsSearchKey(config.module, query),
    queryFn: ({ pageParam, signal }) => searchRecords(config, query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return (loaded < last.total || last.more) && last.items.length > 0 ? pages.length + 1 : undefined;
    },
    // Realtime notifications patch the loaded rows; a new filter is a new list, not a refetch.
    staleTime: 30_000,
  });

export const useRecordsSearch = (config: Pick<RecordModule, 'api' | 'module'>, query: RecordsQuery) =>
  useInfiniteQuery(recordsSearchOptions(config, query));

type SearchData = { pages: RecordsPage[]; pageParams: unknown[] };

/** Applies a change to every loaded row of the module's tables (an edit, a live update). */
export const patchLoadedRows = (
  queryClient: QueryClient,
  module: string,
  change: (row: RecordRow) => RecordRow,
): void => {
  queryClient.setQueriesData<SearchData>({ queryKey: recordsSearchKey(module) }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) } : data,
  );
};

/** Takes rows out of the loaded lists at once (a delete), the totals with them. */
export const dropLoadedRows = (
  queryClient: QueryClient,
  module: string,
  isDropped: (row: RecordRow) => boolean,
): void => {
  queryClient.setQueriesData<SearchData>({ queryKey: recordsSearchKey(module) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => {
            const items = page.items.filter((row) => !isDropped(row));
            return { items, total: Math.max(0, page.total - (page.items.length - items.length)) };
          }),
        }
      : data,
  );
};
