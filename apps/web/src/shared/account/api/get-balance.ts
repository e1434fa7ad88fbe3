import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client';

export type MessageBalance = { plan: number; bags: number };

type Analytics = { message?: { available?: Partial<MessageBalance> } };

export const getBalance = async (clientId: string): Promise<MessageBalance> => {
  // Balance failures only stop the loading state (spec section 8), so nothing is shown on error.
  const envelope = await api.request<Analytics>(`client/analitics/${clientId}`, { errors: 'caller' });
  const available = envelope.data[0]?.message?.available;
  return { plan: available?.plan ?? 0, bags: available?.bags ?? 0 };
};

export const balanceQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: ['balance', clientId], queryFn: () => getBalance(clientId), retry: false });

export const useBalance = (clientId: string, isEnabled: boolean) =>
  useQuery({ ...balanceQueryOptions(clientId), enabled: isEnabled });
