import type { View } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../../../test/account-fixture';
import { changeLocale } from '../../i18n';
import { type Call, envelope, makeRow, renderRecords, stubApi, TEST_MODULE } from '../test/records-fixtures';
import { RecordsPage } from './records-page';

const ANA = makeRow('c1', 'Ana Pérez');
const page = (_call: Call) => envelope(200, [ANA], { pagination: { total: 1, page: 1, offset: 25 } });

const savedView = (overrides: Partial<View>): View => ({
  id: 'v-new',
  module: 'contact',
  name: 'Mi vista',
  columns: ['info.full_name'],
  filters: { filters: [], logical: 'and' },
  sort: null,
  kanban: { columns: [] },
  is_default: true,
  owner: 'u1',
  create_date: '2026-04-01T00:00:00.000Z',
  ...overrides,
});

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('records page dialogs', () => {
  it('saves chosen columns as a personal default view when there is none ("Crear")', async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/view/create')
        ? envelope(200, [savedView({ columns: ['info.full_name', 'info.phone', 'info.email'] })])
        : page(call),
    );
    renderRecords(<RecordsPage config={TEST_MODULE} />, makeAccount());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByTestId('open-columns'));
    const dialog = within(screen.getByRole('dialog'));
    for (const column of ['País', 'Etapa', 'Etiquetas', 'Asignado a', 'Fecha de creación']) {
      await userEvent.click(dialog.getByRole('button', { name: `Quitar ${column}` }));
    }
    await userEvent.click(dialog.getByRole('button', { name: 'Crear' }));

    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/view/create'))?.body).toEqual({
        module: 'contact',
        name: 'Mi vista',
        columns: ['info.full_name', 'info.phone', 'info.email'],
        filters: { filters: [], logical: 'and' },
        sort: { key: 'create_date', order: 'desc' },
        kanban: { columns: [] },
        is_default: true,
        shared: false,
      }),
    );
    expect(await screen.findByTestId('view-picker')).toHaveTextContent('Mi vista');
    // The page is hidden from assistive technology until the dialog has finished closing.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '',
      'Nombre completo',
      'Teléfono',
      'Correo electrónico',
    ]);
  }, 30_000);

  it('saves the setup as a view for the whole company only with setting.edit', async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/view/create')
        ? envelope(200, [savedView({ name: 'Equipo', owner: null })])
        : page(call),
    );
    renderRecords(<RecordsPage config={TEST_MODULE} />, makeAccount());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByTestId('view-picker'));
    await userEvent.click(screen.getByTestId('save-view-as'));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByTestId('save-view-submit')).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Nombre de la vista' }), 'Equipo');
    await userEvent.click(dialog.getByRole('radio', { name: 'Toda la empresa' }));
    await userEvent.click(dialog.getByTestId('save-view-submit'));

    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/view/create'))?.body).toMatchObject({
        name: 'Equipo',
        shared: true,
        is_default: false,
      }),
    );
    expect(await screen.findByTestId('view-picker')).toHaveTextContent('Equipo');
  }, 30_000);

  it('offers a company view only to those who may change company settings', async () => {
    stubApi(page);
    renderRecords(
      <RecordsPage config={TEST_MODULE} />,
      makeAccount({ user: { account: 'user', access: ['contact.view'] } }),
    );
    await screen.findByRole('link', { name: 'Ana Pérez' });
    await userEvent.click(screen.getByTestId('view-picker'));
    await userEvent.click(screen.getByTestId('save-view-as'));
    expect(screen.getByRole('radio', { name: 'Toda la empresa' })).toBeDisabled();
  });

  it('imports a file and shows the report of the finished job with the refused rows', async () => {
    const job = {
      id: 'job-1',
      module: 'contact',
      status: 'queued',
      filename: 'contactos.csv',
      total: 0,
      processed: 0,
      created: 0,
      skipped: 0,
      failed: 0,
      user_id: 'u1',
      create_date: '2026-04-01T00:00:00.000Z',
      finished_at: null,
    };
    const calls = stubApi((call) => {
      if (call.url.endsWith('/imports/contact')) return envelope(200, [job]);
      if (call.url.endsWith('/imports/search/job-1')) {
        return envelope(200, [
          {
            ...job,
            status: 'done',
            total: 3,
            processed: 3,
            created: 1,
            skipped: 1,
            failed: 1,
            errors: [{ line: 3, path: 'phone', message: 'Ingresa un teléfono válido' }],
          },
        ]);
      }
      return page(call);
    });
    renderRecords(<RecordsPage config={TEST_MODULE} />, makeAccount());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByTestId('open-import'));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByTestId('import-submit')).toBeDisabled();
    const file = new File(['nombre,telefono\nAna,56911112222\n'], 'contactos.csv', { type: 'text/csv' });
    await userEvent.upload(dialog.getByTestId('import-file'), file);
    await userEvent.click(dialog.getByTestId('import-submit'));

    expect(await dialog.findByTestId('import-report')).toBeInTheDocument();
    expect(dialog.getByTestId('import-created')).toHaveTextContent('1');
    expect(dialog.getByTestId('import-skipped')).toHaveTextContent('1');
    expect(dialog.getByTestId('import-failed')).toHaveTextContent('1');
    expect(dialog.getByTestId('import-error-row')).toHaveTextContent('3TeléfonoIngresa un teléfono válido');
    expect(calls.find((call) => call.url.endsWith('/imports/contact'))?.method).toBe('POST');
  }, 30_000);

  it('refuses a file over 10 MB before sending it', async () => {
    stubApi(page);
    renderRecords(<RecordsPage config={TEST_MODULE} />, makeAccount());
    await screen.findByRole('link', { name: 'Ana Pérez' });
    await userEvent.click(screen.getByTestId('open-import'));
    const dialog = within(screen.getByRole('dialog'));
    const big = new File(['x'], 'grande.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 10_000_001 });
    await userEvent.upload(dialog.getByTestId('import-file'), big);
    expect(dialog.getByTestId('import-error')).toHaveTextContent('El archivo supera el tamaño permitido');
    expect(dialog.getByTestId('import-submit')).toBeDisabled();
  });
});
