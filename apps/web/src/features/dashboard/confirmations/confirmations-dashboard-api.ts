import type { ConfirmationDashboard, ConfirmationDashboardInput } from '@conversa/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

/** The confirmations' figures of a period (appointments' days, inclusive) and, optionally, one device. */
export const useConfirmationDashboard = (input: ConfirmationDashboardInput, isEnabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'confirmations', input],
    enabled: isEnabled,
    queryFn: async ({ signal }) =>
      firstOf(
        await api.request<ConfirmationDashboard>('dashboard/confirmations', {
          method: 'POST',
          body: input,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
