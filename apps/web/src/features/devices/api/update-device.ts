import type { Device, DeviceUpdateInput } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { storeDevice } from '../device-cache';

export type DeviceChange = { id: string; change: DeviceUpdateInput };

/** A config change makes the server connect again with the new values, so the answer carries the status. */
export const updateDevice = async ({
  id,
  change,
}: DeviceChange): Promise<{ device: Device; info: string }> => {
  const envelope = await api.request<Device>(`device/updateone/${id}`, {
    method: 'PUT',
    body: change,
    errors: 'caller',
  });
  return { device: firstOf(envelope), info: envelope.info };
};

export const useUpdateDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: ({ device }) => storeDevice(queryClient, device),
  });
};
