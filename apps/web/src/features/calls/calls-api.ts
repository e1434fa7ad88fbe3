import type { Call } from '@conversa/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../shared/api-client';

export type CallSetup = { has_pbx: boolean; extension: string };
export type CallPage = { rows: Call[]; total: number };

export const callsKey = ['calls'] as const;
export const contactCallsKey = (contactId: string) => [...callsKey, 'contact', contactId] as const;
const setupKey = [...callsKey, 'setup'] as const;

/** Whether the company has a PBX and the person's extension on it: where the call buttons show. */
export const useCallSetup = (isEnabled = true) =>
  useQuery({
    queryKey: setupKey,
    queryFn: async ({ signal }) =>
      firstOf(await api.request<CallSetup>('call/setup', { method: 'GET', signal, errors: 'caller' })),
    enabled: isEnabled,
    staleTime: 60_000,
    retry: false,
  });

/** A contact's calls, newest first. */
export const useContactCalls = (contactId: string, query: { page: number; offset: number }) =>
  useQuery({
    queryKey: [...contactCallsKey(contactId), query],
    queryFn: async ({ signal }): Promise<CallPage> => {
      const envelope = await api.request<Call>('call/search', {
        method: 'POST',
        body: {
          page: query.page + 1,
          offset: query.offset,
          filters: [{ key: 'contact_id', condition: 'equalto', value: contactId }],
          sort: { key: 'started_at', order: 'desc' },
        },
        signal,
      });
      return { rows: envelope.data, total: envelope.pagination?.total ?? envelope.data.length };
    },
    placeholderData: keepPreviousData,
  });

/** Click-to-call: the PBX rings the person's extension, then the contact. */
export const useDial = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (contactId: string) =>
      api.request<{ call_id: string; extension: string }>('call/dial', {
        method: 'POST',
        body: { contact_id: contactId },
        errors: 'caller',
      }),
    // A 412 may mean the settings changed since the buttons were drawn.
    onError: () => void queryClient.invalidateQueries({ queryKey: setupKey }),
  });
};
