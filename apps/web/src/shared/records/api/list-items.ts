import { DEFAULT_TAG_COLOR, type ListField, type ListItem, type ListModule } from '@conversa/domain';
import { useMutation } from '@tanstack/react-query';
import { api, firstOf } from '../../api-client';
import { useAccountCache, withListItem } from './account-cache';

export type NewListItem = { module: ListModule; field: ListField; name: string };

/** `listdinamic/create` with the default tag colour (spec section 9: #f44336). */
export const createListItem = async (input: NewListItem): Promise<ListItem> =>
  firstOf(
    await api.request<ListItem>('listdinamic/create', {
      method: 'POST',
      body: { ...input, color: DEFAULT_TAG_COLOR },
    }),
  );

/** A tag typed into a cell or a filter that does not exist yet: made, and offered everywhere at once. */
export const useCreateListItem = () => {
  const updateAccount = useAccountCache();
  return useMutation({
    mutationFn: createListItem,
    onSuccess: (item) => updateAccount((bundle) => withListItem(bundle, item)),
  });
};
