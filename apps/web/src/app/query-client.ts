import { QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession } from '../shared/session';

/**
 * The cache of everything read behind sign-in. It loads with the /app route (require-auth.tsx), not with
 * the public pages, which send one-shot requests and cache nothing.
 */
export const appQueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// However the session ends (logout, expiry, another tab), nothing of the old account may linger. The
// socket belongs to the account gate, which closes it as it leaves with the session.
subscribeSession(() => {
  if (!getSession()) appQueryClient.clear();
});
