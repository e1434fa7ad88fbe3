import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { renderWithProviders } from '../../../test/render';
import { ForgotPasswordDialog } from './forgot-password-dialog';

const envelope = (status: number, info: string) =>
  new Response(JSON.stringify({ status_codes: status, data: [], info }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(async () => {
  await changeLocale('es');
  vi.unstubAllGlobals();
});

describe('forgot-password dialog', () => {
  it('waits with the buttons disabled, then closes on 200', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordDialog isOpen onClose={onClose} />);

    expect(screen.getByTestId('forgot-submit')).toBeDisabled();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@clinica.cl');
    await user.click(screen.getByTestId('forgot-submit'));

    await waitFor(() => expect(screen.getByTestId('forgot-submit')).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    answer(envelope(200, 'Si el correo existe, te enviamos un enlace.'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('stays open with the server message when it refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(429, 'Demasiados intentos')),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordDialog isOpen onClose={onClose} />);

    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@clinica.cl');
    await user.click(screen.getByTestId('forgot-submit'));

    expect(await screen.findByTestId('forgot-error')).toHaveTextContent('Demasiados intentos');
    expect(onClose).not.toHaveBeenCalled();
  });
});
