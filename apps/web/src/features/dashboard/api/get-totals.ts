import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

/** A module's record count: one row asked for, the total read from the pagination. */
const totalOf = async (
  path: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<number> => {
  const envelope = await api.request(path, {
    method: 'POST',
    body: { page: 1, offset: 1, ...body },
    signal,
    // A card without its number is fine; a dashboard full of error toasts is not.
    errors: 'caller',
  });
  return envelope.pagination?.total ?? envelope.data.length;
};

export const conversationsTotalQueryOptions = (isEnabled: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'total', 'conversations'],
    queryFn: ({ signal }) => totalOf('contact/chats', { filter: 'All', option: 'allMessages' }, signal),
    enabled: isEnabled,
    staleTime: 30_000,
  });

export const contactsTotalQueryOptions = (isEnabled: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'total', 'contacts'],
    queryFn: ({ signal }) => totalOf('contact/search', {}, signal),
    enabled: isEnabled,
    staleTime: 30_000,
  });

/** The signed-in person's open tasks, as the tasks screen and the bell count them (their visibility applies). */
export const tasksTotalQueryOptions = (isEnabled: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'total', 'tasks'],
    queryFn: ({ signal }) => totalOf('task/search', { filters: [], incomplete: true }, signal),
    enabled: isEnabled,
    staleTime: 30_000,
  });

export const useConversationsTotal = (isEnabled: boolean) =>
  useQuery(conversationsTotalQueryOptions(isEnabled));
export const useContactsTotal = (isEnabled: boolean) => useQuery(contactsTotalQueryOptions(isEnabled));
export const useTasksTotal = (isEnabled: boolean) => useQuery(tasksTotalQueryOptions(isEnabled));
