import type { AccountBundle } from '@conversa/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { appRouteObjects } from '../app/router';
import { accountQueryKey } from '../shared/account/api/get-account';
import { setSession } from '../shared/session';

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

export const renderWithProviders = (ui: ReactElement, queryClient = createTestQueryClient()) => ({
  queryClient,
  ...render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>),
});

/** Renders the real route table at a path, signed in with the given account already loaded. */
export const renderAppAt = (path: string, account?: AccountBundle) => {
  const queryClient = createTestQueryClient();
  if (account) {
    const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
    setSession(session);
    queryClient.setQueryData(accountQueryKey(session), account);
  }
  const router = createMemoryRouter(appRouteObjects, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, queryClient) };
};
