import type {
  Diffusion,
  DiffusionCreateInput,
  DiffusionPreviewRecipient,
  DiffusionRecipient,
  Filter,
  Pagination,
} from '@conversa/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstOf } from '../../../shared/api-client';
import { useDebounced } from '../../../shared/use-debounced';

export const diffusionsKey = ['diffusions'] as const;
export const diffusionListsKey = [...diffusionsKey, 'list'] as const;
export const diffusionDetailKey = (id: string) => [...diffusionsKey, 'detail', id] as const;
export const recipientsKey = (id: string) => [...diffusionsKey, 'recipients', id] as const;

export type Page<T> = { rows: T[]; total: number };

/** A page of a search: its rows and how many the filters find. */
const pageOf = <T>(envelope: { data: T[]; pagination?: Pagination }): Page<T> => ({
  rows: envelope.data,
  total: envelope.pagination?.total ?? envelope.data.length,
});

export type ListQuery = { page: number; offset: number; search: string };

const searchBody = (page: number, offset: number, filters: Filter[]) => ({
  page,
  offset,
  filters,
  logical: 'and',
  sort: { key: 'create_date', order: 'desc' },
});

/** The company's diffusions, newest first, found by part of their name. */
export const useDiffusionList = (query: ListQuery) =>
  useQuery({
    queryKey: [...diffusionListsKey, query],
    queryFn: async ({ signal }) =>
      pageOf(
        await api.request<Diffusion>('diffusion/search', {
          method: 'POST',
          body: searchBody(
            query.page + 1,
            query.offset,
            query.search.trim() === ''
              ? []
              : [{ key: 'name', condition: 'contains', value: query.search.trim() }],
          ),
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const diffusionDetailOptions = (id: string) =>
  queryOptions({
    queryKey: diffusionDetailKey(id),
    // Another company's or a deleted diffusion opens the in-app not-found page.
    queryFn: async ({ signal }) =>
      firstOf(await api.request<Diffusion>(`diffusion/search/${id}`, { errors: 'page', signal })),
  });

export const useDiffusionDetail = (id: string) => useQuery(diffusionDetailOptions(id));

export type RecipientQuery = { page: number; offset: number; state: string; reason: string; phone: string };

export const recipientFilters = (query: RecipientQuery): Filter[] => [
  ...(query.state ? [{ key: 'state', condition: 'equalto' as const, value: query.state }] : []),
  ...(query.reason ? [{ key: 'reason', condition: 'equalto' as const, value: query.reason }] : []),
  ...(query.phone.trim()
    ? [{ key: 'phone', condition: 'contains' as const, value: query.phone.replace(/\D/g, '') }]
    : []),
];

export const useRecipients = (id: string, query: RecipientQuery) =>
  useQuery({
    queryKey: [...recipientsKey(id), query],
    queryFn: async ({ signal }) =>
      pageOf(
        await api.request<DiffusionRecipient>(`diffusion/recipients/${id}`, {
          method: 'POST',
          body: { ...searchBody(query.page + 1, query.offset, recipientFilters(query)), sort: undefined },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** After a write the lists read again and the open diffusion takes the answer at once. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return (saved?: Diffusion) => {
    if (saved) queryClient.setQueryData(diffusionDetailKey(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: diffusionListsKey });
  };
};

export const useCreateDiffusion = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: DiffusionCreateInput) =>
      firstOf(
        await api.request<Diffusion>('diffusion/create', { method: 'POST', body: input, errors: 'caller' }),
      ),
    onSuccess: (saved) => refresh(saved),
  });
};

export const useUpdateDiffusion = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: DiffusionCreateInput }) =>
      firstOf(
        await api.request<Diffusion>(`diffusion/updateone/${id}`, {
          method: 'PUT',
          body: input,
          errors: 'caller',
        }),
      ),
    onSuccess: (saved) => refresh(saved),
  });
};

export const useDeleteDiffusion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.request(`diffusion/deleteone/${id}`, { method: 'DELETE' });
    },
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: diffusionDetailKey(id) });
      void queryClient.invalidateQueries({ queryKey: diffusionListsKey });
    },
  });
};

export const DIFFUSION_COMMANDS = ['start', 'pause', 'resume', 'cancel'] as const;
export type DiffusionCommand = (typeof DIFFUSION_COMMANDS)[number];

/**
 * Start, pause, resume or cancel: the server answers the diffusion in its new state and its info (a start
 * outside the send window says when it will send). A started sender can
 * finish before that answer arrives; when a notification changed the open diffusion meanwhile, it is newer
 * than the answer and stays.
 */
export const useDiffusionCommand = () => {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    onMutate: ({ id }: { id: string; command: DiffusionCommand }) => ({
      before: queryClient.getQueryData<Diffusion>(diffusionDetailKey(id)),
    }),
    mutationFn: async ({ id, command }: { id: string; command: DiffusionCommand }) => {
      const answer = await api.request<Diffusion>(`diffusion/${command}/${id}`, { method: 'POST' });
      return { saved: firstOf(answer), info: answer.info };
    },
    onSuccess: ({ saved }, { id }, context) => {
      const isUnchanged = queryClient.getQueryData(diffusionDetailKey(id)) === context.before;
      refresh(isUnchanged ? saved : undefined);
    },
  });
};

/** A CSV of phones (and the template's parameters) into a draft's recipients; answers the server's info. */
export const importRecipients = async (diffusionId: string, file: File): Promise<string> => {
  const body = new FormData();
  body.append('diffusion_id', diffusionId);
  body.append('file', file);
  const envelope = await api.request('diffusionmsg/import', { method: 'PUT', body, errors: 'caller' });
  return envelope.info;
};

/** How long the audience must stay unchanged before its preview recipient is asked for again. */
const PREVIEW_DEBOUNCE_MS = 500;

/**
 * A real recipient of the audience being edited (the first the server finds, not opted out), so the
 * message's preview reads as that customer will; null while the audience finds nobody.
 */
export const usePreviewRecipient = (audience: Diffusion['audience']) => {
  const settled = useDebounced(audience, PREVIEW_DEBOUNCE_MS);
  return useQuery({
    queryKey: [...diffusionsKey, 'preview', settled],
    queryFn: async ({ signal }) =>
      (
        await api.request<DiffusionPreviewRecipient>('diffusion/preview', {
          method: 'POST',
          body: { audience: settled },
          signal,
          errors: 'caller',
        })
      ).data[0] ?? null,
    placeholderData: keepPreviousData,
  });
};
