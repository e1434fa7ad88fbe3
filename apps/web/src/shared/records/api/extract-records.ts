import type { Extraction, ExtractionCreateInput } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../api-client';

/** Every cached list of extractions starts with this key (the extractions screen owns the lists). */
export const extractionsQueryKey = ['extractions'] as const;

/**
 * `POST extraction/create`: a module's records written to a file in the background. The server answers
 * the queued record at once; its progress arrives by realtime on the extractions screen.
 */
export const createExtraction = async (input: ExtractionCreateInput): Promise<Extraction> =>
  firstOf(await api.request<Extraction>('extraction/create', { method: 'POST', body: input }));

export const useCreateExtraction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExtraction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extractionsQueryKey }),
  });
};
