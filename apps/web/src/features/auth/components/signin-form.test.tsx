import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../shared/session';
import { renderWithProviders } from '../../../test/render';
import { SigninForm } from './signin-form';

const envelope = (status: number, data: unknown[], info: string, errors?: unknown[]) =>
  new Response(JSON.stringify({ status_codes: status, data, info, ...(errors ? { errors } : {}) }), {
    status,
  });

const SESSION = { access_token: 'token-after-code', clientid: 'c1', userid: 'u1' };

/** A fake server at the network boundary: answers by path, in the order given, and records the bodies. */
const serve = (answers: Record<string, Response[]>) => {
  const bodies: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api\/v1\/\w+\//, '');
      bodies.push({ path, body: JSON.parse(String(init.body)) });
      const next = answers[path]?.shift();
      if (!next) throw new Error(`unexpected call to ${path}`);
      return next;
    }),
  );
  return bodies;
};

const signIn = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@clinica.cl');
  await user.type(screen.getByLabelText('Contraseña'), 'Secreta#1');
  await user.click(screen.getByTestId('signin-submit'));
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('sign-in with two-step verification', () => {
  it('asks for the code, stores no session before it, then signs in with it', async () => {
    const bodies = serve({
      login: [envelope(200, [{ two_factor: 'code', challenge: 'ch-1' }], 'Ingresa el código')],
      'login/twofactor': [
        envelope(400, [], 'Datos inválidos', [{ path: 'code', message: 'El código no es válido' }]),
        envelope(200, [SESSION], 'Inicio de sesión exitoso'),
      ],
    });
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SigninForm onSignedIn={onSignedIn} />);

    await signIn(user);
    expect(await screen.findByText('Verificación en dos pasos')).toBeInTheDocument();
    expect(getSession()).toBeNull();

    await user.type(screen.getByLabelText('Código'), '111 111');
    await user.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByText('El código no es válido')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Código'));
    await user.type(screen.getByLabelText('Código'), '222222');
    await user.click(screen.getByTestId('two-factor-submit'));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(getSession()?.token).toBe('token-after-code');
    expect(bodies.at(-1)).toEqual({ path: 'login/twofactor', body: { challenge: 'ch-1', code: '222222' } });
  });

  it('when the company requires it, shows the new secret, then the recovery codes before entering', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);
    serve({
      login: [
        envelope(
          200,
          [
            {
              two_factor: 'enroll',
              challenge: 'ch-2',
              enrollment: {
                secret: 'JBSWY3DPEHPK3PXP',
                otpauth_url: 'otpauth://totp/x',
                qr: 'data:image/png;base64,AA==',
              },
            },
          ],
          'Tu empresa exige la verificación en dos pasos',
        ),
      ],
      'login/twofactor': [envelope(200, [{ ...SESSION, recovery_codes: codes }], 'Inicio de sesión exitoso')],
    });
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SigninForm onSignedIn={onSignedIn} />);

    await signIn(user);
    expect(await screen.findByText('Configura la verificación en dos pasos')).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('two-factor-qr')).toHaveAttribute('src', 'data:image/png;base64,AA==');

    await user.type(screen.getByLabelText('Código'), '123456');
    await user.click(screen.getByTestId('two-factor-submit'));
    const list = await screen.findByTestId('recovery-codes');
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent('abcd0-efgh0');
    // The session starts once the person has seen the codes.
    expect(getSession()).toBeNull();
    await user.click(screen.getByTestId('recovery-codes-done'));
    expect(onSignedIn).toHaveBeenCalled();
    expect(getSession()?.token).toBe('token-after-code');
  });
});
