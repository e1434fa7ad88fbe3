import type { ClientAnalytics } from '@conversa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client';

/** The company's message balance (plan and bags) and quotas; undefined when the server sent none. */
export const getBalance = async (clientId: string): Promise<ClientAnalytics | undefined> => {
  // Balance failures only stop the loading state (spec section 8), so nothing is shown on error.
  const envelope = await api.request<ClientAnalytics>(`client/analitics/${clientId}`, { errors: 'caller' });
  return envelope.data[0];
};

export const balanceQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: ['balance', clientId], queryFn: () => getBalance(clientId), retry: false });

export const useBalance = (clientId: string, isEnabled: boolean) =>
  useQuery({ ...balanceQueryOptions(clientId), enabled: isEnabled });
