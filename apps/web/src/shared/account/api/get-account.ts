import type { AccountBundle } from '@conversa/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, firstOf } from '../../api-client';
import type { Session } from '../../session';

export const accountQueryKey = (session: Pick<Session, 'clientID' | 'userID'>) =>
  ['account', session.clientID, session.userID] as const;

export const getAccount = async (session: Pick<Session, 'clientID' | 'userID'>): Promise<AccountBundle> => {
  const envelope = await api.request<{ account: AccountBundle }>(
    (locale) => `/api/v1/${session.clientID}/${session.userID}/account/search/${locale}`,
    { errors: 'page' },
  );
  return firstOf(envelope).account;
};

export const accountQueryOptions = (session: Pick<Session, 'clientID' | 'userID'>) =>
  queryOptions({
    queryKey: accountQueryKey(session),
    queryFn: () => getAccount(session),
    // Realtime notifications keep the bundle current and a reconnect refetches it, so it never goes stale.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useAccountQuery = (session: Pick<Session, 'clientID' | 'userID'>) =>
  useQuery(accountQueryOptions(session));
