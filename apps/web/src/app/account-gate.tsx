import { type AccountBundle, DEFAULT_LOCALE, isLocale } from '@conversa/domain';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAccountRealtime } from '../shared/account/account-realtime';
import { useAccountQuery } from '../shared/account/api/get-account';
import { changeLocale, currentLocale } from '../shared/i18n';
import { PATHS } from '../shared/paths';
import type { Session } from '../shared/session';
import { connectSocket, disconnectSocket } from '../shared/socket';
import { LoaderScreen } from '../shared/ui/loader-screen';
import { PlanExpiredDialog } from './plan-expired-dialog';

export const BILLING_PLANS_PATH = PATHS.billingPlans;

/** A company owner whose company has no access at all can only choose a plan (spec section 4). */
export const needsPlan = (account: AccountBundle): boolean =>
  account.user.account === 'client' && account.client.access.length === 0;

export const isPlanExpired = (account: AccountBundle): boolean =>
  account.client.is_paid === false && Boolean(account.client.plan_id);

/** Loads the account bundle once, then opens the realtime connection and applies the user's language. */
export const AccountGate = ({ session }: { session: Session }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: account, isError, refetch } = useAccountQuery(session);
  const hasAppliedLanguage = useRef(false);

  const isLoaded = account !== undefined;
  // The socket opens once the account is known and closes when the session ends (logout or expiry).
  useEffect(() => {
    if (!isLoaded) return;
    connectSocket(session.token);
    return disconnectSocket;
  }, [isLoaded, session.token]);

  useEffect(() => {
    if (!account || hasAppliedLanguage.current) return;
    hasAppliedLanguage.current = true;
    const saved = account.user.language;
    if (saved !== DEFAULT_LOCALE && isLocale(saved) && saved !== currentLocale()) void changeLocale(saved);
  }, [account]);

  useAccountRealtime();

  if (isError) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
        <Box sx={{ textAlign: 'center', display: 'grid', gap: 2, justifyItems: 'center' }}>
          <Typography variant="h5" component="h1">
            {t('account.loadFailed')}
          </Typography>
          <Button variant="contained" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </Box>
      </Box>
    );
  }
  if (!account) return <LoaderScreen />;
  if (needsPlan(account) && location.pathname !== BILLING_PLANS_PATH) {
    return <Navigate to={BILLING_PLANS_PATH} replace />;
  }
  return (
    <>
      <Outlet />
      <PlanExpiredDialog isExpired={isPlanExpired(account)} />
    </>
  );
};
