import type { Device } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { storeDevice } from '../device-cache';

/** Checks the credentials with the provider and registers the webhook again; the answer says if it took. */
export const connectDevice = async (id: string): Promise<{ device: Device; info: string }> => {
  const envelope = await api.request<Device>(`device/connect/${id}`, { method: 'POST' });
  return { device: firstOf(envelope), info: envelope.info };
};

export const useConnectDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectDevice,
    onSuccess: ({ device }) => storeDevice(queryClient, device),
  });
};
