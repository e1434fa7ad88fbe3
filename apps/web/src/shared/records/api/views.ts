import type { View, ViewCreateInput, viewUpdateSchema } from '@conversa/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, firstOf } from '../../api-client';
import { useAccountCache, withView } from './account-cache';

export type ViewChange = z.input<typeof viewUpdateSchema>;

export const createView = async (input: ViewCreateInput): Promise<View> =>
  firstOf(await api.request<View>('view/create', { method: 'POST', body: input }));

export const updateView = async (id: string, change: ViewChange): Promise<View> =>
  firstOf(await api.request<View>(`view/updateone/${id}`, { method: 'PUT', body: change }));

/** Saves a new view (personal or the company's) and shows it in the picker at once. */
export const useCreateView = () => {
  const updateAccount = useAccountCache();
  return useMutation({
    mutationFn: createView,
    onSuccess: (view) => updateAccount((bundle) => withView(bundle, view)),
  });
};

export const useUpdateView = () => {
  const updateAccount = useAccountCache();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ViewChange }) => updateView(id, change),
    onSuccess: (view) => updateAccount((bundle) => withView(bundle, view)),
  });
};
