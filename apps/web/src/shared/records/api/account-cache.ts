import type { AccountBundle, ListItem, View } from '@conversa/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountQueryKey } from '../../account/api/get-account';
import { useSession } from '../../session';

/**
 * Puts a saved view or a new list item into the account bundle at once, so the page that made it shows
 * it without waiting for the realtime notification (which replaces it by id, the same way).
 */
export const useAccountCache = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  return useCallback(
    (change: (bundle: AccountBundle) => AccountBundle) => {
      if (session) updateAccount(queryClient, accountQueryKey(session), change);
    },
    [session, queryClient],
  );
};

const updateAccount = (
  queryClient: QueryClient,
  key: readonly unknown[],
  change: (bundle: AccountBundle) => AccountBundle,
) => queryClient.setQueryData<AccountBundle>(key, (bundle) => (bundle ? change(bundle) : bundle));

/** A saved view in the bundle; a new default takes the place of the former one of the same owner. */
export const withView = (bundle: AccountBundle, view: View): AccountBundle => ({
  ...bundle,
  views: [
    ...bundle.views
      .filter((item) => item.id !== view.id)
      .map((item) =>
        view.is_default && item.module === view.module && item.owner === view.owner
          ? { ...item, is_default: false }
          : item,
      ),
    view,
  ],
});

export const withListItem = (bundle: AccountBundle, item: ListItem): AccountBundle => ({
  ...bundle,
  list_dinamic: [...bundle.list_dinamic.filter((listed) => listed.id !== item.id), item],
});
