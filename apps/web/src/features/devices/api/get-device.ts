import type { Device } from '@conversa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const deviceQueryKey = (id: string) => ['devices', 'detail', id] as const;

export const getDevice = async (id: string, signal?: AbortSignal): Promise<Device> =>
  firstOf(await api.request<Device>(`device/search/${id}`, { errors: 'page', signal }));

export const deviceQueryOptions = (id: string) =>
  queryOptions({ queryKey: deviceQueryKey(id), queryFn: ({ signal }) => getDevice(id, signal) });

export const useDevice = (id: string) => useQuery(deviceQueryOptions(id));
