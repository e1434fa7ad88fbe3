import type { Contact } from '@conversa/domain';
import { api, firstOf } from '../../../shared/api-client';
import { useOptimisticContactMutation } from './optimistic-contact';

export const releaseChat = async ({ id }: { id: string }): Promise<Contact> =>
  firstOf(await api.request<Contact>(`contact/release/${id}`, { method: 'POST' }));

export const useReleaseChat = () =>
  useOptimisticContactMutation(releaseChat, (contact) => ({ ...contact, derivedto: '' }));
