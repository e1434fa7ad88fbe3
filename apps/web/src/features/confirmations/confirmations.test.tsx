import type { ConfirmationRun } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { type Call, envelope, stubApi } from '../../test/api-stub';
import { createTestQueryClient, renderRoutesAt } from '../../test/render';
import { stubScreenWidth } from '../../test/screen-width';
import { type Page, runListsKey } from './api/confirmations';
import { applyConfirmationNotification } from './confirmations-live';
import { ConfirmationDetailPage } from './pages/confirmation-detail-page';
import { ConfirmationsPage } from './pages/confirmations-page';
import { confirmationsAccount, DENTALINK, makeRow, makeRun, WHATSAPP } from './test/confirmation-fixtures';

const isTo = (call: Call, path: string) => call.url.includes(`/${path}`);

/** Wednesday 15 April 2026, 11:00 in Santiago: tomorrow is the 16th. */
const NOW = new Date('2026-04-15T15:00:00.000Z');

const RUNS = [
  makeRun(),
  makeRun({ id: 'run-2', date: '2026-04-14', status: 'completed', completed_at: '2026-04-14T04:00:00.000Z' }),
  makeRun({
    id: 'run-3',
    date: '2026-04-20',
    status: 'draft',
    started_at: null,
    totals: { appointments: 0, sent: 0, confirmed: 0, cancelled: 0, no_reply: 0, failed: 0 },
  }),
];

const stubConfirmations = (
  create: () => Response = () => envelope(200, [makeRun({ id: 'run-new', status: 'draft' })]),
) =>
  stubApi((call) => {
    if (isTo(call, 'integration/search')) return envelope(200, [DENTALINK]);
    if (isTo(call, 'confirmation/search/')) {
      return envelope(200, [makeRun({ id: call.url.split('/').at(-1) })]);
    }
    if (isTo(call, 'confirmation/search'))
      return envelope(200, RUNS, { pagination: { total: RUNS.length, page: 1, offset: 25 } });
    if (isTo(call, 'confirmation/create')) return create();
    if (isTo(call, 'confirmation/appointments/'))
      return envelope(
        200,
        [
          makeRow(),
          makeRow({
            id: 'row-2',
            patient_name: 'Luis Díaz',
            state: 'no_reply',
            answer: '',
            answered_at: null,
            writeback: 'none',
          }),
        ],
        {
          pagination: { total: 2, page: 1, offset: 25 },
        },
      );
    return envelope(200, []);
  });

const renderConfirmations = (path = '/app/confirmations', access?: string[]) =>
  renderRoutesAt(
    path,
    <>
      <Route path="/app/confirmations" element={<ConfirmationsPage />} />
      <Route path="/app/confirmations/:id" element={<ConfirmationDetailPage />} />
    </>,
    confirmationsAccount(access),
  );

