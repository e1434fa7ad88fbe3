import {
  type AccessSubject,
  type AccountBundle,
  type Device,
  hasAccess,
  type PermissionKey,
} from '@conversa/domain';
import { useCallback } from 'react';
import { useSession } from '../session';
import { useAccountQuery } from './api/get-account';

/** The account bundle of the signed-in user; only rendered below the account gate, where it is loaded. */
export const useAccount = (): AccountBundle => {
  const session = useSession();
  const { data } = useAccountQuery(session ?? { clientID: '', userID: '' });
  if (!data) throw new Error('useAccount needs the account gate above it');
  return data;
};

export const accessSubjectOf = (account: AccountBundle): AccessSubject => ({
  account: account.user.account,
  userAccess: account.user.access,
  clientAccess: account.client.access,
  market: account.client.market,
});

/** Whether the signed-in user holds a permission; no key means the route or action is open to all. */
export const useCan = (): ((key?: PermissionKey) => boolean) => {
  const account = useAccount();
  return useCallback((key?: PermissionKey) => !key || hasAccess(accessSubjectOf(account), key), [account]);
};

/** A device of the account bundle's `list_device` (the bundle types its lists loosely, as the server's JSON). */
export const isAccountDevice = (value: unknown): value is Device =>
  typeof value === 'object' && value !== null && 'id' in value && 'setting' in value;
