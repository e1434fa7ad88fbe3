import type { Device } from '@conversa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

export const devicesQueryKey = ['devices', 'list'] as const;

export const searchDevices = async (signal?: AbortSignal): Promise<Device[]> =>
  (
    await api.request<Device>('device/search', {
      method: 'POST',
      body: { page: 1, offset: 100, filters: [], logical: 'and', sort: { key: 'create_date', order: 'asc' } },
      signal,
    })
  ).data;

export const devicesQueryOptions = () =>
  queryOptions({ queryKey: devicesQueryKey, queryFn: ({ signal }) => searchDevices(signal) });

export const useDevices = () => useQuery(devicesQueryOptions());
