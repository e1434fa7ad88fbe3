import type { Filter, Pagination } from '@conversa/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** A job of the platform's queue as the master sees it (POST jobs/search). */
export type Job = {
  id: number;
  name: string;
  key: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: string;
  last_error: string;
  create_date: string;
  update_date: string;
};

export type JobsPage = { jobs: Job[]; pagination: Pagination };
export type JobsQuery = { page: number; offset: number; filters: Filter[] };

export const jobsQueryKey = ['jobs'] as const;

export const searchJobs = async (query: JobsQuery, signal?: AbortSignal): Promise<JobsPage> => {
  const envelope = await api.request<Job>('jobs/search', {
    method: 'POST',
    body: { ...query, logical: 'and', sort: { key: 'update_date', order: 'desc' } },
    signal,
  });
  return {
    jobs: envelope.data,
    pagination: envelope.pagination ?? {
      total: envelope.data.length,
      page: query.page,
      offset: query.offset,
    },
  };
};

/** The latest changed first (a job that just died on top); the previous page stays while the next loads. */
export const useJobs = (query: JobsQuery) =>
  useQuery({
    queryKey: [...jobsQueryKey, query],
    queryFn: ({ signal }) => searchJobs(query, signal),
    placeholderData: keepPreviousData,
  });
