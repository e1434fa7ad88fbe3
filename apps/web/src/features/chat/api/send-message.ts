import { type Contact, type Message, type MessageType, newTempId } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAccount } from '../../../shared/account/use-account';
import { api, firstOf } from '../../../shared/api-client';
import { followLastMessage, patchChats, patchMessage, upsertMessage } from '../chat-cache';

export type OutgoingMessage = {
  type: MessageType;
  body: string;
  file?: File;
  location?: { lat: number; lng: number; address: string };
};

type SendInput = OutgoingMessage & { contact: Contact; tempId: string };

/** JSON for text and location; multipart with `attachment` for files. */
export const sendMessage = async ({
  contact,
  tempId,
  type,
  body,
  file,
  location,
}: SendInput): Promise<Message> => {
  const fields = {
    type,
    body,
    device_id: contact.device?.id ?? contact.device_id ?? '',
    contact_id: contact.id,
    temp_id: tempId,
    ...(location ?? {}),
  };
  if (!file) return firstOf(await api.request<Message>('message/create', { method: 'POST', body: fields }));
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('attachment', file, file.name);
  return firstOf(await api.request<Message>('message/create', { method: 'POST', body: form }));
};

/** The message type of a file, from its MIME family; anything else travels as a document. */
export const messageTypeOfFile = (file: Pick<File, 'type'>): MessageType => {
  const family = file.type.split('/')[0];
  if (family === 'image' || family === 'video' || family === 'audio') return family;
  return 'document';
};

/**
 * Sending shows the message at once (status queue, mine, local time, a fresh temp_id); the server's record
 * replaces it by temp_id, whether the answer or the realtime event comes first.
 */
export const useSendMessage = (contact: Contact) => {
  const queryClient = useQueryClient();
  const { user } = useAccount();
  return useMutation({
    mutationFn: (input: OutgoingMessage) => {
      const tempId = newTempId();
      const now = new Date().toISOString();
      const optimistic: Message = {
        id: tempId,
        client_id: contact.client_id,
        contact_id: contact.id,
        device_id: contact.device?.id ?? contact.device_id,
        body: input.location ? `${input.location.lat};${input.location.lng}` : input.body,
        type: input.type,
        fromMe: true,
        message_id: '',
        status: 'queue',
        timestamp: now,
        create_date: now,
        owner: user.id,
        temp_id: tempId,
        // A local preview of the file until the stored copy's URL arrives.
        attachment: input.file ? URL.createObjectURL(input.file) : '',
        filename: input.file?.name ?? '',
        starred: false,
        selected: false,
        deleted: false,
        template: null,
        buttons: [],
        button_reply: '',
        quoted: null,
        contacts: [],
        error: '',
      };
      upsertMessage(queryClient, optimistic);
      patchChats(queryClient, [contact.id], (current) => ({
        ...current,
        message: {
          ...current.message,
          info: {
            id: tempId,
            body: optimistic.body,
            fromMe: true,
            message_id: '',
            status: 'queue',
            timestamp: now,
            type_msg: input.type,
            owner: user.id,
            device_id: optimistic.device_id ?? '',
          },
        },
      }));
      return sendMessage({ ...input, contact, tempId }).catch((error: unknown) => {
        patchMessage(queryClient, contact.id, tempId, { status: 'error' });
        throw error;
      });
    },
    onSuccess: (message) => {
      upsertMessage(queryClient, message);
      followLastMessage(queryClient, message);
    },
  });
};
