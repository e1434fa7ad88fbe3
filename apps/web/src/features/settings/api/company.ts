import type { AccountBundle, Client, CompanyProfileInput } from '@conversa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../../../shared/account/api/get-account';
import { api, firstOf } from '../../../shared/api-client';
import { useSession } from '../../../shared/session';

/** Field refusals come back to the form, which places them under their fields. */
export const updateCompany = async (changes: CompanyProfileInput): Promise<Client> =>
  firstOf(await api.request<Client>('client/profile', { method: 'PUT', body: changes, errors: 'caller' }));

/** The saved company replaces the bundle's at once; the realtime `client` update brings it to colleagues. */
const useStoreCompany = <I>(mutationFn: (input: I) => Promise<Client>) => {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (client) => {
      if (!session) return;
      queryClient.setQueryData<AccountBundle>(accountQueryKey(session), (bundle) =>
        bundle ? { ...bundle, client: { ...bundle.client, ...client } } : bundle,
      );
    },
  });
};

export const useUpdateCompany = () => useStoreCompany(updateCompany);

/** A PNG, JPEG, GIF or WebP of at most 10,000,000 bytes; a refusal shows in the snackbar. */
export const useUploadLogo = () =>
  useStoreCompany(async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return firstOf(await api.request<Client>('client/logo', { method: 'POST', body }));
  });

export const useRemoveLogo = () =>
  useStoreCompany<void>(async () => firstOf(await api.request<Client>('client/logo', { method: 'DELETE' })));
