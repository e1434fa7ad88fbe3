import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { renderWithProviders } from '../../test/render';
import { SigninPage } from './signin-page';

const envelope = (status: number, info: string) =>
  new Response(JSON.stringify({ status_codes: status, data: [], info }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(async () => {
  await changeLocale('es');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sign-in page', () => {
  it('clears the failed sign-in alert once a reset link has been sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/login')
          ? envelope(401, '¡Correo o contraseña inválidos!')
          : envelope(200, 'Si el correo existe, te enviamos un enlace.'),
      ),
    );
    // jsdom's own user agent is an unknown browser, which gets the incompatible-browser dialog.
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36',
    );
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/signin']}>
        <SigninPage />
      </MemoryRouter>,
    );

    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@clinica.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'Olvidada#1');
    await waitFor(() => expect(screen.getByTestId('signin-submit')).toBeEnabled());
    await user.click(screen.getByTestId('signin-submit'));
    expect(await screen.findByTestId('signin-error')).toHaveTextContent('¡Correo o contraseña inválidos!');

    await user.click(screen.getByTestId('forgot-open'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@clinica.cl');
    await waitFor(() => expect(screen.getByTestId('forgot-submit')).toBeEnabled());
    await user.click(screen.getByTestId('forgot-submit'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('signin-error')).not.toBeInTheDocument();
  });
});
