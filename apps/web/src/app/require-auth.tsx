import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { isInCrossOriginFrame } from '../shared/frame';
import { PATHS } from '../shared/paths';
import { useSession } from '../shared/session';
import { AccountGate } from './account-gate';
import { appQueryClient } from './query-client';

/** The /app area needs a token; without one the user signs in and comes back to the same place. */
export const RequireAuth = () => {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    const signin = isInCrossOriginFrame() ? PATHS.chatSignin : PATHS.signin;
    return <Navigate to={signin} replace state={{ from }} />;
  }
  return (
    <QueryClientProvider client={appQueryClient}>
      <AccountGate key={`${session.clientID}/${session.userID}`} session={session} />
    </QueryClientProvider>
  );
};
