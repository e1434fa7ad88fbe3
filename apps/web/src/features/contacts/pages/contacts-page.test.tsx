import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { envelope, makeRow, renderRecords, stubApi } from '../../../shared/records/test/records-fixtures';
import { makeAccount } from '../../../test/account-fixture';
import { ContactsPage } from './contacts-page';

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('contacts page', () => {
  it('creates a contact with the new-contact rules: Create waits for a valid form, the + of the phone goes', async () => {
    const created = makeRow('c9', 'Carla Núñez');
    const calls = stubApi((call) =>
      call.url.endsWith('/contact/create')
        ? envelope(200, [created])
        : envelope(200, [], { pagination: { total: 0, page: 1, offset: 25 } }),
    );
    renderRecords(<ContactsPage />, makeAccount());

    await userEvent.click(await screen.findByTestId('new-contact'));
    const dialog = within(screen.getByRole('dialog'));
    const submit = dialog.getByTestId('new-contact-submit');
    await userEvent.type(dialog.getByLabelText(/Nombre y apellido/), 'Ca');
    await userEvent.type(dialog.getByLabelText(/Teléfono/), '+56 9 1234 5678');
    expect(submit).toBeDisabled();
    expect(dialog.getByText('Debe tener al menos 3 caracteres')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/Nombre y apellido/), 'rla Núñez');
    await userEvent.type(dialog.getByLabelText(/Correo electrónico/), 'carla@');
    expect(submit).toBeDisabled();
    await userEvent.type(dialog.getByLabelText(/Correo electrónico/), 'clinica.cl');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);

    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/contact/create'))?.body).toEqual({
        name: 'Carla Núñez',
        phone: '56912345678',
        email: 'carla@clinica.cl',
        document: '',
        country: 'CL',
        tags: [],
        stage: '',
      }),
    );
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Contacto creado');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 30_000);

  it('hides New contact from a person who may not create contacts', async () => {
    stubApi(() =>
      envelope(200, [makeRow('c1', 'Ana Pérez')], { pagination: { total: 1, page: 1, offset: 25 } }),
    );
    renderRecords(<ContactsPage />, makeAccount({ user: { account: 'user', access: ['contact.view'] } }));
    expect(await screen.findByRole('link', { name: 'Ana Pérez' })).toBeInTheDocument();
    expect(screen.queryByTestId('new-contact')).not.toBeInTheDocument();
  });

  it('switches to the board by stage and remembers the choice', async () => {
    stubApi(() => envelope(200, [], { pagination: { total: 0, page: 1, offset: 25 } }));
    renderRecords(<ContactsPage />, makeAccount());
    await userEvent.click(await screen.findByTestId('layout-kanban'));
    expect(await screen.findByTestId('kanban-board')).toBeInTheDocument();
    expect(localStorage.getItem('contacts.layout')).toBe('kanban');
  });
});
