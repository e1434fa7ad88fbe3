import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useSession } from '../shared/session';
import { disconnectSocket } from '../shared/socket';
import { AppProviders, createAppQueryClient } from './providers';
import { createAppRouter } from './router';

export const App = () => {
  const [queryClient] = useState(createAppQueryClient);
  const [router] = useState(createAppRouter);
  const isSignedIn = useSession() !== null;

  // However the session ends (logout, expiry, another tab), nothing of the old account may linger.
  useEffect(() => {
    if (isSignedIn) return;
    disconnectSocket();
    queryClient.clear();
  }, [isSignedIn, queryClient]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
};
