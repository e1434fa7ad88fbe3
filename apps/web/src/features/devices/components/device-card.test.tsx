import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { DevicesPage } from '../pages/devices-page';
import { envelope, makeDevice, renderDevicesAt, stubApi } from '../test/device-fixtures';

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a device card', () => {
  it('says official or unofficial of real channels, and neither of the sandbox that simulates a customer', async () => {
    stubApi(() =>
      envelope(200, [
        makeDevice('whatsapp', { name: 'WhatsApp recepción', mode: 'official' }),
        makeDevice('maytapi', { name: 'WhatsApp QR', mode: 'unofficial' }),
        makeDevice('sandbox', { name: 'Pruebas', mode: 'official' }),
      ]),
    );
    renderDevicesAt(<DevicesPage />, makeAccount());

    const cards = await screen.findAllByTestId('device-card');
    const modeOf = (name: string) => {
      const card = cards.find((item) => within(item).queryByText(name)) as HTMLElement;
      return within(card).queryByTestId('device-mode')?.textContent ?? null;
    };
    expect(modeOf('WhatsApp recepción')).toBe('Oficial');
    expect(modeOf('WhatsApp QR')).toBe('No oficial');
    expect(modeOf('Pruebas')).toBeNull();
  });
});
