import type { Integration, SchedulingCatalog } from '@conversa/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../../shared/api-client';
import { applyIntegrationChange } from '../integrations-api';

/**
 * "Sync now": the appointments from today to a week ahead pulled into the agenda. The answer is the
 * integration with its last sync, or with the provider's refusal in `status` and `error`.
 */
export const useSyncScheduling = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      firstOf(await api.request<Integration>(`integration/sync/${id}`, { method: 'POST', errors: 'caller' })),
    onSuccess: (synced) => applyIntegrationChange(queryClient, 'update', synced),
  });
};

/**
 * What the provider offers, read from it at the time of the call: its appointment states (to choose the
 * confirmed and cancelled ones), professionals and branches. A provider's failure answers 502.
 */
export const useCatalog = (id: string, isEnabled: boolean) =>
  useQuery({
    queryKey: ['settings', 'scheduling-catalog', id],
    enabled: isEnabled,
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      firstOf(
        await api.request<SchedulingCatalog>(`integration/catalog/${id}`, { errors: 'caller', signal }),
      ),
  });
