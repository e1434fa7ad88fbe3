import type { AdminDevice } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, stubApi } from '../../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../../test/render';
import { DevicesAdminPage } from './pages/devices-admin-page';

const master = () => makeAccount({ user: { account: 'master' } });

const device = (overrides: Partial<AdminDevice> = {}): AdminDevice => ({
  id: 'device-1',
  name: 'Ventas',
  type: 'whatsapp',
  status: 'connected',
  client_id: 'client-1',
  client_name: 'Acme',
  last_activity: null,
  create_date: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

describe('device manager (master)', () => {
  it("lists every company's devices and disconnects one after Yes", async () => {
    let list = [
      device(),
      device({ id: 'device-2', name: 'Soporte', status: 'disconnected', client_name: 'Beta' }),
    ];
    const calls = stubApi((call) => {
      if (call.url.includes('/deviceadmin/disconnect/')) {
        list = list.map((item) => (item.id === 'device-1' ? { ...item, status: 'disconnected' } : item));
        return envelope(200, [{ id: 'device-1', status: 'disconnected' }]);
      }
      return envelope(200, list, { pagination: { total: list.length, page: 1, offset: 25 } });
    });
    renderWithProviders(<DevicesAdminPage />, signedInQueryClient(master()));

    const rows = await screen.findAllByTestId('admin-device-row');
    expect(rows[0]).toHaveTextContent('Acme');
    expect(rows[0]).toHaveTextContent('WhatsApp');
    expect(rows[0]).toHaveTextContent('Sin actividad');
    expect(within(rows[1] as HTMLElement).getByTestId('admin-device-disconnect')).toBeDisabled();

    await userEvent.click(within(rows[0] as HTMLElement).getByTestId('admin-device-disconnect'));
    expect(screen.getByText(/¿Desconectar Ventas de Acme\?/)).toBeInTheDocument();
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await vi.waitFor(() =>
      expect(
        within(screen.getAllByTestId('admin-device-row')[0] as HTMLElement).getByTestId(
          'admin-device-disconnect',
        ),
      ).toBeDisabled(),
    );
    expect(
      calls
        .filter((call) => call.method === 'POST' && call.url.includes('disconnect'))
        .map((call) => call.url),
    ).toEqual(['/api/v1/es/deviceadmin/disconnect/device-1']);
  }, 30_000);
});
