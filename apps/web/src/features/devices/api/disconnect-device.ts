import type { Device } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { storeDevice } from '../device-cache';

/** Unregisters the provider's webhook where it has one; nothing is sent through the device after it. */
export const disconnectDevice = async (id: string): Promise<{ device: Device; info: string }> => {
  const envelope = await api.request<Device>(`device/disconnect/${id}`, { method: 'POST' });
  return { device: firstOf(envelope), info: envelope.info };
};

export const useDisconnectDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectDevice,
    onSuccess: ({ device }) => storeDevice(queryClient, device),
  });
};