const rowOf = async (id: string) => {
  await screen.findAllByTestId('run-row');
  return screen.getAllByTestId('run-row').find((row) => row.dataset.id === id) as HTMLElement;
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await changeLocale('es');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the confirmation runs', () => {
  it('lists each run with its day, agenda, device, state, answers and the actions its state allows', async () => {
    const calls = stubConfirmations();
    renderConfirmations();

    const running = await rowOf('run-1');
    expect(running).toHaveTextContent('16 abr 2026');
    expect(await within(running).findByText(DENTALINK.name)).toBeInTheDocument();
    expect(running).toHaveTextContent(WHATSAPP.name);
    expect(within(running).getByTestId('run-status')).toHaveTextContent('En curso');
    expect(within(running).getByTestId('run-total-confirmed')).toHaveTextContent('Confirmadas: 4');
    expect(within(running).getByTestId('run-total-failed')).toHaveTextContent('Fallidas: 2');
    expect(within(running).getByTestId('run-total-waiting')).toHaveTextContent('Esperando respuesta: 3');
    expect(within(running).queryByTestId('run-total-pending')).not.toBeInTheDocument();
    const buttonsOf = (row: HTMLElement) =>
      within(row)
        .queryAllByRole('button')
        .map((button) => button.dataset.testid);
    expect(buttonsOf(running)).toEqual(['run-cancel']);
    expect(buttonsOf(await rowOf('run-2'))).toEqual(['run-delete']);
    expect(buttonsOf(await rowOf('run-3'))).toEqual(['run-start', 'run-delete']);

    expect(calls.find((call) => call.url.endsWith('/confirmation/search'))?.body).toMatchObject({
      page: 1,
      filters: [],
      sort: { key: 'date', order: 'desc' },
    });
  });

  it('creates a run for tomorrow with the default text and opens it with its table', async () => {
    const calls = stubConfirmations();
    renderConfirmations();
    await userEvent.click(await screen.findByTestId('new-run'));
    const dialog = await screen.findByTestId('run-dialog');
    expect(within(dialog).getByTestId('run-date')).toHaveValue('2026-04-16');
    expect(within(dialog).getByTestId('run-message')).toHaveValue(
      'Hola $patient, te recordamos tu cita del $date a las $time con $professional en $branch. ¿Nos confirmas tu asistencia?',
    );

    await userEvent.click(within(dialog).getByTestId('run-dialog-submit'));
    expect(calls.some((call) => isTo(call, 'confirmation/create'))).toBe(false);
    await userEvent.click(within(dialog).getByTestId('run-device'));
    await userEvent.click(await screen.findByRole('option', { name: WHATSAPP.name }));
    expect(within(dialog).getByTestId('run-type-template')).toBeVisible();
    await userEvent.click(within(dialog).getByTestId('run-dialog-submit'));

    await waitFor(() => expect(calls.some((call) => isTo(call, 'confirmation/create'))).toBe(true));
    expect(calls.find((call) => isTo(call, 'confirmation/create'))?.body).toEqual({
      integration_id: DENTALINK.id,
      device_id: WHATSAPP.id,
      date: '2026-04-16',
      message:
        'Hola $patient, te recordamos tu cita del $date a las $time con $professional en $branch. ¿Nos confirmas tu asistencia?',
      send_at: null,
    });
    const rows = await screen.findAllByTestId('confirmation-row');
    const table = screen.getByTestId('rows-table');
    expect(rows.map((row) => row.dataset.state)).toEqual(['confirmed', 'no_reply']);
    expect(table).toHaveTextContent('Escrita en la agenda');
  });

  it('says clearly that the agenda already has a run for that day (409)', async () => {
    stubConfirmations(() =>
      envelope(409, [], { info: 'Ya existe una confirmación para esa integración y fecha' }),
    );
    renderConfirmations();
    await userEvent.click(await screen.findByTestId('new-run'));
    const dialog = await screen.findByTestId('run-dialog');
    await userEvent.click(within(dialog).getByTestId('run-device'));
    await userEvent.click(await screen.findByRole('option', { name: WHATSAPP.name }));
    await userEvent.click(within(dialog).getByTestId('run-dialog-submit'));
    expect(await within(dialog).findByTestId('run-dialog-error')).toHaveTextContent(
      'Ya hay un envío para esta agenda y este día.',
    );
    expect(screen.getByTestId('run-dialog')).toBeVisible();
  });

  it("filters a run's table by state", async () => {
    const calls = stubConfirmations();
    renderConfirmations('/app/confirmations/run-1');
    expect(await screen.findByTestId('rows-table')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('rows-state-filter'));
    await userEvent.click(await screen.findByRole('option', { name: 'Sin respuesta' }));
    await waitFor(() =>
      expect(
        calls.filter((call) => isTo(call, 'confirmation/appointments/run-1')).at(-1)?.body,
      ).toMatchObject({
        filters: [{ key: 'state', condition: 'equalto', value: 'no_reply' }],
      }),
    );
  });

  it('hides New run from someone without confirmation.create', async () => {
    stubConfirmations();
    renderConfirmations('/app/confirmations', ['confirmation.view', 'setting.view']);
    await rowOf('run-1');
    expect(screen.queryByTestId('new-run')).not.toBeInTheDocument();
    expect(screen.queryByTestId('run-cancel')).not.toBeInTheDocument();
  });
});

describe('the runs on a phone', () => {
  it.each([
    { width: 390, cells: 1, heads: 1 },
    { width: 1280, cells: 6, heads: 6 },
  ])(
    'a $width px screen shows each run in $cells cell(s), its actions within reach',
    async ({ width, cells, heads }) => {
      stubScreenWidth(width);
      stubConfirmations();
      renderConfirmations();
      const draft = await rowOf('run-3');
      expect(within(draft).getAllByRole('cell')).toHaveLength(cells);
      const table = screen.getByRole('table', { name: 'Envíos de confirmaciones' });
      expect(within(table).getAllByRole('columnheader')).toHaveLength(heads);
      expect(draft).toHaveTextContent('20 abr 2026');
      expect(draft).toHaveTextContent(DENTALINK.name);
      expect(draft).toHaveTextContent(WHATSAPP.name);
      expect(within(draft).getByTestId('run-status')).toBeInTheDocument();
      expect(within(draft).getByTestId('run-totals')).toBeInTheDocument();
      expect(within(draft).getByTestId('run-start')).toBeVisible();
      expect(screen.getByTestId('new-run')).toBeVisible();
    },
  );
});

describe('live runs', () => {
  it("takes a run's new totals and state from a confirmation notification", () => {
    const queryClient = createTestQueryClient();
    const key = [...runListsKey, { page: 0 }];
    queryClient.setQueryData<Page<ConfirmationRun>>(key, { rows: [makeRun()], total: 1 });
    applyConfirmationNotification(queryClient, {
      module: 'confirmation',
      action: 'update',
      data: [{ id: 'run-1', status: 'completed', totals: { ...makeRun().totals, confirmed: 6 } }],
    });
    const [row] = queryClient.getQueryData<Page<ConfirmationRun>>(key)?.rows ?? [];
    expect(row?.status).toBe('completed');
    expect(row?.totals.confirmed).toBe(6);
  });
});
