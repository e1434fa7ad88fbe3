import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { renderWithProviders } from '../../test/render';
import { SigninPage } from './signin-page';
import { SignupPage } from './signup-page';

const renderSignup = () =>
  renderWithProviders(
    <MemoryRouter>
      <SignupPage />
    </MemoryRouter>,
  );

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

beforeEach(async () => {
  await changeLocale('es');
  vi.unstubAllGlobals();
});

describe('sign-up form', () => {
  it('has every field of the spec with its defaults', () => {
    renderSignup();
    for (const name of [
      'company',
      'email',
      'country',
      'phone',
      'timezone',
      'language',
      'industry',
      'quantityemple',
      'nameuser',
      'password',
      'passwordConfirm',
    ]) {
      expect(field(name), name).toBeInTheDocument();
    }
    expect(field('country').value).toBe('CL');
    expect(field('language').value).toBe('es');
    expect(field('industry').value).toBe('serviciosSalud');
    expect(field('quantityemple').value).toBe('1');
    expect(field('timezone').value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByLabelText('Empresa')).toBe(field('company'));
  });

  it('says the company is too short while typing', async () => {
    const user = userEvent.setup();
    renderSignup();

    await user.type(field('company'), 'ab');

    expect(await screen.findByText('Debe tener al menos 3 caracteres')).toBeInTheDocument();
    await user.type(field('company'), 'c');
    await waitFor(() =>
      expect(screen.queryByText('Debe tener al menos 3 caracteres')).not.toBeInTheDocument(),
    );
  });

  it('says the passwords must match once the confirmation differs', async () => {
    const user = userEvent.setup();
    renderSignup();

    await user.type(field('password'), 'Secreta#1');
    await user.type(field('passwordConfirm'), 'Secreta#2');

    expect(await screen.findByText('Las contraseñas deben coincidir')).toBeInTheDocument();
  });

  it('drops "passwords must match" once the password is changed to the confirmation', async () => {
    const user = userEvent.setup();
    renderSignup();

    await user.type(field('password'), 'Secreta#1');
    await user.type(field('passwordConfirm'), 'Secreta#2');
    expect(await screen.findByText('Las contraseñas deben coincidir')).toBeInTheDocument();
    await user.clear(field('password'));
    await user.type(field('password'), 'Secreta#2');

    await waitFor(() =>
      expect(screen.queryByText('Las contraseñas deben coincidir')).not.toBeInTheDocument(),
    );
  });

  it("refuses a phone that is not one of the chosen country's, and looks again when the country changes", async () => {
    const user = userEvent.setup();
    renderSignup();

    await user.type(field('phone'), 'abc');
    expect(await screen.findByText('Ingresa un teléfono válido')).toBeInTheDocument();
    await user.clear(field('phone'));
    await user.type(field('phone'), '+54 9 11 2345 6789');
    expect(await screen.findByText('Ingresa un teléfono válido')).toBeInTheDocument();
    await user.selectOptions(field('country'), 'AR');

    await waitFor(() => expect(screen.queryByText('Ingresa un teléfono válido')).not.toBeInTheDocument());
  });

  it('shows the server field errors next to the fields', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            status_codes: 409,
            data: [],
            info: 'El correo ya está registrado',
            errors: [{ path: 'email', message: 'Este correo ya tiene una cuenta' }],
          }),
          { status: 409 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderSignup();

    await user.type(field('company'), 'Clínica Las Condes');
    await user.type(field('email'), 'ana@clinica.cl');
    await user.type(field('phone'), '+56 9 1234 5678');
    await user.type(field('nameuser'), 'Ana Pérez');
    await user.type(field('password'), 'Secreta#1');
    await user.type(field('passwordConfirm'), 'Secreta#1');
    await user.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText('Este correo ya tiene una cuenta')).toBeInTheDocument();
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ subdomain: 'ClínicaLasCondes', phone: '56912345678', quantityemple: 1 });
    expect(body).not.toHaveProperty('passwordConfirm');
  });

  it('starts in Spanish, the language the spec names, whatever language the page is read in', async () => {
    await changeLocale('en');
    renderSignup();

    expect(field('language').value).toBe('es');
  });

  it('lands the new owner on the sign-in form with their e-mail written and says the account was created', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status_codes: 200, data: [], info: 'cuenta creada exitosamente' }), {
            status: 200,
          }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/signup']}>
        <Routes>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/signin" element={<SigninPage />} />
        </Routes>
      </MemoryRouter>,
    );

    await user.type(field('company'), 'Clínica Las Condes');
    await user.type(field('email'), 'ana@clinica.cl');
    await user.type(field('phone'), '+56 2 2345 6789');
    await user.type(field('nameuser'), 'Ana Pérez');
    await user.type(field('password'), 'Secreta#1');
    await user.type(field('passwordConfirm'), 'Secreta#1');
    await user.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText('cuenta creada exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(field('email').value).toBe('ana@clinica.cl'));
    expect(field('password').value).toBe('');
    expect(screen.queryByTestId('signup-submit')).not.toBeInTheDocument();
  });
});
