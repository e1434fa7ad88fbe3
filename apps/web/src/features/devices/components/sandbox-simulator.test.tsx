import type { Message } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, makeDevice, renderDevicesAt, stubApi } from '../test/device-fixtures';
import { SandboxSimulator } from './sandbox-simulator';

const device = makeDevice('sandbox', { name: 'Sandbox' });

/** A confirmation request as the device's outbox answers it. */
const request: Message = {
  id: 'm1',
  client_id: 'c1',
  contact_id: 'k1',
  device_id: device.id,
  body: '¿Confirma su hora del martes?',
  type: 'chat',
  fromMe: true,
  message_id: 'sandbox-m1',
  status: 'sent',
  timestamp: '2026-03-12T15:00:00.000Z',
  create_date: '2026-03-12T15:00:00.000Z',
  owner: 'u1',
  temp_id: '',
  attachment: '',
  filename: '',
  starred: false,
  selected: false,
  deleted: false,
  template: null,
  buttons: [
    { id: 'cf:r1:confirm', title: 'Confirmar' },
    { id: 'cf:r1:cancel', title: 'Cancelar' },
  ],
  button_reply: '',
  error: '',
  quoted: null,
  contacts: [],
};

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sandbox simulator', () => {
  it("shows a message's reply buttons, and pressing one answers as the customer with that button", async () => {
    const calls = stubApi(({ method }) => envelope(200, method === 'GET' ? [request] : []));
    const user = userEvent.setup();
    renderDevicesAt(<SandboxSimulator device={device} />, makeAccount());

    const reply = await screen.findByTestId('simulator-reply');
    const buttons = within(reply).getByRole('group', { name: 'Botones de respuesta' });
    await user.click(within(buttons).getByRole('button', { name: 'Cancelar' }));

    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toEqual([
      {
        url: expect.stringContaining(`/webhooks/sandbox/${device.id}`),
        method: 'POST',
        body: {
          from: { phone: '56911112222', name: 'Ana Pérez' },
          message: { id: expect.any(String), type: 'button', body: 'Cancelar', payload: 'cf:r1:cancel' },
        },
      },
    ]);
    expect(await screen.findByTestId('simulator-sent')).toHaveTextContent('Cancelar');
  });

  it('sends a typed text as an ordinary chat message', async () => {
    const calls = stubApi(() => envelope(200, []));
    const user = userEvent.setup();
    renderDevicesAt(<SandboxSimulator device={device} />, makeAccount());

    await user.type(screen.getByRole('textbox', { name: 'Mensaje del cliente' }), 'Sí{Enter}');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      message: { id: expect.any(String), type: 'chat', body: 'Sí' },
    });
  });
});
