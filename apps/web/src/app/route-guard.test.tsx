import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../shared/i18n';
import { clearSession } from '../shared/session';
import { makeAccount } from '../test/account-fixture';
import { loadAllPages, renderAppAt } from '../test/render';

// The realtime connection is the network boundary; the guard does not need it.
vi.mock('../shared/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/socket')>()),
  connectSocket: vi.fn(),
  disconnectSocket: vi.fn(),
}));

beforeAll(loadAllPages, 60_000);

beforeEach(async () => {
  clearSession();
  await changeLocale('es');
});

describe('route guard', () => {
  // First in the file: React Router says it once per load, on the first page it renders.
  it('loads the first page without React Router warning of a missing hydration fallback', async () => {
    const warn = vi.spyOn(console, 'warn');
    renderAppAt('/app/contacts', makeAccount());

    expect(await screen.findByTestId('page-title')).toHaveTextContent('Contactos');
    expect(warn.mock.calls.flat().filter((text) => String(text).includes('HydrateFallback'))).toEqual([]);
    warn.mockRestore();
  });

  it('sends a staff user without contact.view to the restricted page', async () => {
    const account = makeAccount({ user: { account: 'user', access: ['chat.view'] } });
    const { router } = renderAppAt('/app/contacts', account);

    expect(await screen.findByTestId('page-title')).toHaveTextContent('Acceso restringido.');
    expect(router.state.location.pathname).toBe('/app/401');
  });

  it('opens contacts for a staff user who holds contact.view', async () => {
    const account = makeAccount({ user: { account: 'user', access: ['contact.view'] } });
    const { router } = renderAppAt('/app/contacts', account);

    expect(await screen.findByTestId('page-title')).toHaveTextContent('Contactos');
    expect(router.state.location.pathname).toBe('/app/contacts');
  });

  it('refuses master-only routes to a company owner', async () => {
    for (const path of ['/app/clients', '/app/usersAdmin', '/app/plans', '/app/devicesAdmin']) {
      const { router, unmount } = renderAppAt(path, makeAccount());
      expect(await screen.findByTestId('page-title')).toHaveTextContent('Acceso restringido.');
      expect(router.state.location.pathname).toBe('/app/401');
      unmount();
    }
  });

  it('lets the master account open the admin routes', async () => {
    const account = makeAccount({
      user: { account: 'master' },
      client: { access: ['client.view', 'plan.view', 'feature.view', 'deviceAdmin.manager'] },
    });
    const { router } = renderAppAt('/app/clients', account);

    expect(await screen.findByTestId('page-title')).toHaveTextContent('Clientes');
    expect(router.state.location.pathname).toBe('/app/clients');
  });

  it('sends a visitor without a session to sign in', async () => {
    const { router } = renderAppAt('/app/contacts');

    expect(await screen.findByTestId('signin-submit')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.state).toEqual({ from: '/app/contacts' });
  });

  it('shows the plan-expired dialog when the plan is unpaid', async () => {
    renderAppAt('/app/dashboard/main', makeAccount({ client: { is_paid: false, plan_id: 'p1' } }));

    expect(await screen.findByText('Tu Plan ha expirado')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Tiene un pago pendiente. Algunas funcionalidades importantes se han deshabilitado en tu cuenta.',
      ),
    ).toBeInTheDocument();
  });

  it('sends a company owner whose company has no access to the plans', async () => {
    const { router } = renderAppAt('/app/dashboard/main', makeAccount({ client: { access: [] } }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/billing/plans'));
  });

  it('sends unknown paths to the not-found page', async () => {
    const { router } = renderAppAt('/nowhere');

    expect(await screen.findByTestId('page-title')).toHaveTextContent(
      'Lo sentimos, ocurrió un error. ¡Página no encontrada!',
    );
    expect(router.state.location.pathname).toBe('/404');
  });
});
