import type { SessionInfo } from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

export const sessionsQuery = queryOptions({
  queryKey: ['sessions'],
  queryFn: async ({ signal }) => (await api.request<SessionInfo>('session/search', { signal })).data,
});

/** The signed-in user's open sessions, current one marked. */
export const useMySessions = () => useQuery(sessionsQuery);

/** Ends one of them; the list is read again so it shows what the server holds. */
export const useRevokeSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.request(`session/deleteone/${id}`, { method: 'DELETE' })).info,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
};
