import type { PermissionKey } from '@conversa/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { DeviceDetailPage } from '../pages/device-detail-page';
import { DevicesPage } from '../pages/devices-page';
import { applyDeviceNotification } from '../realtime';
import { envelope, makeDevice, renderDevicesAt, stubApi } from '../test/device-fixtures';

const QR_1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const QR_2 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

const gateway = (session: 'qr' | 'connected' | 'disconnected' | 'banned', qr = '') =>
  makeDevice(
    'maytapi',
    {
      name: 'WhatsApp QR',
      status: session === 'connected' ? 'connected' : 'disconnected',
      mode: 'unofficial',
    },
    { session, qr },
  );

const renderDetail = (path: string, access?: PermissionKey[]) =>
  renderDevicesAt(
    <DeviceDetailPage />,
    access ? makeAccount({ user: { account: 'user', access } }) : makeAccount(),
    { path, route: '/app/devices/detail/:id' },
  );

/** A device notification as the socket delivers it, applied the way the app applies it. */
const announce = async (
  queryClient: Parameters<typeof applyDeviceNotification>[0],
  device: ReturnType<typeof gateway>,
) => {
  await act(async () => {
    applyDeviceNotification(queryClient, { module: 'device', action: 'update', data: [device] });
    // The query cache tells its observers on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a device linked by QR', () => {
  it('shows the QR large while the gateway waits, follows each new QR live and the phone being linked', async () => {
    stubApi(() => envelope(200, [gateway('qr', QR_1)]));
    const { queryClient } = renderDetail('/app/devices/detail/device-maytapi');

    const panel = within(await screen.findByTestId('gateway-qr-panel'));
    expect(panel.getByRole('img', { name: 'Código QR para escanear con el teléfono' })).toHaveAttribute(
      'src',
      QR_1,
    );
    expect(screen.getByTestId('gateway-session')).toHaveTextContent('Esperando el escaneo del QR');
    expect(screen.getByTestId('device-mode')).toHaveTextContent('No oficial');

    await announce(queryClient, gateway('qr', QR_2));
    expect(panel.getByTestId('gateway-qr')).toHaveAttribute('src', QR_2);

    await announce(queryClient, gateway('connected'));
    expect(panel.queryByTestId('gateway-qr')).not.toBeInTheDocument();
    expect(panel.getByTestId('gateway-linked')).toHaveTextContent('El teléfono está vinculado');
    expect(screen.getByTestId('gateway-session')).toHaveTextContent('Teléfono vinculado');
    expect(screen.getByTestId('device-status')).toHaveTextContent('Conectado');
  });

  it('asks the gateway again on Refresh', async () => {
    let isRefreshed = false;
    const calls = stubApi((call) => {
      if (call.url.endsWith('/device/qr/device-maytapi')) {
        isRefreshed = true;
        return envelope(200, [{ session: 'qr', qr: QR_2 }]);
      }
      return envelope(200, [gateway('qr', isRefreshed ? QR_2 : QR_1)]);
    });
    const user = userEvent.setup();
    renderDetail('/app/devices/detail/device-maytapi');

    await user.click(await screen.findByTestId('gateway-qr-refresh'));

    expect(
      calls.some((call) => call.url === '/api/v1/es/device/qr/device-maytapi' && call.method === 'GET'),
    ).toBe(true);
    await vi.waitFor(() => expect(screen.getByTestId('gateway-qr')).toHaveAttribute('src', QR_2));
  });

  it('opens the QR in a dialog right after creating the device, until the phone is linked', async () => {
    stubApi(() => envelope(200, [gateway('qr', QR_1)]));
    const user = userEvent.setup();
    const { queryClient } = renderDetail('/app/devices/detail/device-maytapi?link=1');

    const dialog = within(await screen.findByTestId('link-phone-dialog'));
    expect(dialog.getByTestId('gateway-qr')).toHaveAttribute('src', QR_1);
    expect(dialog.getByTestId('link-phone-close')).toHaveTextContent('Escanear más tarde');

    await announce(queryClient, gateway('connected'));
    expect(dialog.getByTestId('gateway-linked')).toBeInTheDocument();
    await user.click(dialog.getByTestId('link-phone-close'));
    await vi.waitFor(() => expect(screen.queryByTestId('link-phone-dialog')).not.toBeInTheDocument());
  });

  it('says the number was banned, on the page and on its card, impossible to miss', async () => {
    stubApi(() => envelope(200, [gateway('banned')]));
    renderDetail('/app/devices/detail/device-maytapi');

    expect(await screen.findAllByTestId('gateway-banned')).not.toHaveLength(0);
    expect(screen.getAllByTestId('gateway-banned')[0]).toHaveTextContent('WhatsApp bloqueó este número');
    expect(screen.getAllByTestId('gateway-banned')[0]).toHaveTextContent('ya no se puede enviar nada');
    expect(screen.getByTestId('gateway-session')).toHaveAttribute('data-session', 'banned');
  });

  it('shows the session on the card in the list', async () => {
    stubApi(() => envelope(200, [gateway('banned'), makeDevice('twilio', { name: 'Twilio' })]));
    renderDevicesAt(<DevicesPage />, makeAccount());

    const cards = await screen.findAllByTestId('device-card');
    const card = within(cards.find((item) => item.textContent?.includes('WhatsApp QR')) as HTMLElement);
    expect(card.getByTestId('gateway-session')).toHaveTextContent('Número bloqueado');
    expect(card.getByTestId('gateway-banned')).toHaveTextContent('WhatsApp bloqueó este número');
    const twilio = within(cards.find((item) => item.textContent?.includes('Twilio')) as HTMLElement);
    expect(twilio.queryByTestId('gateway-session')).not.toBeInTheDocument();
    expect(twilio.getByText('WhatsApp · Twilio')).toBeInTheDocument();
  });

  it('offers no QR refresh to someone who may not change the device', async () => {
    stubApi(() => envelope(200, [gateway('qr')]));
    renderDetail('/app/devices/detail/device-maytapi', ['device.view']);

    expect(await screen.findByTestId('gateway-qr-waiting')).toHaveTextContent(
      'Solo quien puede modificar este dispositivo puede ver su código QR.',
    );
    expect(screen.queryByTestId('gateway-qr-refresh')).not.toBeInTheDocument();
  });
});
