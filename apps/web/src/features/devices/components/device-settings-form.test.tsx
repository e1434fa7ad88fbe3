import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, makeDevice, renderDevicesAt, stubApi } from '../test/device-fixtures';
import { DeviceSettingsForm } from './device-settings-form';

const device = makeDevice('whatsapp', { name: 'WhatsApp Ventas' });

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('device settings', () => {
  it('shows stored secrets masked and sends no provider settings when only the name changed', async () => {
    const calls = stubApi(({ body }) =>
      envelope(200, [{ ...device, ...(body as object) }], { info: 'Dispositivo actualizado' }),
    );
    const user = userEvent.setup();
    renderDevicesAt(<DeviceSettingsForm device={device} />, makeAccount());

    expect(screen.getByTestId('config-access_token')).toHaveValue('••••1234');
    expect(screen.getByTestId('config-access_token')).toHaveAttribute('readonly');
    await user.clear(screen.getByTestId('device-name'));
    await user.type(screen.getByTestId('device-name'), 'WhatsApp Soporte');
    await user.click(screen.getByTestId('device-save'));

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: '/api/v1/es/device/updateone/device-whatsapp', method: 'PUT' });
    expect(calls[0]?.body).toEqual({
      name: 'WhatsApp Soporte',
      color: '#4caf50',
      background_color: '#e8f5e9',
    });
  });

  it("shows a gateway's and Twilio's settings with their secrets masked, never the generated webhook secret", () => {
    const { unmount } = renderDevicesAt(
      <DeviceSettingsForm device={makeDevice('maytapi', { mode: 'unofficial' })} />,
      makeAccount(),
    );
    expect(screen.getByTestId('config-product_id')).toHaveValue('prod-7781');
    expect(screen.getByTestId('config-phone_id')).toHaveValue('phone-4412');
    expect(screen.getByTestId('config-api_key')).toHaveValue('••••0001');
    expect(screen.getByTestId('config-api_key')).toHaveAttribute('readonly');
    expect(screen.queryByTestId('config-webhook_secret')).not.toBeInTheDocument();
    unmount();

    renderDevicesAt(<DeviceSettingsForm device={makeDevice('twilio')} />, makeAccount());
    expect(screen.getByTestId('config-account_sid')).toHaveValue('AC0123456789abcdef0123456789abcdef');
    expect(screen.getByTestId('config-auth_token')).toHaveValue('••••twil');
    expect(screen.getByTestId('config-from_number')).toHaveValue('+14155238886');
  });

  it('sends a replaced secret, and the untouched ones masked so the server keeps them', async () => {
    const calls = stubApi(() => envelope(200, [device], { info: 'Dispositivo actualizado' }));
    const user = userEvent.setup();
    renderDevicesAt(<DeviceSettingsForm device={device} />, makeAccount());

    await user.click(screen.getByTestId('replace-access_token'));
    const input = screen.getByTestId('config-access_token');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('type', 'password');
    await user.type(input, 'EAAG-new-token-9999');
    await user.click(screen.getByTestId('device-save'));

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      setting: {
        conect: {
          config: {
            phone_number_id: '109876543210',
            access_token: 'EAAG-new-token-9999',
            app_secret: '••••6789',
            verify_token: '••••2026',
          },
        },
      },
    });
  });

  it('puts back the stored secret when the replacement is abandoned', async () => {
    const user = userEvent.setup();
    renderDevicesAt(<DeviceSettingsForm device={device} />, makeAccount());

    await user.click(screen.getByTestId('replace-app_secret'));
    await user.type(screen.getByTestId('config-app_secret'), 'x');
    await user.click(screen.getByRole('button', { name: 'Mantener el valor guardado' }));

    expect(screen.getByTestId('config-app_secret')).toHaveValue('••••6789');
    expect(screen.getByTestId('device-save')).toBeDisabled();
  });

  it('is read-only without device.edit', () => {
    renderDevicesAt(
      <DeviceSettingsForm device={device} />,
      makeAccount({ user: { account: 'user', access: ['device.view'] } }),
    );

    expect(screen.queryByTestId('replace-access_token')).not.toBeInTheDocument();
    expect(screen.queryByTestId('device-save')).not.toBeInTheDocument();
    expect(screen.getByTestId('device-name')).toHaveAttribute('readonly');
  });
});
