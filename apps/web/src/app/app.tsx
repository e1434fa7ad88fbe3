import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useSession } from '../shared/session';
import { AppProviders, createAppQueryClient } from './providers';
import { createAppRouter } from './router';

export const App = () => {
  const [queryClient] = useState(createAppQueryClient);
  const [router] = useState(createAppRouter);
  const isSignedIn = useSession() !== null;

  // However the session ends (logout, expiry, another tab), nothing of the old account may linger. The
  // socket belongs to the account gate, which closes it as it leaves with the session.
  useEffect(() => {
    if (!isSignedIn) queryClient.clear();
  }, [isSignedIn, queryClient]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
};
