import type { AdminDevice, Device, Filter, Pagination } from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../../shared/api-client';

export const devicesAdminQueryKey = ['console-devices'] as const;

export type AdminDevicePage = { items: AdminDevice[]; pagination: Pagination };

/** A device's name or its company's name containing the text. */
const nameOrCompany = (text: string): Filter[] =>
  text.trim()
    ? [
        { key: 'name', condition: 'contains', value: text.trim() },
        { key: 'client_name', condition: 'contains', value: text.trim() },
      ]
    : [];

const searchDevices = async (
  { text, page, offset }: { text: string; page: number; offset: number },
  signal?: AbortSignal,
): Promise<AdminDevicePage> => {
  const envelope = await api.request<AdminDevice>('deviceadmin/search', {
    method: 'POST',
    body: { page, offset, filters: nameOrCompany(text), logical: 'or' },
    signal,
  });
  return {
    items: envelope.data,
    pagination: envelope.pagination ?? { total: envelope.data.length, page, offset },
  };
};

export const useAdminDevicesPage = (query: { text: string; page: number; offset: number }) =>
  useQuery({
    queryKey: [...devicesAdminQueryKey, query],
    queryFn: ({ signal }) => searchDevices(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminDisconnect = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      firstOf(await api.request<Device>(`deviceadmin/disconnect/${id}`, { method: 'POST' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesAdminQueryKey }),
  });
};
