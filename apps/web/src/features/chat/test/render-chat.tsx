import type { AccountBundle } from '@conversa/domain';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { accountQueryKey } from '../../../shared/account/api/get-account';
import { setSession } from '../../../shared/session';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';

/** Renders a chat component signed in as the account's user, with the account already loaded. */
export const renderSignedIn = (ui: ReactElement, account: AccountBundle) => {
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, queryClient);
};
