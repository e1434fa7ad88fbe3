import type { Contact } from '@conversa/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { contactKeyOf, findChat } from '../chat-cache';

export const getContact = async (id: string, signal?: AbortSignal): Promise<Contact> =>
  firstOf(await api.request<Contact>(`contact/search/${id}`, { signal }));

export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contactKeyOf(id),
    queryFn: ({ signal }) => getContact(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The selected conversation; the list's copy shows at once while the full record loads. */
export const useContact = (id: string) => {
  const queryClient = useQueryClient();
  return useQuery({ ...contactQueryOptions(id), placeholderData: () => findChat(queryClient, id) });
};
