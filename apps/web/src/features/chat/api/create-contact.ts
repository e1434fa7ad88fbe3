import type { Contact, ContactCreateInput } from '@conversa/domain';
import { useMutation } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';

export const createContact = async (input: ContactCreateInput): Promise<Contact> =>
  firstOf(await api.request<Contact>('contact/create', { method: 'POST', body: input, errors: 'caller' }));

export const useCreateContact = () => useMutation({ mutationFn: createContact });
