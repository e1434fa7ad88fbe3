import { defaultColumns, type Extraction, TASK_FIELDS } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { envelope, stubApi } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { ExtractionsPage } from './extractions-page';
import { applyExtractionNotification } from './realtime';

const HOUR = 3_600_000;

const extraction = (overrides: Partial<Extraction>): Extraction => ({
  id: 'x1',
  module: 'contact',
  filters: [],
  logical: 'and',
  sort: null,
  columns: ['info.full_name', 'info.phone'],
  format: 'csv',
  status: 'done',
  progress: 100,
  rows: 12_500,
  size: 1_450_000,
  file_id: 'f1',
  url: '/api/v1/es/extraction/download/x1?exp=1&sig=a',
  url_expires_at: new Date(Date.now() + 24 * HOUR).toISOString(),
  expires_in: 86_400,
  error: '',
  created_by: 'u1',
  create_date: new Date(Date.now() - HOUR).toISOString(),
  done_date: new Date(Date.now() - HOUR).toISOString(),
  ...overrides,
});

const RUNNING = extraction({
  id: 'x2',
  module: 'deal',
  format: 'xlsx',
  status: 'running',
  progress: 10,
  rows: 0,
  size: 0,
  file_id: null,
  url: null,
  url_expires_at: null,
  done_date: null,
});
const EXPIRED = extraction({ id: 'x3', url: null, url_expires_at: null });

const list = () =>
  envelope(200, [RUNNING, extraction({}), EXPIRED], { pagination: { total: 3, page: 1, offset: 25 } });

// A row shows its status twice, in its own column and under the title for a phone; either one is read.
const statusOf = (row: HTMLElement) => within(row).getAllByTestId('extraction-status')[0];
const progressOf = (row: HTMLElement) => within(row).getAllByRole('progressbar')[0];

const render = () => renderWithProviders(<ExtractionsPage />, signedInQueryClient(makeAccount()));

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

describe('extractions page', () => {
  it('lists the extractions newest first, with Download only for a done one whose file is kept', async () => {
    const calls = stubApi(list);
    render();
    const rows = await screen.findAllByTestId('extraction-row');
    expect(calls[0]).toMatchObject({
      url: '/api/v1/es/extraction/search',
      body: { sort: { key: 'create_date', order: 'desc' } },
    });

    const [running, done, expired] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(running).toHaveTextContent('Presupuestos · XLSX');
    expect(statusOf(running)).toHaveTextContent('Extrayendo');
    expect(progressOf(running)).toHaveAttribute('aria-valuenow', '10');
    expect(within(running).queryByTestId('extraction-download')).not.toBeInTheDocument();

    expect(done).toHaveTextContent('Contactos · CSV');
    expect(done).toHaveTextContent('Ana María Pérez');
    expect(within(done).getByTestId('extraction-rows')).toHaveTextContent('12.500');
    expect(statusOf(done)).toHaveTextContent('Lista');
    expect(within(done).getByTestId('extraction-download')).toHaveAttribute(
      'href',
      '/api/v1/es/extraction/download/x1?exp=1&sig=a',
    );

    expect(statusOf(expired)).toHaveTextContent('Vencida');
    expect(within(expired).queryByTestId('extraction-download')).not.toBeInTheDocument();
  }, 30_000);

  it('moves the progress bar from a progress notification and offers Download when done', async () => {
    stubApi(list);
    const { queryClient } = render();
    const [running] = (await screen.findAllByTestId('extraction-row')) as [HTMLElement];

    applyExtractionNotification(queryClient, {
      module: 'extraction',
      action: 'progress',
      data: [{ ...RUNNING, progress: 60 }],
    });
    await waitFor(() => expect(progressOf(running)).toHaveAttribute('aria-valuenow', '60'));

    const done = extraction({ ...RUNNING, status: 'done', progress: 100, url: '/dl/x2', rows: 40 });
    applyExtractionNotification(queryClient, { module: 'extraction', action: 'done', data: [done] });
    await waitFor(() => expect(statusOf(running)).toHaveTextContent('Lista'));
    expect(within(running).getByTestId('extraction-download')).toHaveAttribute('href', '/dl/x2');
  }, 30_000);

  it('creates an extraction with the module, its columns, the format and the link validity', async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/extraction/create') ? envelope(200, [RUNNING]) : list(),
    );
    render();
    await screen.findAllByTestId('extraction-row');

    await userEvent.click(screen.getByTestId('extraction-new'));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Módulo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tareas' }));
    // The columns the tasks list shows come ticked; the title is taken out.
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Título' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'XLSX' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Validez del enlace' }));
    await userEvent.click(await screen.findByRole('option', { name: '7 días' }));
    await userEvent.click(dialog.getByTestId('extraction-submit'));

    await vi.waitFor(() => expect(calls.some((call) => call.url.endsWith('/extraction/create'))).toBe(true));
    const sent = calls.find((call) => call.url.endsWith('/extraction/create'))?.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({ module: 'task', format: 'xlsx', expires_in: 604_800 });
    const shown = defaultColumns(TASK_FIELDS).filter(
      (key) => TASK_FIELDS.find((field) => field.key === key)?.exportable && key !== 'title',
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(sent.columns).toEqual(shown);
  }, 30_000);

  it('deletes an extraction once confirmed', async () => {
    const calls = stubApi((call) => (call.method === 'DELETE' ? envelope(200, []) : list()));
    render();
    const rows = await screen.findAllByTestId('extraction-row');
    await userEvent.click(within(rows[1] as HTMLElement).getByTestId('extraction-delete'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/v1/es/extraction/deleteone/x1'),
    );
  }, 30_000);

  it('reads right to left in Arabic', async () => {
    await changeLocale('ar');
    stubApi(list);
    render();
    await screen.findAllByTestId('extraction-row');
    expect(document.dir).toBe('rtl');
    expect(screen.getByTestId('page-title')).toHaveTextContent('الاستخراجات');
  }, 30_000);
});
