import type { ListItem } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { makeAccount } from '../../test/account-fixture';
import { DealDetailPage } from './pages/deal-detail-page';
import { dealsAccount, envelope, makeDeal, renderDealsAt, SALES, stubApi } from './test/deals-fixtures';

const DETAIL = '/app/deals/detail/deal-1';

/** A staff user who may see deals but not edit them. */
const viewer = () => ({
  ...makeAccount({ user: { account: 'user', access: ['deal.view'] } }),
  list_pipeline: [SALES],
});

const VIP: ListItem = {
  id: 'tag-vip',
  module: 'deal',
  field: 'tags',
  name: 'VIP',
  color: '#f44336',
  status: true,
  position: 0,
};

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deal detail', () => {
  it('saves only the changed fields of the data form, the amount sent as a number', async () => {
    const calls = stubApi((call) => {
      if (call.method === 'PUT') return envelope(200, [makeDeal({ amount: 175000.5 })]);
      if (call.url.endsWith('/deal/search/deal-1')) return envelope(200, [makeDeal()]);
      return envelope(200, []);
    });
    renderDealsAt(<DealDetailPage />, dealsAccount(), DETAIL);

    const amount = await screen.findByTestId('deal-amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '175000.5');
    await userEvent.click(screen.getByTestId('deal-data-save'));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toMatch(/\/deal\/updateone\/deal-1$/);
    expect(put?.body).toEqual({ amount: 175000.5 });
  });

  it('shows the server’s refusal of a field under that field', async () => {
    stubApi((call) => {
      if (call.method === 'PUT') {
        return envelope(400, [], {
          info: 'Revisa los datos',
          errors: [{ path: 'branch', message: 'Esa sucursal no existe' }],
        });
      }
      if (call.url.endsWith('/deal/search/deal-1')) return envelope(200, [makeDeal()]);
      return envelope(200, []);
    });
    renderDealsAt(<DealDetailPage />, dealsAccount(), DETAIL);

    await userEvent.type(await screen.findByTestId('deal-branch'), 'Norte');
    await userEvent.click(screen.getByTestId('deal-data-save'));

    expect(await screen.findByText('Esa sucursal no existe')).toBeInTheDocument();
    expect(screen.getByTestId('deal-branch')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows its data, owners and tags without inputs to a person who may not edit deals', async () => {
    stubApi((call) =>
      call.url.endsWith('/deal/search/deal-1')
        ? envelope(200, [makeDeal({ owner: ['u1'], tags: ['tag-vip'], branch: 'Centro' })])
        : envelope(200, []),
    );
    const account = { ...viewer(), list_dinamic: [VIP] };
    renderDealsAt(<DealDetailPage />, account, DETAIL);

    expect(await screen.findByText('Centro')).toBeInTheDocument();
    expect(screen.queryByTestId('deal-data-form')).not.toBeInTheDocument();
    expect(screen.getByText('Ana María Pérez')).toBeInTheDocument();
    expect(screen.getByText('VIP')).toBeInTheDocument();
    expect(screen.getByText('Ventas · Nuevo')).toBeInTheDocument();
    expect(within(screen.getByTestId('deal-contact')).getByText('Marta Rojas')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('says a deal has no owners to a person who may not edit deals', async () => {
    stubApi((call) =>
      call.url.endsWith('/deal/search/deal-1') ? envelope(200, [makeDeal()]) : envelope(200, []),
    );
    renderDealsAt(<DealDetailPage />, viewer(), DETAIL);

    expect(await screen.findByText('Sin responsables')).toBeInTheDocument();
  });
});
