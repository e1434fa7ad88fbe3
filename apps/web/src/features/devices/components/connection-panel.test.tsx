import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { makeDevice, renderDevicesAt } from '../test/device-fixtures';
import { ConnectionPanel } from './connection-panel';

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('connection panel', () => {
  it("copies the webhook URL and shows Meta's verify token masked", async () => {
    vi.stubGlobal('isSecureContext', true);
    const device = makeDevice('whatsapp');
    // user-event puts its own clipboard in place, readable after the click.
    const user = userEvent.setup();
    renderDevicesAt(<ConnectionPanel device={device} />, makeAccount());

    expect(screen.getByTestId('webhook-url')).toHaveValue(device.setting.conect.webhook_url);
    expect(screen.getByTestId('verify-token')).toHaveValue('••••2026');
    await user.click(screen.getByRole('button', { name: 'Copiar URL del webhook (devolución de llamada)' }));

    expect(await navigator.clipboard.readText()).toBe(
      'https://conversa.example/webhooks/whatsapp/device-whatsapp',
    );
  });

  it("shows a gateway's webhook URL without its secret, and where Twilio wants it", () => {
    const { unmount } = renderDevicesAt(<ConnectionPanel device={makeDevice('maytapi')} />, makeAccount());
    expect(screen.getByTestId('webhook-url')).toHaveValue(
      'https://conversa.example/webhooks/maytapi/device-maytapi',
    );
    expect(screen.getByText(/con un secreto propio \(no se muestra\)/)).toBeInTheDocument();
    unmount();

    renderDevicesAt(<ConnectionPanel device={makeDevice('twilio')} />, makeAccount());
    expect(screen.getByTestId('webhook-url')).toHaveValue(
      'https://conversa.example/webhooks/twilio/device-twilio',
    );
    expect(screen.getByText(/pega esta URL como webhook de los mensajes entrantes/)).toBeInTheDocument();
  });

  it('has no verify token for Telegram, which registers its webhook itself', () => {
    renderDevicesAt(<ConnectionPanel device={makeDevice('telegram')} />, makeAccount());

    expect(screen.getByTestId('webhook-url')).toBeInTheDocument();
    expect(screen.queryByTestId('verify-token')).not.toBeInTheDocument();
    expect(screen.getByText(/Conversa registra esta URL en Telegram/)).toBeInTheDocument();
  });
});
