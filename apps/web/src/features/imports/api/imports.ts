import type { ImportJob, ImportJobReport, Pagination } from '@conversa/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const importsQueryKey = ['imports'] as const;

export type ImportsPage = { jobs: ImportJob[]; pagination: Pagination };

export const searchImports = async (
  page: number,
  offset: number,
  signal?: AbortSignal,
): Promise<ImportsPage> => {
  const envelope = await api.request<ImportJob>('imports/search', {
    method: 'POST',
    body: { page, offset, filters: [], logical: 'and', sort: { key: 'create_date', order: 'desc' } },
    signal,
  });
  return {
    jobs: envelope.data,
    pagination: envelope.pagination ?? { total: envelope.data.length, page, offset },
  };
};

export const useImports = (page: number, offset: number) =>
  useQuery({
    queryKey: [...importsQueryKey, 'list', page, offset],
    queryFn: ({ signal }) => searchImports(page, offset, signal),
    placeholderData: keepPreviousData,
  });

/** One import with its report: the error rows with line, field and reason. */
export const getImport = async (id: string, signal?: AbortSignal): Promise<ImportJobReport> =>
  firstOf(await api.request<ImportJobReport>(`imports/search/${id}`, { signal }));

export const importQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...importsQueryKey, 'one', id], queryFn: ({ signal }) => getImport(id, signal) });

export const useImport = (id: string) => useQuery(importQueryOptions(id));
