import type { AccountType } from '@conversa/domain';
import { Navigate } from 'react-router';
import { useAccount } from '../shared/account/use-account';
import { PATHS } from '../shared/paths';

/** Where /app leads: the master (platform) account to its console, everyone else to the dashboard. */
export const homePathOf = (account: AccountType): string =>
  account === 'master' ? PATHS.console : PATHS.home;

export const HomeRedirect = () => <Navigate to={homePathOf(useAccount().user.account)} replace />;
