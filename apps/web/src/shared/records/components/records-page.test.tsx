import type { PermissionKey, SettingViewField } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../../../test/account-fixture';
import { changeLocale } from '../../i18n';
import {
  type Call,
  envelope,
  makeRow,
  NEW_STAGE,
  renderRecords,
  stubApi,
  TEST_MODULE,
  VIP,
} from '../test/records-fixtures';
import { RecordsPage } from './records-page';

const account = (access?: PermissionKey[]) => {
  const bundle = makeAccount(access ? { user: { account: 'user', access } } : {});
  return { ...bundle, list_dinamic: [VIP, NEW_STAGE] };
};

const ANA = makeRow('c1', 'Ana Pérez');
const searches = (calls: Call[]) => calls.filter((call) => call.url.endsWith('/contact/search'));

const answerWith =
  (rows = [ANA], extra: (call: Call) => Response | undefined = () => undefined) =>
  (call: Call) =>
    extra(call) ?? envelope(200, rows, { pagination: { total: rows.length, page: 1, offset: 25 } });

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('records page', () => {
  it('shows the visible fields of each record, the name opening its detail in a new tab', async () => {
    stubApi(answerWith());
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());

    const link = await screen.findByRole('link', { name: 'Ana Pérez' });
    expect(link).toHaveAttribute('href', '/app/contacts/detail/c1');
    expect(link).toHaveAttribute('target', '_blank');
    const row = within(screen.getByTestId('record-row'));
    expect(row.getByText('+56911112222')).toBeInTheDocument();
    expect(row.getByText('VIP')).toBeInTheDocument();
    expect(row.getByText('Nuevo')).toBeInTheDocument();
    expect(row.getByText('Chile')).toBeInTheDocument();
    expect(row.getByText('Ana María Pérez')).toBeInTheDocument();
    expect(screen.getByTestId('records-count')).toHaveTextContent('1 de 1');
  });

  it('asks for the newest records first, 25 a page', async () => {
    const calls = stubApi(answerWith());
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });
    expect(searches(calls)[0]?.body).toEqual({
      filters: [],
      logical: 'and',
      sort: { key: 'create_date', order: 'desc' },
      page: 1,
      offset: 25,
    });
  });

  it('searches 900 ms after typing stops, a phone number in the phone field without its +', async () => {
    const calls = stubApi(answerWith());
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.type(screen.getByTestId('records-search'), '+56 9 1111');
    expect(searches(calls)).toHaveLength(1);
    await waitFor(() => expect(searches(calls)).toHaveLength(2), { timeout: 3000 });
    expect(searches(calls)[1]?.body).toMatchObject({
      filters: [{ key: 'info.phone', condition: 'contains', value: '5691111' }],
    });
  });

  it('sorts by a sortable column when its title is clicked', async () => {
    const calls = stubApi(answerWith());
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByRole('button', { name: 'Correo electrónico' }));
    await waitFor(() =>
      expect(searches(calls).at(-1)?.body).toMatchObject({ sort: { key: 'info.email', order: 'asc' } }),
    );
  });

  it('edits a cell in place: the check waits for a valid value, saves and shows it at once', async () => {
    let answerUpdate: (response: Response) => void = () => undefined;
    const calls = stubApi(
      answerWith([ANA], (call) =>
        call.method === 'PUT' ? (new Promise((resolve) => (answerUpdate = resolve)) as never) : undefined,
      ),
    );
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByRole('button', { name: 'Editar Correo electrónico' }));
    const input = screen.getByRole('textbox', { name: 'Correo electrónico' });
    await userEvent.clear(input);
    await userEvent.type(input, 'ana@');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    expect(screen.getByText('Ingresa un correo electrónico válido')).toBeInTheDocument();
    await userEvent.type(input, 'nueva.cl');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(screen.getByText('ana@nueva.cl')).toBeInTheDocument();
    const update = calls.find((call) => call.method === 'PUT');
    expect(update?.url).toMatch(/\/contact\/updateone\/c1$/);
    expect(update?.body).toEqual({ info: { email: 'ana@nueva.cl' } });
    answerUpdate(envelope(200, [{ ...ANA, info: { ...(ANA.info as object), email: 'ana@nueva.cl' } }]));
  });

  it('puts the value back and says why when the server refuses the edit', async () => {
    stubApi(
      answerWith([ANA], (call) =>
        call.method === 'PUT' ? envelope(400, [], { info: 'El correo ya existe' }) : undefined,
      ),
    );
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByRole('button', { name: 'Editar Correo electrónico' }));
    const input = screen.getByRole('textbox', { name: 'Correo electrónico' });
    await userEvent.clear(input);
    await userEvent.type(input, 'otra@clinica.cl{Enter}');

    expect(await screen.findByTestId('snackbar')).toHaveTextContent(
      'No se guardó el cambio. El correo ya existe',
    );
    expect(screen.getByText('c1@clinica.cl')).toBeInTheDocument();
  });

  it('creates a tag typed in the cell (default colour) and saves it on the record', async () => {
    const calls = stubApi(
      answerWith([ANA], (call) => {
        if (call.url.endsWith('/listdinamic/create')) {
          return envelope(200, [{ ...VIP, id: 'tag-new', name: 'Implantes', position: 1 }]);
        }
        if (call.method === 'PUT') return envelope(200, [{ ...ANA, tags: ['tag-vip', 'tag-new'] }]);
        return undefined;
      }),
    );
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByRole('button', { name: 'Editar Etiquetas' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Etiquetas' }), 'Implantes');
    await userEvent.click(await screen.findByRole('option', { name: 'Crear etiqueta «Implantes»' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/listdinamic/create'))?.body).toEqual({
        module: 'contact',
        field: 'tags',
        name: 'Implantes',
        color: '#f44336',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ tags: ['tag-vip', 'tag-new'] }),
    );
    expect(await screen.findByText('Implantes')).toBeInTheDocument();
  }, 30_000);

  it('closes the editor without saving on the cross', async () => {
    const calls = stubApi(answerWith());
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });
    await userEvent.click(screen.getByRole('button', { name: 'Editar Correo electrónico' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar edición' }));
    expect(screen.queryByTestId('cell-editor')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows cells read-only to a person without the edit permission', async () => {
    stubApi(answerWith());
    renderRecords(<RecordsPage config={TEST_MODULE} />, account(['contact.view']));
    await screen.findByRole('link', { name: 'Ana Pérez' });
    expect(screen.queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('open-import')).not.toBeInTheDocument();
    expect(screen.queryByTestId('open-export')).not.toBeInTheDocument();
  });

  it("shows '-' for a cell that cannot be shown and 'Por definir' for a type it does not know", async () => {
    stubApi(answerWith([makeRow('c2', 'Berta Soto', { create_date: 'no es fecha', rating: 4 })]));
    const bundle = account();
    const fields = [
      ...TEST_MODULE.fields.map((field) => ({
        key: field.key,
        i18n: field.i18n,
        name: field.key,
        type: field.type,
        conditions: [],
        filter: false,
        sortable: false,
        editable: false,
      })),
      {
        key: 'rating',
        i18n: 'records.field.source',
        name: 'rating',
        type: 'rating',
        conditions: [],
        filter: false,
        sortable: false,
        editable: false,
      } as unknown as SettingViewField,
    ];
    const views = [
      {
        id: 'v1',
        module: 'contact' as const,
        name: 'Con puntaje',
        columns: ['info.full_name', 'create_date', 'rating'],
        filters: { filters: [], logical: 'and' as const },
        sort: null,
        kanban: { columns: [] },
        is_default: true,
        owner: 'u1',
        create_date: '2026-04-01T00:00:00.000Z',
      },
    ];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRecords(<RecordsPage config={TEST_MODULE} />, {
      ...bundle,
      setting_views: { contact: fields },
      views,
    });

    await screen.findByRole('link', { name: 'Berta Soto' });
    expect(screen.getByTestId('cell-failed')).toHaveTextContent('-');
    expect(screen.getByText('Por definir')).toBeInTheDocument();
  });

  it('deletes the chosen records after the confirm popover', async () => {
    let rows = [ANA, makeRow('c2', 'Berta Soto')];
    const calls = stubApi((call) => {
      if (!call.url.endsWith('/contact/deletemany')) return answerWith(rows)(call);
      rows = [ANA];
      return envelope(200, [{ deleted: 1 }]);
    });
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Berta Soto' }));
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('Seleccionados: 1');
    await userEvent.click(screen.getByTestId('bulk-delete'));
    const popover = screen.getByRole('alertdialog');
    expect(within(popover).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await userEvent.click(within(popover).getByRole('button', { name: 'Sí' }));

    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/contact/deletemany'))?.body).toEqual({ ids: ['c2'] }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Berta Soto' })).not.toBeInTheDocument());
  });

  it('updates every record the filters find once all of them are chosen', async () => {
    const calls = stubApi((call) => {
      if (call.url.endsWith('/contact/updatemany')) return envelope(200, [{ updated: 40 }]);
      return envelope(200, [ANA], { pagination: { total: 40, page: 1, offset: 25 } });
    });
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas cargadas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Seleccionar los 40 resultados' }));
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('Seleccionados: 40');
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Campo' }));
    await userEvent.click(screen.getByRole('option', { name: 'Destacado' }));
    // An empty select's name ends with the blank it shows.
    await userEvent.click(screen.getByRole('combobox', { name: /^Nuevo valor/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Sí' }));
    await userEvent.click(screen.getByTestId('bulk-update-submit'));

    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/contact/updatemany'))?.body).toEqual({
        find: { filters: [], logical: 'and' },
        update: { starred: true },
      }),
    );
  }, 30_000);

  it('filters with a condition of the field type and shows it as a chip', async () => {
    const calls = stubApi(answerWith());
    renderRecords(<RecordsPage config={TEST_MODULE} />, account());
    await screen.findByRole('link', { name: 'Ana Pérez' });

    await userEvent.click(screen.getByTestId('open-filters'));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Campo' }));
    await userEvent.click(screen.getByRole('option', { name: 'Etiquetas' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Condición' }));
    await userEvent.click(screen.getByRole('option', { name: 'es uno de' }));
    expect(dialog.getByTestId('apply-filters')).toBeDisabled();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Valores' }));
    await userEvent.click(screen.getByRole('option', { name: 'VIP' }));
    await userEvent.click(dialog.getByTestId('apply-filters'));

    await waitFor(() =>
      expect(searches(calls).at(-1)?.body).toMatchObject({
        filters: [{ key: 'tags', condition: 'in', value: ['tag-vip'] }],
      }),
    );
    expect(screen.getByTestId('filter-chips')).toHaveTextContent('Etiquetas es uno de VIP');
  }, 30_000);
});
