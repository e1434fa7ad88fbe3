import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { type Job, jobsQueryKey } from './search-jobs';

/** A dead job runs again from its first attempt; the server answers it pending. */
export const retryJob = async (id: number): Promise<Job> =>
  firstOf(await api.request<Job>(`jobs/retry/${id}`, { method: 'POST' }));

export const useRetryJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
};
