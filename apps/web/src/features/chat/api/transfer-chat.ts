import type { Contact } from '@conversa/domain';
import { useTranslation } from 'react-i18next';
import { api, firstOf } from '../../../shared/api-client';
import { notify } from '../../../shared/notify';
import { useOptimisticContactMutation } from './optimistic-contact';

/** `userName` is only for the confirmation. */
export type TransferInput = { id: string; userId: string; userName: string };

export const transferChat = async ({ id, userId }: TransferInput): Promise<Contact> =>
  firstOf(
    await api.request<Contact>(`contact/transfer/${id}`, { method: 'POST', body: { user_id: userId } }),
  );

/** The conversation leaves at once; a snackbar confirms the hand-over once the server has made it. */
export const useTransferChat = () => {
  const { t } = useTranslation();
  return useOptimisticContactMutation(
    transferChat,
    (contact, input) => ({ ...contact, derivedto: input.userId }),
    (_contact, input) => notify(t('chat.transfer.done', { name: input.userName }), 'success'),
  );
};
