import type { Device, DeviceCreateInput } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { storeDevice } from '../device-cache';

export type CreatedDevice = { device: Device; info: string };

/**
 * Connects the provider as it is created (a sandbox device is connected at once). The dialog shows the
 * errors itself: 400 on its fields, 412 (the plan's device limit) as the server's text.
 */
export const createDevice = async (input: DeviceCreateInput): Promise<CreatedDevice> => {
  const envelope = await api.request<Device>('device/create', {
    method: 'POST',
    body: input,
    errors: 'caller',
  });
  return { device: firstOf(envelope), info: envelope.info };
};

export const useCreateDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSuccess: ({ device }) => storeDevice(queryClient, device),
  });
};
