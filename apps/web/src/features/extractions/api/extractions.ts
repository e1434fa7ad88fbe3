import type { Extraction } from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';
import { extractionsQueryKey } from '../../../shared/records/api/extract-records';

export type ExtractionsPage = { extractions: Extraction[]; total: number };

export const extractionsListKey = [...extractionsQueryKey, 'list'] as const;

/** `POST extraction/search`, newest first. */
export const searchExtractions = async (
  page: number,
  offset: number,
  signal?: AbortSignal,
): Promise<ExtractionsPage> => {
  const envelope = await api.request<Extraction>('extraction/search', {
    method: 'POST',
    body: { page, offset, filters: [], logical: 'and', sort: { key: 'create_date', order: 'desc' } },
    signal,
  });
  return { extractions: envelope.data, total: envelope.pagination?.total ?? envelope.data.length };
};

export const useExtractions = (page: number, offset: number) =>
  useQuery({
    queryKey: [...extractionsListKey, page, offset],
    queryFn: ({ signal }) => searchExtractions(page, offset, signal),
    placeholderData: keepPreviousData,
  });

/** `DELETE extraction/deleteone/{id}`: the record and its file. */
export const useDeleteExtraction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.request(`extraction/deleteone/${id}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extractionsQueryKey }),
  });
};
