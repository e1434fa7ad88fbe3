import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client';

export type ContactBrief = {
  id: string;
  info: { full_name: string; phone: string; email: string };
  device_id: string | null;
  derivedto: string;
};

/** Contacts for the new-message picker, by name (contains). */
export const searchContacts = async (text: string, signal?: AbortSignal): Promise<ContactBrief[]> =>
  (
    await api.request<ContactBrief>('contact/list', {
      method: 'POST',
      body: {
        page: 1,
        offset: 20,
        filters: text.trim() ? [{ key: 'info.full_name', condition: 'contains', value: text.trim() }] : [],
        logical: 'and',
      },
      signal,
    })
  ).data;

export const contactSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['chat', 'contact-search', text],
    queryFn: ({ signal }) => searchContacts(text, signal),
  });

export const useContactSearch = (text: string, isEnabled: boolean) =>
  useQuery({ ...contactSearchQueryOptions(text), enabled: isEnabled });
