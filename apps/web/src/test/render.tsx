import type { AccountBundle } from '@conversa/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, Routes } from 'react-router';
import { APP_ROUTES } from '../app/app-routes';
import { AppProviders } from '../app/providers';
import { appQueryClient } from '../app/query-client';
import { appRouteObjects, discoverAppPages } from '../app/router';
import { accountQueryKey } from '../shared/account/api/get-account';
import { setSession } from '../shared/session';

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** The providers a screen has in the app: the /app route's query client over the page's providers. */
export const withProviders = (ui: ReactElement, queryClient: QueryClient) => (
  <QueryClientProvider client={queryClient}>
    <AppProviders>{ui}</AppProviders>
  </QueryClientProvider>
);

export const renderWithProviders = (ui: ReactElement, queryClient = createTestQueryClient()) => ({
  queryClient,
  ...render(withProviders(ui, queryClient)),
});

/** A query client signed in as the account's user, with the account already loaded. */
export const signedInQueryClient = (account: AccountBundle, queryClient = createTestQueryClient()) => {
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return queryClient;
};

/** Renders routes (a screen and the pages it links to) at a path, signed in with the account loaded. */
export const renderRoutesAt = (path: string, routes: ReactNode, account: AccountBundle) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>{routes}</Routes>
    </MemoryRouter>,
    signedInQueryClient(account),
  );

/**
 * Renders the real route table at a path, signed in with the given account already loaded into the
 * client the /app route provides.
 */
export const renderAppAt = (path: string, account?: AccountBundle) => {
  if (account) signedInQueryClient(account, appQueryClient);
  const router = createMemoryRouter(appRouteObjects, {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverAppPages,
  });
  return {
    router,
    queryClient: appQueryClient,
    ...render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
};

/**
 * Loads every lazily loaded screen once, so a test's first navigation waits for the route, not for the
 * compilation of the page's modules (slow on a busy machine).
 */
export const loadAllPages = async (): Promise<void> => {
  await Promise.all([
    import('../app/require-auth'),
    import('../app/layout/app-layout'),
    import('../app/route-guard'),
    import('../features/auth/signin-page'),
    ...APP_ROUTES.map((entry) => entry.page?.()),
  ]);
};
