import type { Contact, ContactCreateInput } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { recordsKey } from '../../../shared/records/api/search-records';

export const createContact = async (input: ContactCreateInput): Promise<Contact> =>
  firstOf(await api.request<Contact>('contact/create', { method: 'POST', body: input, errors: 'caller' }));

/** A new contact; the contact lists and the board are read again so it shows in its place. */
export const useCreateContact = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsKey('contact') }),
  });
};
