import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { getSession, setSession, startImpersonation } from '../../shared/session';
import { makeAccount } from '../../test/account-fixture';
import { envelope, stubApi } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { ImpersonationBanner } from './impersonation-banner';

const master = { token: 'master-token', clientID: 'platform', userID: 'master' };

const acting = () => {
  const account = makeAccount({ client: { id: 'acme', name: 'Acme Dental' }, user: { id: 'owner' } });
  return {
    ...account,
    impersonation: {
      by: { id: 'master', name: 'Master', email: 'master@conversa.test' },
      client: { id: 'acme', name: 'Acme Dental' },
      owner: { id: 'owner', name: 'Olivia Dueña', email: 'olivia@acme.cl' },
    },
  };
};

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

describe('impersonation banner', () => {
  it('says who the master acts as, and End returns to the master session kept aside', async () => {
    const calls = stubApi(() => envelope(200, []));
    const account = acting();
    const queryClient = signedInQueryClient(account);
    setSession(master);
    startImpersonation({ token: 'acting-token', clientID: 'acme', userID: 'owner' });
    queryClient.setQueryData(['account', 'acme', 'owner'], account);
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/contacts']}>
        <Routes>
          <Route path="/app/contacts" element={<ImpersonationBanner />} />
          <Route path="/app/clients" element={<p>console</p>} />
        </Routes>
      </MemoryRouter>,
      queryClient,
    );

    expect(await screen.findByTestId('impersonation-banner')).toHaveTextContent(
      'Estás actuando como Acme Dental (Olivia Dueña)',
    );
    await userEvent.click(screen.getByTestId('impersonation-end'));
    await waitFor(() => expect(getSession()).toEqual(master));
    expect(calls.some((call) => call.url.endsWith('/client/impersonate/end') && call.method === 'POST')).toBe(
      true,
    );
    expect(await screen.findByText('console')).toBeInTheDocument();
  });

  it('shows nothing in a normal session', () => {
    stubApi(() => envelope(200, []));
    const queryClient = signedInQueryClient(makeAccount());
    renderWithProviders(
      <MemoryRouter>
        <ImpersonationBanner />
      </MemoryRouter>,
      queryClient,
    );
    expect(screen.queryByTestId('impersonation-banner')).not.toBeInTheDocument();
  });
});
