import type { Contact } from '@conversa/domain';
import { api, firstOf } from '../../../shared/api-client';
import { useOptimisticContactMutation } from './optimistic-contact';

/** Take the conversation (409 with the 'taken by another user' text when someone was faster). */
export const lockChat = async ({ id }: { id: string }): Promise<Contact> =>
  firstOf(await api.request<Contact>(`contact/lock/${id}`, { method: 'POST' }));

export const useLockChat = () =>
  useOptimisticContactMutation(lockChat, (contact, _input, viewer) => ({
    ...contact,
    derivedto: viewer.userId,
    // Taking hands the conversation back from the bot, as the server does.
    answerbot: false,
  }));
