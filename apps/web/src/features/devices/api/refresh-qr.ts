import type { DeviceSession } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export type GatewayReading = { session: DeviceSession; qr: string };

/** `GET device/qr/{id}`: the gateway asked now for the phone's session and, while it waits, the QR. */
export const refreshQr = async (id: string): Promise<GatewayReading> =>
  firstOf(await api.request<GatewayReading>(`device/qr/${id}`));

/**
 * Asks the gateway now. The server stores what changed (and announces it to every open screen); the device
 * is read again here, so what shows is what the server keeps.
 */
export const useRefreshQr = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshQr(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
};
