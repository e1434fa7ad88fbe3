import type { Contact } from '@conversa/domain';
import { api, firstOf } from '../../../shared/api-client';
import { useOptimisticContactMutation } from './optimistic-contact';

export type TransferInput = { id: string; userId: string };

export const transferChat = async ({ id, userId }: TransferInput): Promise<Contact> =>
  firstOf(
    await api.request<Contact>(`contact/transfer/${id}`, { method: 'POST', body: { user_id: userId } }),
  );

export const useTransferChat = () =>
  useOptimisticContactMutation(transferChat, (contact, input) => ({ ...contact, derivedto: input.userId }));
