import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, makeDevice, renderDevicesAt, stubApi } from '../test/device-fixtures';
import { NewDeviceDialog } from './new-device-dialog';

const configInputs = () =>
  screen
    .queryAllByTestId(/^config-/)
    .map((input) => [input.dataset.testid?.replace('config-', ''), input.getAttribute('type')]);

const renderDialog = () =>
  renderDevicesAt(<NewDeviceDialog isOpen onClose={() => undefined} />, makeAccount());

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('new device dialog', () => {
  it('asks each provider for its own settings, secrets as password fields, the sandbox for none', async () => {
    const user = userEvent.setup();
    renderDialog();

    expect(configInputs()).toEqual([
      ['phone_number_id', 'text'],
      ['waba_id', 'text'],
      ['access_token', 'password'],
      ['app_secret', 'password'],
      ['verify_token', 'password'],
    ]);
    expect(
      screen.getByText(/Configuración de la API: 'Identificador del número de teléfono'/),
    ).toBeInTheDocument();

    await user.click(screen.getByTestId('channel-choice-telegram'));
    expect(configInputs()).toEqual([['bot_token', 'password']]);
    expect(screen.getByText(/habla con @BotFather/)).toBeInTheDocument();

    await user.click(screen.getByTestId('channel-choice-messenger'));
    expect(configInputs()).toEqual([
      ['page_id', 'text'],
      ['page_access_token', 'password'],
      ['app_secret', 'password'],
      ['verify_token', 'password'],
    ]);

    await user.click(screen.getByTestId('channel-choice-instagram'));
    expect(configInputs()).toEqual([
      ['ig_account_id', 'text'],
      ['access_token', 'password'],
      ['app_secret', 'password'],
      ['verify_token', 'password'],
    ]);

    await user.click(screen.getByTestId('channel-choice-sandbox'));
    expect(configInputs()).toEqual([]);
    expect(screen.getByTestId('new-device-submit')).toHaveTextContent('Crear');
  });

  it('offers every provider, each with its fields and its mode, fixed for the three that decide it', async () => {
    const user = userEvent.setup();
    renderDialog();

    expect(screen.getAllByTestId(/^channel-choice-/).map((tile) => tile.dataset.testid)).toEqual([
      'channel-choice-whatsapp',
      'channel-choice-dialog360',
      'channel-choice-twilio',
      'channel-choice-maytapi',
      'channel-choice-telegram',
      'channel-choice-messenger',
      'channel-choice-instagram',
      'channel-choice-sandbox',
    ]);
    expect(screen.getByTestId('new-device-mode')).toHaveTextContent('Oficial');

    await user.click(screen.getByTestId('channel-choice-dialog360'));
    expect(configInputs()).toEqual([['api_key', 'password']]);
    expect(screen.getByText(/Hub de 360dialog › tu número › API key/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Abrir el Hub de 360dialog/ })).toHaveAttribute(
      'href',
      'https://hub.360dialog.com',
    );
    expect(screen.getByTestId('new-device-mode')).toHaveTextContent('Oficial');

    await user.click(screen.getByTestId('channel-choice-twilio'));
    expect(configInputs()).toEqual([
      ['account_sid', 'text'],
      ['auth_token', 'password'],
      ['from_number', 'text'],
    ]);
    expect(screen.getByText(/Las plantillas no están disponibles en este dispositivo/)).toBeInTheDocument();

    await user.click(screen.getByTestId('channel-choice-maytapi'));
    expect(configInputs()).toEqual([
      ['product_id', 'text'],
      ['phone_id', 'text'],
      ['api_key', 'password'],
    ]);
    expect(screen.getByTestId('new-device-mode')).toHaveTextContent('No oficial');
    expect(screen.getByText(/Lo fija el proveedor/)).toBeInTheDocument();
  });

  it("checks Twilio's account SID and sender number before calling the server", async () => {
    const calls = stubApi(() => envelope(200, []));
    const user = userEvent.setup();
    renderDialog();

    await user.click(screen.getByTestId('channel-choice-twilio'));
    await user.type(screen.getByTestId('device-name'), 'Twilio');
    await user.type(screen.getByTestId('config-account_sid'), 'AC123');
    await user.type(screen.getByTestId('config-auth_token'), 'token');
    await user.type(screen.getByTestId('config-from_number'), '4155238886');
    await user.click(screen.getByTestId('new-device-submit'));

    await vi.waitFor(() =>
      expect(screen.getByTestId('config-account_sid')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByTestId('config-from_number')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('creates a device linked by QR and opens its QR to scan', async () => {
    const created = makeDevice(
      'maytapi',
      { status: 'disconnected', mode: 'unofficial' },
      { session: 'qr', qr: 'data:image/png;base64,iVBORw0KGgo=' },
    );
    const calls = stubApi(() => envelope(200, [created], { info: 'Escanea su código QR' }));
    const user = userEvent.setup();
    renderDialog();

    await user.click(screen.getByTestId('channel-choice-maytapi'));
    await user.type(screen.getByTestId('device-name'), 'WhatsApp QR');
    await user.type(screen.getByTestId('config-product_id'), 'prod-7781');
    await user.type(screen.getByTestId('config-phone_id'), 'phone-4412');
    await user.type(screen.getByTestId('config-api_key'), 'maytapi-key');
    await user.click(screen.getByTestId('new-device-submit'));

    expect(await screen.findByTestId('detail-route')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      name: 'WhatsApp QR',
      setting: {
        conect: {
          type: 'maytapi',
          config: { product_id: 'prod-7781', phone_id: 'phone-4412', api_key: 'maytapi-key' },
        },
      },
    });
  });

  it('checks the shared rules before calling the server', async () => {
    const calls = stubApi(() => envelope(200, []));
    const user = userEvent.setup();
    renderDialog();

    await user.click(screen.getByTestId('channel-choice-telegram'));
    await user.type(screen.getByTestId('config-bot_token'), 'not a token');
    await user.click(screen.getByTestId('new-device-submit'));

    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(screen.getByTestId('config-bot_token')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it("puts the server's field errors on their fields", async () => {
    const calls = stubApi(() =>
      envelope(400, [], {
        info: 'Datos inválidos',
        errors: [{ path: 'setting.conect.config.bot_token', message: 'Telegram no reconoce este token' }],
      }),
    );
    const user = userEvent.setup();
    renderDialog();

    await user.click(screen.getByTestId('channel-choice-telegram'));
    await user.type(screen.getByTestId('device-name'), 'Bot ventas');
    await user.type(screen.getByTestId('config-bot_token'), '123456:ABC-def');
    await user.click(screen.getByTestId('new-device-submit'));

    expect(await screen.findByText('Telegram no reconoce este token')).toBeInTheDocument();
    expect(screen.getByTestId('config-bot_token')).toHaveAttribute('aria-invalid', 'true');
    // Every error sits on a field, so no banner repeats it.
    expect(screen.queryByTestId('new-device-error')).not.toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/v1/es/device/create');
    expect(calls[0]?.body).toMatchObject({
      name: 'Bot ventas',
      setting: { conect: { type: 'telegram', config: { bot_token: '123456:ABC-def' } } },
    });
  });

  it("shows the plan's device limit as the server words it", async () => {
    stubApi(() => envelope(412, [], { info: 'Se alcanzó el límite de dispositivos de tu plan' }));
    const user = userEvent.setup();
    renderDialog();

    await user.click(screen.getByTestId('channel-choice-sandbox'));
    await user.type(screen.getByTestId('device-name'), 'Pruebas');
    await user.click(screen.getByTestId('new-device-submit'));

    expect(await screen.findByTestId('new-device-error')).toHaveTextContent(
      'Se alcanzó el límite de dispositivos de tu plan',
    );
  });

  it('creates a sandbox device with the chosen colours and opens its page', async () => {
    const calls = stubApi(() => envelope(200, [makeDevice('sandbox')], { info: 'Dispositivo creado' }));
    const user = userEvent.setup();
    renderDialog();

    await user.click(screen.getByTestId('channel-choice-sandbox'));
    await user.type(screen.getByTestId('device-name'), 'Pruebas');
    await user.click(within(screen.getByTestId('device-color')).getByRole('radio', { name: '#9c27b0' }));
    await user.click(screen.getByTestId('new-device-submit'));

    expect(await screen.findByTestId('detail-route')).toBeInTheDocument();
    // The palette colour brought its tint as the background.
    expect(calls[0]?.body).toMatchObject({
      name: 'Pruebas',
      color: '#9c27b0',
      background_color: '#f3e5f5',
      setting: { conect: { type: 'sandbox' } },
    });
  });
});
