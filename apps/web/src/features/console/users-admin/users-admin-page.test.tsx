import type { AdminUser } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { setSession } from '../../../shared/session';
import { envelope, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { UsersAdminPage } from './users-admin-page';

const ana: AdminUser = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  client_id: 'c1',
  name: 'Ana Pérez',
  email: 'ana@acme.cl',
  account: 'user',
  active: true,
  last_login: null,
  create_date: '2026-01-01T00:00:00.000Z',
  client_name: 'Acme Dental',
};

beforeEach(async () => {
  await changeLocale('es');
  setSession({ token: 'master-token', clientID: 'platform', userID: 'master' });
});
afterEach(() => vi.unstubAllGlobals());

describe('users admin page (master)', () => {
  it('lists users with their company, searches name, e-mail and company, and sends a reset', async () => {
    const calls = stubApi((call) =>
      call.url.includes('/useradmin/restore/')
        ? envelope(200, [ana])
        : envelope(200, [ana], { pagination: { total: 1, page: 1, offset: 25 } }),
    );
    renderWithProviders(<UsersAdminPage />);
    const row = within(await screen.findByTestId('users-admin-row'));
    expect(row.getByText('Ana Pérez')).toBeInTheDocument();
    expect(row.getByText('Acme Dental')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('users-admin-search'), 'acme');
    await waitFor(() =>
      expect(calls.findLast((call) => call.url.includes('/useradmin/search'))?.body).toMatchObject({
        logical: 'or',
        filters: [
          { key: 'name', condition: 'contains', value: 'acme' },
          { key: 'email', condition: 'contains', value: 'acme' },
          { key: 'client_name', condition: 'contains', value: 'acme' },
        ],
      }),
    );

    await userEvent.click(row.getByTestId('users-admin-reset'));
    await waitFor(() =>
      expect(calls.some((call) => call.url.endsWith(`/useradmin/restore/${ana.id}`))).toBe(true),
    );
    expect(
      await screen.findByText('Se envió un correo para restablecer la contraseña a ana@acme.cl'),
    ).toBeInTheDocument();
  });

  it('deactivating asks first', async () => {
    const calls = stubApi((call) =>
      call.url.includes('/useradmin/deactivate/')
        ? envelope(200, [{ ...ana, active: false }])
        : envelope(200, [ana], { pagination: { total: 1, page: 1, offset: 25 } }),
    );
    renderWithProviders(<UsersAdminPage />);
    await userEvent.click(await screen.findByTestId('users-admin-deactivate'));
    expect(calls.some((call) => call.url.includes('/useradmin/deactivate/'))).toBe(false);
    await userEvent.click(screen.getByTestId('users-admin-deactivate-confirm'));
    await waitFor(() =>
      expect(calls.some((call) => call.url.endsWith(`/useradmin/deactivate/${ana.id}`))).toBe(true),
    );
  });
});
