import type { DealKanbanColumn } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { DealKanban } from './components/deal-kanban';
import { DealsPage } from './pages/deals-page';
import { dealsAccount, envelope, makeDeal, renderDealsAt, SALES, stubApi } from './test/deals-fixtures';

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const KANBAN: DealKanbanColumn[] = [
  {
    stage: { id: 'st-new', name: 'Nuevo', color: '#2196f3', order: 0 },
    count: 2,
    amount_total: 1_250_000,
    deals: [
      makeDeal(),
      makeDeal({ id: 'deal-2', numdeal: 2, name: 'Presupuesto Luis', amount: 1_100_000, position: 2000 }),
    ],
  },
  {
    stage: { id: 'st-offer', name: 'Propuesta', color: '#ff9800', order: 1 },
    count: 1,
    amount_total: 90_000,
    deals: [makeDeal({ id: 'deal-3', numdeal: 3, name: 'Presupuesto Ana', amount: 90_000, stage: 'win' })],
  },
];

const columnNamed = (name: string) =>
  screen.getAllByTestId('kanban-column').find((column) => within(column).queryByText(name) !== null);

describe('deals board', () => {
  it('shows each stage with its count, amount total and cards', async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/deal/kanban') ? envelope(200, KANBAN) : envelope(200, []),
    );
    renderDealsAt(<DealKanban pipeline={SALES} />, dealsAccount(), '/app/deals');

    await screen.findAllByTestId('kanban-card');
    const first = columnNamed('Nuevo');
    const second = columnNamed('Propuesta');
    if (!first || !second) throw new Error('columns missing');
    expect(within(first).getByTestId('kanban-column-count')).toHaveTextContent('2');
    expect(within(first).getByTestId('kanban-column-total')).toHaveTextContent('1,3M');
    expect(within(second).getByTestId('kanban-column-total')).toHaveTextContent('90K');
    expect(within(first).getAllByTestId('kanban-card')).toHaveLength(2);
    expect(within(first).getByText('Presupuesto Luis')).toBeInTheDocument();
    expect(within(first).getAllByText('Marta Rojas')).toHaveLength(2);
    expect(within(second).getByTestId('deal-outcome')).toHaveTextContent('Ganado');
    expect(calls.find((call) => call.url.endsWith('/deal/kanban'))?.body).toEqual({
      pipeline_id: 'pipe-1',
      filters: [],
      logical: 'and',
    });
  });

  it('puts a refused move back and shows the server message', async () => {
    const calls = stubApi((call) => {
      if (call.url.endsWith('/deal/kanban')) return envelope(200, KANBAN);
      if (call.method === 'PUT') return envelope(400, [], { info: 'La etapa no es de este embudo' });
      return envelope(200, []);
    });
    renderDealsAt(<DealKanban pipeline={SALES} />, dealsAccount(), '/app/deals');

    const card = (await screen.findAllByTestId('kanban-card'))[0];
    if (!card) throw new Error('card missing');
    await userEvent.click(within(card).getByTestId('deal-card-menu'));
    await userEvent.click(await screen.findByTestId('deal-move'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Propuesta' }));

    expect(await screen.findByTestId('snackbar')).toHaveTextContent(
      'No se pudo mover Presupuesto Marta. La etapa no es de este embudo',
    );
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toMatch(/\/deal\/updateone\/deal-1$/);
    expect(put?.body).toEqual({ pipeline_stage_id: 'st-offer', position: 0 });
    await waitFor(() =>
      expect(within(columnNamed('Nuevo') as HTMLElement).getAllByTestId('kanban-card')).toHaveLength(2),
    );
    expect(within(columnNamed('Nuevo') as HTMLElement).getByTestId('kanban-column-total')).toHaveTextContent(
      '1,3M',
    );
  });

  it('offers the pipelines settings when the company has no pipeline', async () => {
    stubApi(() => envelope(200, []));
    renderDealsAt(<DealsPage />, { ...makeAccount(), list_pipeline: [] }, '/app/deals');
    await userEvent.click(await screen.findByTestId('deals-to-pipelines'));
    expect(await screen.findByTestId('settings-route')).toBeInTheDocument();
  });
});
