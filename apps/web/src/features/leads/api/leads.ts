import type { Contact, Lead, LeadCreateInput, LeadUpdateInput } from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { recordsKey } from '../../../shared/records/api/search-records';
import { updateRecord } from '../../../shared/records/api/update-record';

/** Under the record kit's key, so an edit made in the table or on the board reloads the open lead too. */
export const leadDetailKey = (id: string) => [...recordsKey('lead'), 'detail', id] as const;

export const leadDetailOptions = (id: string) =>
  queryOptions({
    queryKey: leadDetailKey(id),
    // A lead that does not exist (or is another company's) opens the in-app not-found page.
    queryFn: async ({ signal }) =>
      firstOf(await api.request<Lead>(`lead/search/${id}`, { errors: 'page', signal })),
  });

export const useLeadDetail = (id: string) => useQuery(leadDetailOptions(id));

export const createLead = async (input: LeadCreateInput): Promise<Lead> =>
  firstOf(await api.request<Lead>('lead/create', { method: 'POST', body: input, errors: 'caller' }));

/** A new lead; the lists and the board are read again so it shows in its place. */
export const useCreateLead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsKey('lead') }),
  });
};

/** Saves a change to the open lead; the form places a refusal that names its fields. */
export const useSaveLead = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: LeadUpdateInput) =>
      (await updateRecord({ api: 'lead' }, id, patch)) as unknown as Lead,
    onSuccess: (saved) => {
      queryClient.setQueryData<Lead>(leadDetailKey(id), (current) =>
        current ? { ...current, ...saved } : saved,
      );
      void queryClient.invalidateQueries({ queryKey: [...recordsKey('lead'), 'search'] });
    },
  });
};

/**
 * Converts the lead into a contact (a new one, or the company's contact with the same phone) and answers
 * that contact; the lead then carries `converted_contact_id`. A lead converted before answers 406.
 */
export const convertLead = async (id: string): Promise<Contact> =>
  firstOf(await api.request<Contact>(`lead/convert/${id}`, { method: 'POST', errors: 'caller' }));

export const useConvertLead = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => convertLead(id),
    onSuccess: (contact) => {
      queryClient.setQueryData<Lead>(leadDetailKey(id), (lead) =>
        lead ? { ...lead, converted_contact_id: contact.id } : lead,
      );
      void queryClient.invalidateQueries({ queryKey: recordsKey('lead') });
      void queryClient.invalidateQueries({ queryKey: recordsKey('contact') });
    },
  });
};
