import { type Message, newTempId } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { upsertMessage } from '../chat-cache';

export type TemplateSend = {
  contactId: string;
  deviceId: string;
  template: {
    name: string;
    language: string;
    components: { type: string; parameters: { type: 'text'; text: string }[] }[];
  };
};

export const sendTemplate = async (input: TemplateSend): Promise<Message> =>
  firstOf(
    await api.request<Message>('message/sendtemplate', {
      method: 'POST',
      body: {
        contact_id: input.contactId,
        device_id: input.deviceId,
        template: input.template,
        temp_id: newTempId(),
      },
    }),
  );

export const useSendTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTemplate,
    onSuccess: (message) => upsertMessage(queryClient, message),
  });
};
