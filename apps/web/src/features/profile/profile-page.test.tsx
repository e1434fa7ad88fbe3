import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKey } from '../../shared/account/api/get-account';
import { clearSession, setSession } from '../../shared/session';
import { makeAccount } from '../../test/account-fixture';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { ProfilePage } from './profile-page';

const envelope = (status: number, data: unknown[], info = '', errors?: unknown[]) =>
  new Response(JSON.stringify({ status_codes: status, data, info, ...(errors ? { errors } : {}) }), {
    status,
  });

const SESSIONS = [
  {
    id: 's1',
    device: 'Chrome 124 · Windows',
    ip: '198.51.100.20',
    last_seen: '2026-03-01T10:00:00Z',
    create_date: '2026-03-01T09:00:00Z',
    current: true,
  },
  {
    id: 's2',
    device: 'Safari 17 · iOS',
    ip: '198.51.100.21',
    last_seen: '2026-03-01T08:00:00Z',
    create_date: '2026-02-28T09:00:00Z',
    current: false,
  },
];

/** The server at the network boundary: each call is recorded and answered by `answer`. */
const serve = (answer: (method: string, path: string, body: unknown) => Response) => {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api\/v1\/\w+\//, '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', path, body });
      return answer(init.method ?? 'GET', path, body);
    }),
  );
  return calls;
};

const renderProfile = (account = makeAccount()) => {
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(<ProfilePage />, queryClient);
};

afterEach(() => {
  // Unmounted first: the page needs the session it is rendered with.
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

const defaults = (method: string, path: string) => {
  if (path === 'session/search') return envelope(200, SESSIONS);
  if (path === 'twofactor/status')
    return envelope(200, [{ enabled: false, required_by: null, recovery_codes_left: 0 }]);
  if (method === 'DELETE') return envelope(200, [], 'Sesión cerrada');
  return envelope(404, [], 'not found');
};

describe('profile page', () => {
  it('lists the sessions with the current one marked and closes another', async () => {
    const calls = serve(defaults);
    const user = userEvent.setup();
    renderProfile();

    const rows = await screen.findAllByTestId('profile-session');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Esta sesión')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari 17 · iOS');
    expect(rows[1]).toHaveTextContent('198.51.100.21');

    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', path: 'session/deleteone/s2', body: undefined }),
    );
  });

  it('changes the password with the current one and shows a wrong current password on its field', async () => {
    const calls = serve((method, path) =>
      path.startsWith('user/updatepassword/')
        ? envelope(400, [], 'Datos inválidos', [
            { path: 'current_password', message: 'La contraseña actual no es correcta' },
          ])
        : defaults(method, path),
    );
    const user = userEvent.setup();
    renderProfile();

    await user.type(screen.getByLabelText('Contraseña actual'), 'Vieja#Clave1');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva#Clave2');
    await user.type(screen.getByLabelText('Confirma la nueva contraseña'), 'Nueva#Clave2');
    await user.click(screen.getByTestId('profile-password-submit'));

    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith('user/updatepassword/'))?.body).toEqual({
      current_password: 'Vieja#Clave1',
      password: 'Nueva#Clave2',
    });
  });

  it('acting as the owner, says only the owner changes password, two-factor and sessions, and offers none', async () => {
    serve(defaults);
    const owner = makeAccount();
    renderProfile({
      ...owner,
      impersonation: {
        by: { id: 'm1', name: 'Master', email: 'master@conversa.test' },
        client: { id: owner.client.id, name: 'Clínica Sur' },
        owner: { id: owner.user.id, name: owner.user.name, email: owner.user.email },
      },
    });

    expect(await screen.findByTestId('profile-owner-only')).toHaveTextContent(
      'Solo Ana María Pérez puede cambiar su contraseña, su verificación en dos pasos y sus sesiones, no mientras actúas como él.',
    );
    expect(await screen.findAllByTestId('profile-session')).toHaveLength(2);
    expect(await screen.findByTestId('two-factor-state')).toBeInTheDocument();
    expect(screen.queryByLabelText('Contraseña actual')).not.toBeInTheDocument();
    expect(screen.queryByTestId('profile-password-submit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('two-factor-enable')).not.toBeInTheDocument();
    expect(screen.queryByTestId('profile-session-revoke')).not.toBeInTheDocument();
  });

  it('saves the name and avatar initials, previewing the initials as typed', async () => {
    const calls = serve((method, path, body) =>
      path.startsWith('user/updateone/')
        ? envelope(200, [{ ...makeAccount().user, ...(body as object) }], 'Usuario actualizado')
        : defaults(method, path),
    );
    const user = userEvent.setup();
    renderProfile();

    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('AM');
    await user.type(screen.getByLabelText('Iniciales del avatar'), 'amp');
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('AMP');
    await user.click(screen.getByTestId('profile-details-save'));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.path.startsWith('user/updateone/'))?.body).toEqual({
        name: 'Ana María Pérez',
        initials: 'AMP',
      }),
    );
  });
});
