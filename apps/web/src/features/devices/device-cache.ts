import type { Device } from '@conversa/domain';
import type { QueryClient } from '@tanstack/react-query';
import { deviceQueryKey } from './api/get-device';
import { devicesQueryKey } from './api/search-devices';

/** Puts the server's copy of a device in the list and its detail, from an answer or a notification. */
export const storeDevice = (queryClient: QueryClient, device: Device): void => {
  queryClient.setQueryData<Device[]>(devicesQueryKey, (list) => {
    if (!list) return list;
    return list.some((listed) => listed.id === device.id)
      ? list.map((listed) => (listed.id === device.id ? device : listed))
      : [...list, device];
  });
  queryClient.setQueryData<Device>(deviceQueryKey(device.id), device);
};

export const dropDevice = (queryClient: QueryClient, id: string): void => {
  queryClient.setQueryData<Device[]>(devicesQueryKey, (list) => list?.filter((listed) => listed.id !== id));
  // A detail still on screen keeps its copy (its page leaves on its own); a refetch would open the 404 page.
  const detail = queryClient.getQueryCache().find({ queryKey: deviceQueryKey(id), exact: true });
  if (detail && detail.getObserversCount() === 0) queryClient.removeQueries({ queryKey: detail.queryKey });
};
