import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { applyAccountNotification } from '../shared/account/account-realtime';
import { makeAccount } from '../test/account-fixture';
import { renderWithProviders, signedInQueryClient, withProviders } from '../test/render';
import { isPlanExpired } from './account-gate';
import { PlanExpiredDialog } from './plan-expired-dialog';

describe('plan expired dialog', () => {
  it('opens without a reload when the client notification says the company is unpaid', async () => {
    const account = makeAccount();
    const dialog = (isExpired: boolean) => (
      <MemoryRouter>
        <PlanExpiredDialog isExpired={isExpired} />
      </MemoryRouter>
    );
    const { rerender, queryClient } = renderWithProviders(
      dialog(isPlanExpired(account)),
      signedInQueryClient(account),
    );
    expect(screen.queryByTestId('plan-expired')).toBeNull();

    // What the expiry job sends: module client, action update, the company with is_paid false.
    const next = applyAccountNotification(account, {
      module: 'client',
      action: 'update',
      data: [{ ...account.client, is_paid: false }],
      msg: '',
      ref: account.client.id,
    });
    expect(isPlanExpired(next)).toBe(true);
    rerender(withProviders(dialog(isPlanExpired(next)), queryClient));
    expect(await screen.findByText('Tu Plan ha expirado')).toBeVisible();
  });
});
