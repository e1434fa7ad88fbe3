import { type Message, newTempId } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { upsertMessage } from '../chat-cache';

export type FastSend = { phone: string; name: string; body: string; deviceId: string };

/** A text to a phone: the server finds or creates the contact and takes the conversation when free. */
export const sendFast = async (input: FastSend): Promise<Message> =>
  firstOf(
    await api.request<Message>('message/createfast', {
      method: 'POST',
      body: {
        phone: input.phone,
        name: input.name,
        body: input.body,
        device_id: input.deviceId,
        temp_id: newTempId(),
      },
    }),
  );

export const useSendFast = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendFast, onSuccess: (message) => upsertMessage(queryClient, message) });
};
