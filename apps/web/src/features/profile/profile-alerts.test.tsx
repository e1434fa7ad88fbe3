import { USER_NOTIFICATIONS } from '@conversa/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKey } from '../../shared/account/api/get-account';
import { clearSession, setSession } from '../../shared/session';
import { makeAccount } from '../../test/account-fixture';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { ProfilePage } from './profile-page';

const envelope = (status: number, data: unknown[]) =>
  new Response(JSON.stringify({ status_codes: status, data, info: '' }), { status });

/** The server at the network boundary: each call recorded, push/key answered with `publicKey`. */
const serve = (publicKey: string | null) => {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api\/v1\/\w+\//, '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', path, body });
      if (path === 'push/key') return envelope(200, [{ public_key: publicKey }]);
      if (path.startsWith('user/updateone/')) return envelope(200, [{ ...body }]);
      if (path === 'session/search') return envelope(200, []);
      if (path === 'twofactor/status')
        return envelope(200, [{ enabled: false, required_by: null, recovery_codes_left: 0 }]);
      return envelope(404, []);
    }),
  );
  return calls;
};

const renderProfile = (notifications: string[], lists: Record<string, string[]> = {}) => {
  const account = makeAccount();
  account.user = { ...account.user, notifications, ...lists };
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  return renderWithProviders(<ProfilePage />, queryClient);
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

describe('profile alerts', () => {
  it('shows the families the person wants and saves one left out at once', async () => {
    const calls = serve(null);
    const user = userEvent.setup();
    renderProfile([...USER_NOTIFICATIONS]);

    const card = await screen.findByTestId('profile-alerts');
    const others = within(card).getByRole('checkbox', {
      name: 'Un cliente escribe en una conversación asignada a otra persona',
    });
    expect(others).toBeChecked();
    await user.click(others);

    await waitFor(() =>
      expect(calls.find((call) => call.path.startsWith('user/updateone/'))?.body).toEqual({
        notifications: [
          'chat_assigned',
          'chat_unassigned_owner',
          'chat_unassigned_unowner',
          'chat_unassigned_owner_others',
        ],
      }),
    );
    expect(others).not.toBeChecked();
  });

  it('a family not in the list shows unchecked, and checking it adds it', async () => {
    const calls = serve(null);
    const user = userEvent.setup();
    renderProfile(['chat_assigned_others']);

    const assigned = within(await screen.findByTestId('profile-alerts')).getByRole('checkbox', {
      name: 'Me asignan una conversación o un cliente escribe en una mía',
    });
    expect(assigned).not.toBeChecked();
    await user.click(assigned);
    await waitFor(() =>
      expect(calls.find((call) => call.path.startsWith('user/updateone/'))?.body).toEqual({
        notifications: ['chat_assigned', 'chat_assigned_others'],
      }),
    );
  });

  it('says so when the server has no Web Push, and offers no switch for it', async () => {
    serve(null);
    renderProfile([...USER_NOTIFICATIONS]);

    expect(await screen.findByTestId('profile-push-off')).toHaveTextContent(
      'Las notificaciones push no están configuradas en este servidor.',
    );
    expect(
      screen.getByRole('checkbox', { name: 'También en este navegador con Conversa cerrado' }),
    ).toBeDisabled();
  });

  it("shows per module whether it beeps and is shown, and saves one module's change alone", async () => {
    const calls = serve(null);
    const user = userEvent.setup();
    renderProfile([...USER_NOTIFICATIONS], {
      sound_notification: ['chat', 'task'],
      push_notification: ['chat'],
    });

    const tasks = await screen.findByTestId('profile-module-task');
    expect(screen.getByRole('group', { name: 'Recordatorios de tareas' })).toBe(tasks);
    const taskSound = within(tasks).getByRole('checkbox', { name: 'Sonido' });
    const taskShown = within(tasks).getByRole('checkbox', { name: 'Notificación' });
    expect(taskSound).toBeChecked();
    expect(taskShown).not.toBeChecked();
    expect(
      within(screen.getByTestId('profile-module-chat')).getByRole('checkbox', { name: 'Notificación' }),
    ).toBeChecked();

    await user.click(taskSound);
    await waitFor(() =>
      expect(calls.find((call) => call.path.startsWith('user/updateone/'))?.body).toEqual({
        sound_notification: ['chat'],
      }),
    );
    await user.click(taskShown);
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path.startsWith('user/updateone/')).map((call) => call.body),
      ).toContainEqual({
        push_notification: ['chat', 'task'],
      }),
    );
  });
});
