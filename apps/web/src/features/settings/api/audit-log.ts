import type { AuditEntry, Filter, Pagination } from '@conversa/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

export type AuditPage = { entries: AuditEntry[]; pagination: Pagination };
export type AuditQuery = { page: number; offset: number; filters: Filter[] };

export const searchAuditLog = async (query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> => {
  const envelope = await api.request<AuditEntry>('log/search', {
    method: 'POST',
    body: { ...query, logical: 'and', sort: { key: 'create_date', order: 'desc' } },
    signal,
  });
  return {
    entries: envelope.data,
    pagination: envelope.pagination ?? {
      total: envelope.data.length,
      page: query.page,
      offset: query.offset,
    },
  };
};

/** Newest first; the previous page stays on screen while the next one loads. */
export const useAuditLog = (query: AuditQuery) =>
  useQuery({
    queryKey: ['settings', 'log', query],
    queryFn: ({ signal }) => searchAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });
