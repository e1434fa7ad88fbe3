import type { Deal, Payment } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { isoDay, rangeDays } from '../../shared/records/filter-values';
import { type Call, envelope, renderRecords, stubApi } from '../../shared/records/test/records-fixtures';
import { makeAccount } from '../../test/account-fixture';
import { DealPayments } from './components/deal-payments';
import { PaymentsPage } from './pages/payments-page';

const deal: Deal = {
  id: 'deal-1',
  client_id: 'c1',
  numdeal: 7,
  name: 'Remodelación cocina',
  contact_id: 'contact-1',
  contact: { id: 'contact-1', full_name: 'Paula Reyes', phone: '56911112222' },
  pipeline_id: 'p1',
  pipeline_stage_id: 's1',
  position: 0,
  stage: 'open',
  lost_reason: '',
  branch: '',
  amount: 1_000_000,
  currency: 'CLP',
  paid_total: 250_000,
  balance: 750_000,
  closing_date: '',
  expected_date: '',
  owner: [],
  tags: [],
  create_date: '2026-03-01T12:00:00.000Z',
};

const payment: Payment = {
  id: 'pay-1',
  client_id: 'c1',
  deal_id: 'deal-1',
  deal: {
    id: 'deal-1',
    numdeal: 7,
    name: 'Remodelación cocina',
    contact_id: 'contact-1',
    contact_name: 'Paula Reyes',
  },
  payment_date: '2026-03-05',
  payment_method: 'cash',
  amount: 250_000,
  currency: 'CLP',
  note: '',
  user_id: 'u1',
  create_date: '2026-03-05T12:00:00.000Z',
};

const isTo = (call: Call, path: string) => call.url.includes(`/payment/${path}`);

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a deal’s payments', () => {
  it('shows the deal’s amount, paid total and balance and its payments in the company’s format', async () => {
    stubApi((call) => (isTo(call, 'search') ? envelope(200, [payment]) : envelope(200, [])));
    renderRecords(<DealPayments deal={deal} />, makeAccount());

    expect(screen.getByTestId('deal-amount')).toHaveTextContent('1.000.000');
    expect(screen.getByTestId('deal-paid')).toHaveTextContent('250.000');
    expect(screen.getByTestId('deal-balance')).toHaveTextContent('750.000');
    const row = await screen.findByTestId('deal-payment');
    expect(row).toHaveTextContent('Efectivo');
    expect(row).toHaveTextContent('250.000');
  });

  it('validates the new payment as the person types and posts it with today’s date', async () => {
    const calls = stubApi((call) => {
      if (isTo(call, 'create'))
        return envelope(200, [{ ...payment, id: 'pay-2' }], { info: 'Abono registrado' });
      return envelope(200, []);
    });
    renderRecords(<DealPayments deal={deal} />, makeAccount());
    await screen.findByTestId('deal-payments-empty');

    await userEvent.click(screen.getByTestId('deal-payment-add'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('payment-payment_date')).toHaveValue(isoDay(new Date()));
    const submit = within(dialog).getByTestId('payment-dialog-submit');

    const amount = within(dialog).getByTestId('payment-amount');
    await userEvent.type(amount, '-5');
    expect(await within(dialog).findByText('Debe ser un número mayor que 0')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, 'abc');
    expect(await within(dialog).findByText('Debe ser un número entero')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '150000');
    // The offered method typed by its translated name is stored by its key.
    await userEvent.type(within(dialog).getByTestId('payment-method'), 'Transferencia');
    await userEvent.type(within(dialog).getByTestId('payment-note'), 'Segunda cuota');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);

    await waitFor(() => expect(calls.filter((call) => isTo(call, 'create'))).toHaveLength(1));
    expect(calls.find((call) => isTo(call, 'create'))?.body).toEqual({
      deal_id: 'deal-1',
      payment_date: isoDay(new Date()),
      payment_method: 'transfer',
      amount: 150_000,
      note: 'Segunda cuota',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a payment after the confirmation, and offers neither edit nor delete without permission', async () => {
    const calls = stubApi((call) => (isTo(call, 'search') ? envelope(200, [payment]) : envelope(200, [])));
    const { unmount } = renderRecords(<DealPayments deal={deal} />, makeAccount());
    await userEvent.click(await screen.findByTestId('deal-payment-delete'));
    expect(screen.getByText('¿Eliminar este abono?')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && isTo(call, 'deleteone/pay-1'))).toBe(true),
    );
    unmount();

    renderRecords(
      <DealPayments deal={deal} />,
      makeAccount({ user: { account: 'user', access: ['payment.view', 'deal.view'] } }),
    );
    await screen.findByTestId('deal-payment');
    expect(screen.queryByTestId('deal-payment-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deal-payment-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deal-payment-delete')).not.toBeInTheDocument();
  });
});

describe('the payments page', () => {
  it('shows the count and the sum per currency in the company’s number format, for the chosen period', async () => {
    const calls = stubApi((call) => {
      if (isTo(call, 'totals')) {
        return envelope(200, [
          {
            count: 1234,
            totals: [
              { currency: 'CLP', amount: 1_234_567.5 },
              { currency: 'USD', amount: 300.25 },
            ],
          },
        ]);
      }
      if (isTo(call, 'search'))
        return envelope(200, [payment], { pagination: { total: 1, page: 1, offset: 25 } });
      return envelope(200, []);
    });
    renderRecords(<PaymentsPage />, makeAccount());

    expect(await screen.findByTestId('payment-totals-count')).toHaveTextContent('1.234');
    // A CLP company writes pesos without decimals, and another currency with its code.
    expect(screen.getByTestId('payment-total-CLP')).toHaveTextContent('1.234.568');
    expect(screen.getByTestId('payment-total-USD')).toHaveTextContent('300 USD');

    await userEvent.click(screen.getByRole('combobox', { name: 'Periodo' }));
    await userEvent.click(await screen.findByTestId('payment-period-month'));
    const [first, last] = rangeDays('month', new Date());
    await waitFor(() =>
      expect(calls.filter((call) => isTo(call, 'totals')).at(-1)?.body).toEqual({
        filters: [{ key: 'payment_date', condition: 'between', value: [isoDay(first), isoDay(last)] }],
        logical: 'and',
      }),
    );
  });

  it('records a payment on a deal found by part of its name', async () => {
    const calls = stubApi((call) => {
      if (call.url.endsWith('/deal/search')) {
        // Only a search by the typed text finds it: the picker opens with the newest deals (here none).
        return envelope(200, (call.body as { filters: unknown[] }).filters.length > 0 ? [deal] : []);
      }
      if (isTo(call, 'create')) return envelope(200, [{ ...payment, id: 'pay-3' }]);
      return envelope(200, []);
    });
    renderRecords(<PaymentsPage />, makeAccount());

    await userEvent.click(await screen.findByTestId('new-payment'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByTestId('payment-deal'), 'cocina');
    await userEvent.click(
      await screen.findByRole('option', { name: 'N.º 7 · Remodelación cocina' }, { timeout: 3000 }),
    );
    expect(within(dialog).getByTestId('payment-deal')).toHaveValue('N.º 7 · Remodelación cocina');
    await userEvent.type(within(dialog).getByTestId('payment-amount'), '5000');
    await userEvent.type(within(dialog).getByTestId('payment-method'), 'Transferencia');
    await waitFor(() => expect(within(dialog).getByTestId('payment-dialog-submit')).toBeEnabled());
    await userEvent.click(within(dialog).getByTestId('payment-dialog-submit'));

    await waitFor(() => expect(calls.filter((call) => isTo(call, 'create'))).toHaveLength(1));
    expect(calls.find((call) => isTo(call, 'create'))?.body).toMatchObject({
      deal_id: 'deal-1',
      amount: 5000,
    });
    const searched = calls.filter((call) => call.url.endsWith('/deal/search')).at(-1)?.body;
    expect(searched).toMatchObject({
      filters: [{ key: 'name', condition: 'contains', value: 'cocina' }],
      sort: { key: 'create_date', order: 'desc' },
    });
  });

  it('writes the totals with the prefix and decimals of a US company', async () => {
    stubApi((call) =>
      isTo(call, 'totals')
        ? envelope(200, [{ count: 2, totals: [{ currency: 'USD', amount: 1_234_567.5 }] }])
        : envelope(200, []),
    );
    renderRecords(
      <PaymentsPage />,
      makeAccount({
        client: {
          country: 'US',
          number_format: {
            decimalseparator: '.',
            thousandseparator: ',',
            decimalscale: 2,
            prefix: '$',
            suffix: '',
          },
        },
      }),
    );
    expect(await screen.findByTestId('payment-total-USD')).toHaveTextContent('$1,234,567.50');
  });
});
