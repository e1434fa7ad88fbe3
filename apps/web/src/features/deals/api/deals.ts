import type { Deal, DealCreateInput, DealStageChange, DealUpdateInput } from '@conversa/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { recordsKey } from '../../../shared/records/api/search-records';
import { updateRecord } from '../../../shared/records/api/update-record';

/** Under the record kit's key, so an edit made in the table or on the board reloads the open deal too. */
export const dealDetailKey = (id: string) => [...recordsKey('deal'), 'detail', id] as const;
export const dealHistoryKey = (id: string) => [...recordsKey('deal'), 'history', id] as const;

export const dealDetailOptions = (id: string) =>
  queryOptions({
    queryKey: dealDetailKey(id),
    // A deal that does not exist (or is another company's) opens the in-app not-found page.
    queryFn: async ({ signal }) =>
      firstOf(await api.request<Deal>(`deal/search/${id}`, { errors: 'page', signal })),
  });

export const useDealDetail = (id: string) => useQuery(dealDetailOptions(id));

/** The deal's moves between stages and outcomes, newest first as the server answers them. */
export const useDealHistory = (id: string) =>
  useQuery({
    queryKey: dealHistoryKey(id),
    queryFn: async ({ signal }) =>
      (await api.request<DealStageChange>(`deal/history/${id}`, { signal })).data,
  });

export const createDeal = async (input: DealCreateInput): Promise<Deal> =>
  firstOf(await api.request<Deal>('deal/create', { method: 'POST', body: input, errors: 'caller' }));

/** A new deal; the lists and the boards are read again so it shows in its place. */
export const useCreateDeal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsKey('deal') }),
  });
};

/** Saves a change to the open deal; the caller places a refusal that names its fields. */
export const useSaveDeal = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: DealUpdateInput) =>
      (await updateRecord({ api: 'deal' }, id, patch)) as unknown as Deal,
    onSuccess: (saved) => {
      queryClient.setQueryData<Deal>(dealDetailKey(id), (current) =>
        current ? { ...current, ...saved } : saved,
      );
      void queryClient.invalidateQueries({ queryKey: dealHistoryKey(id) });
      void queryClient.invalidateQueries({ queryKey: [...recordsKey('deal'), 'search'] });
      void queryClient.invalidateQueries({ queryKey: [...recordsKey('deal'), 'kanban'] });
    },
  });
};
