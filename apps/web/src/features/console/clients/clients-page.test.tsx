import { type ConsoleClient, NUMBER_FORMATS } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { setSession } from '../../../shared/session';
import { envelope, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { ClientsPage } from './clients-page';

const PRO_ID = '9c0e1d2f-3a4b-4c5d-8e6f-708192a3b4c5';

const acme: ConsoleClient = {
  id: '5b1f0d2e-3c4a-4b5c-8d6e-7f8091a2b3c4',
  name: 'Acme Dental',
  email: 'owner@acme.cl',
  phone: '',
  subdomain: 'AcmeDental',
  country: 'CL',
  timezone: 'America/Santiago',
  language: 'es',
  industry: 'retail',
  quantityemple: 3,
  imglogo: '',
  subscribe_id: [],
  plan_id: PRO_ID,
  is_paid: true,
  plan_expires_at: '2030-01-31T12:00:00.000Z',
  access: ['chat.view'],
  market: false,
  number_format: NUMBER_FORMATS.CL,
  create_date: '2026-01-01T00:00:00.000Z',
  status: 'active',
  plan_name: 'Pro',
  plan_started_at: '2026-01-01T00:00:00.000Z',
  usage: { users: 4, devices: 1, messages: 1234 },
};

const serve = () =>
  stubApi((call) => {
    if (call.url.includes('/plan/search')) return envelope(200, [{ id: PRO_ID, name: 'Pro', code: 'pro' }]);
    if (call.url.includes('/client/block/')) return envelope(200, [{ ...acme, status: 'blocked' }]);
    if (call.url.includes('/client/create')) return envelope(200, [{ ...acme, name: 'Nueva Co' }]);
    return envelope(200, [acme], { pagination: { total: 1, page: 1, offset: 25 } });
  });

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <ClientsPage />
    </MemoryRouter>,
  );

beforeEach(async () => {
  await changeLocale('es');
  setSession({ token: 'master-token', clientID: 'platform', userID: 'master' });
});
afterEach(() => vi.unstubAllGlobals());

describe('clients page (master)', () => {
  it("offers only editing on the platform's own company: it is never blocked, entered or deleted", async () => {
    setSession({ token: 'master-token', clientID: acme.id, userID: 'master' });
    serve();
    renderPage();
    const row = within(await screen.findByTestId('client-row'));
    expect(row.getByTestId('client-edit')).toBeInTheDocument();
    for (const action of ['block', 'impersonate', 'delete']) {
      expect(row.queryByTestId(`client-${action}`)).not.toBeInTheDocument();
    }
  });

  it('lists each company with plan, paid state, usage and status, and searches by text', async () => {
    const calls = serve();
    renderPage();
    const row = within(await screen.findByTestId('client-row'));
    expect(row.getByText('Acme Dental')).toBeInTheDocument();
    // In their columns on a wide screen, and under the company's name where a phone drops those columns.
    expect(row.getAllByText('Pro')).toHaveLength(2);
    expect(row.getAllByText('Pagado')).toHaveLength(2);
    expect(row.getByTestId('client-usage')).toHaveTextContent('4 usuarios · 1 dispositivo · 1.234 mensajes');
    expect(row.getByTestId('client-status')).toHaveTextContent('Activa');

    await userEvent.type(screen.getByTestId('clients-search'), 'acme');
    await waitFor(() =>
      expect(calls.some((call) => JSON.stringify(call.body).includes('"value":"acme"'))).toBe(true),
    );
    const searched = calls.findLast((call) => call.url.includes('/client/search'));
    expect(searched?.body).toMatchObject({
      logical: 'or',
      filters: [
        { key: 'name', condition: 'contains', value: 'acme' },
        { key: 'email', condition: 'contains', value: 'acme' },
        { key: 'subdomain', condition: 'contains', value: 'acme' },
      ],
    });
  });

  it('the create dialog refuses empty fields before sending, then creates the company', async () => {
    const calls = serve();
    renderPage();
    await screen.findByTestId('client-row');
    await userEvent.click(screen.getByTestId('client-new'));
    await userEvent.click(screen.getByTestId('client-create-submit'));
    expect(await screen.findAllByText('Este campo es obligatorio')).not.toHaveLength(0);
    expect(calls.some((call) => call.url.includes('/client/create'))).toBe(false);

    await userEvent.type(screen.getByTestId('client-company'), 'Nueva Co');
    await userEvent.type(screen.getByTestId('client-nameuser'), 'Olivia Dueña');
    await userEvent.type(screen.getByTestId('client-email'), 'olivia@nueva.cl');
    await userEvent.click(screen.getByLabelText('Enviar al dueño un enlace para elegir su contraseña'));
    await userEvent.click(screen.getByLabelText(/^Plan/));
    await userEvent.click(await screen.findByRole('option', { name: 'Pro' }));
    await userEvent.click(screen.getByTestId('client-create-submit'));

    await waitFor(() => expect(calls.some((call) => call.url.includes('/client/create'))).toBe(true));
    const created = calls.find((call) => call.url.includes('/client/create'));
    expect(created?.body).toMatchObject({
      company: 'Nueva Co',
      nameuser: 'Olivia Dueña',
      email: 'olivia@nueva.cl',
      plan_id: PRO_ID,
      timezone: 'America/Santiago',
    });
    expect(created?.body).not.toHaveProperty('password');
  });

  it('blocking asks first, then blocks the company', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(await screen.findByTestId('client-block'));
    expect(screen.getByText('¿Bloquear Acme Dental?')).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/client/block/'))).toBe(false);
    await userEvent.click(screen.getByTestId('client-block-confirm'));
    await waitFor(() =>
      expect(
        calls.some((call) => call.url.endsWith(`/client/block/${acme.id}`) && call.method === 'POST'),
      ).toBe(true),
    );
  });

  it('deleting asks first, saying it cannot be undone, then deletes the company', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(await screen.findByTestId('client-delete'));
    expect(screen.getByText('¿Eliminar Acme Dental?')).toBeInTheDocument();
    expect(screen.getByText(/No se puede deshacer/)).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/client/deleteone/'))).toBe(false);
    await userEvent.click(screen.getByTestId('client-delete-confirm'));
    await waitFor(() =>
      expect(
        calls.some((call) => call.url.endsWith(`/client/deleteone/${acme.id}`) && call.method === 'DELETE'),
      ).toBe(true),
    );
    expect(await screen.findByText('Acme Dental fue eliminada')).toBeInTheDocument();
  });
});
