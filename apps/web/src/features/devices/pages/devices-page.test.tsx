import type { PermissionKey } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, makeDevice, renderDevicesAt, stubApi } from '../test/device-fixtures';
import { DevicesPage } from './devices-page';

const sandbox = makeDevice('sandbox', { name: 'Sandbox', status: 'connected' });
const whatsapp = makeDevice('whatsapp', { name: 'WhatsApp Ventas', status: 'disconnected' });

const staff = (access: PermissionKey[]) => makeAccount({ user: { account: 'user', access } });

const cardOf = (name: string) =>
  within(
    screen.getAllByTestId('device-card').find((card) => card.textContent?.includes(name)) as HTMLElement,
  );

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('devices page', () => {
  it('shows each device with its provider, mode, live status and colours', async () => {
    stubApi(() => envelope(200, [sandbox, whatsapp]));
    renderDevicesAt(<DevicesPage />, makeAccount());

    expect(await screen.findAllByTestId('device-card')).toHaveLength(2);
    const card = cardOf('WhatsApp Ventas');
    expect(card.getByTestId('channel-whatsapp')).toBeInTheDocument();
    expect(card.getByTestId('device-status')).toHaveTextContent('Desconectado');
    expect(card.getByTestId('device-mode')).toHaveTextContent('Oficial');
    expect(card.getByRole('img', { name: 'Color: #4caf50' })).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Fondo: #e8f5e9' })).toBeInTheDocument();
    expect(cardOf('Sandbox').getByRole('link', { name: 'Abrir simulador' })).toHaveAttribute(
      'href',
      '/app/devices/detail/device-sandbox?tab=simulator',
    );
  });

  it('offers every action to the company owner', async () => {
    stubApi(() => envelope(200, [sandbox, whatsapp]));
    renderDevicesAt(<DevicesPage />, makeAccount());

    await screen.findAllByTestId('device-card');
    expect(screen.getByTestId('new-device')).toBeInTheDocument();
    expect(cardOf('Sandbox').getByTestId('device-disconnect')).toBeInTheDocument();
    expect(cardOf('WhatsApp Ventas').getByTestId('device-connect')).toBeInTheDocument();
    expect(screen.getAllByTestId('device-delete')).toHaveLength(2);
    expect(cardOf('Sandbox').getByTestId('device-open')).toHaveTextContent('Editar');
  });

  it('shows a staff user with device.view only the devices, without actions', async () => {
    stubApi(() => envelope(200, [sandbox, whatsapp]));
    renderDevicesAt(<DevicesPage />, staff(['device.view']));

    await screen.findAllByTestId('device-card');
    expect(screen.queryByTestId('new-device')).not.toBeInTheDocument();
    expect(screen.queryByTestId('device-connect')).not.toBeInTheDocument();
    expect(screen.queryByTestId('device-disconnect')).not.toBeInTheDocument();
    expect(screen.queryByTestId('device-delete')).not.toBeInTheDocument();
    expect(cardOf('Sandbox').getByTestId('device-open')).toHaveTextContent('Detalles');
  });

  it('gives each action to its own permission', async () => {
    stubApi(() => envelope(200, [sandbox, whatsapp]));
    renderDevicesAt(<DevicesPage />, staff(['device.view', 'device.connect', 'device.create']));

    await screen.findAllByTestId('device-card');
    expect(screen.getByTestId('new-device')).toBeInTheDocument();
    expect(cardOf('WhatsApp Ventas').getByTestId('device-connect')).toBeInTheDocument();
    expect(cardOf('Sandbox').queryByTestId('device-disconnect')).not.toBeInTheDocument();
    expect(screen.queryByTestId('device-delete')).not.toBeInTheDocument();
  });

  it('connects a device and shows the status the server answers', async () => {
    const connected = { ...whatsapp, status: 'connected' as const };
    const calls = stubApi(({ url }) =>
      url.includes('device/connect/')
        ? envelope(200, [connected], { info: 'Dispositivo conectado' })
        : envelope(200, [sandbox, whatsapp]),
    );
    const user = userEvent.setup();
    renderDevicesAt(<DevicesPage />, makeAccount());

    await screen.findAllByTestId('device-card');
    await user.click(cardOf('WhatsApp Ventas').getByTestId('device-connect'));

    expect(await cardOf('WhatsApp Ventas').findByTestId('device-disconnect')).toBeInTheDocument();
    expect(cardOf('WhatsApp Ventas').getByTestId('device-status')).toHaveTextContent('Conectado');
    expect(calls.at(-1)).toMatchObject({ url: '/api/v1/es/device/connect/device-whatsapp', method: 'POST' });
  });

  it('asks before deleting a device', async () => {
    const calls = stubApi(({ method }) =>
      method === 'DELETE'
        ? envelope(200, [], { info: 'Dispositivo eliminado' })
        : envelope(200, [sandbox, whatsapp]),
    );
    const user = userEvent.setup();
    renderDevicesAt(<DevicesPage />, makeAccount());

    await screen.findAllByTestId('device-card');
    await user.click(cardOf('WhatsApp Ventas').getByTestId('device-delete'));
    expect(screen.getByRole('dialog')).toHaveTextContent("¿Eliminar el dispositivo 'WhatsApp Ventas'?");
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByTestId('device-delete-confirm'));

    await vi.waitFor(() => expect(screen.getAllByTestId('device-card')).toHaveLength(1));
    expect(calls.at(-1)).toMatchObject({
      url: '/api/v1/es/device/deleteone/device-whatsapp',
      method: 'DELETE',
    });
  });

  it('invites to create the first device when there is none', async () => {
    stubApi(() => envelope(200, []));
    renderDevicesAt(<DevicesPage />, makeAccount());

    expect(await screen.findByText('Aún no hay dispositivos')).toBeInTheDocument();
    expect(screen.getAllByTestId('new-device')).toHaveLength(2);
  });
});
