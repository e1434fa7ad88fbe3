import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { NewDealDialog } from './components/new-deal-dialog';
import { type Call, dealsAccount, envelope, makeDeal, renderDealsAt, stubApi } from './test/deals-fixtures';

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const MARTA = { id: 'contact-1', full_name: 'Marta Rojas', phone: '56987654321' };

describe('new deal dialog', () => {
  it('prefills the name from the contact and posts the deal in the first pipeline and stage', async () => {
    const created = vi.fn();
    const calls = stubApi((call) =>
      call.url.endsWith('/deal/create') ? envelope(200, [makeDeal({ id: 'deal-9' })]) : envelope(200, []),
    );
    renderDealsAt(
      <NewDealDialog open onClose={() => undefined} contact={MARTA} onCreated={created} />,
      dealsAccount(),
      '/app/deals',
    );

    expect(screen.getByTestId('new-deal-name')).toHaveValue('Presupuesto Marta Rojas');
    await userEvent.type(screen.getByTestId('new-deal-amount'), '-5');
    expect(await screen.findByText('Debe ser un número mayor que 0')).toBeInTheDocument();
    expect(screen.getByTestId('new-deal-submit')).toBeDisabled();

    await userEvent.clear(screen.getByTestId('new-deal-amount'));
    await userEvent.type(screen.getByTestId('new-deal-amount'), '250000');
    await waitFor(() => expect(screen.getByTestId('new-deal-submit')).toBeEnabled());
    await userEvent.click(screen.getByTestId('new-deal-submit'));

    await waitFor(() => expect(created).toHaveBeenCalledWith(expect.objectContaining({ id: 'deal-9' })));
    expect(calls.find((call) => call.url.endsWith('/deal/create'))?.body).toEqual({
      name: 'Presupuesto Marta Rojas',
      contact_id: 'contact-1',
      pipeline_id: 'pipe-1',
      pipeline_stage_id: 'st-new',
      stage: 'open',
      lost_reason: '',
      branch: '',
      amount: 250000,
      currency: 'CLP',
      closing_date: '',
      expected_date: '',
      owner: ['u1'],
      tags: [],
    });
  });

  it('finds the contact by part of its name once the typing pauses, and names the deal after it', async () => {
    const marta = { id: 'contact-1', info: { full_name: 'Marta Rojas', phone: '56987654321' } };
    // Only a search by the typed text finds her: the picker opens with everyone (here no one).
    const isByText = (call: Call) => (call.body as { filters: unknown[] }).filters.length > 0;
    const calls = stubApi((call) =>
      call.url.endsWith('/contact/search') && isByText(call) ? envelope(200, [marta]) : envelope(200, []),
    );
    renderDealsAt(<NewDealDialog open onClose={() => undefined} />, dealsAccount(), '/app/deals');

    await userEvent.type(screen.getByTestId('new-deal-contact'), 'mar');
    const option = await screen.findByRole('option', { name: 'Marta Rojas +56987654321' }, { timeout: 3000 });
    await userEvent.click(option);

    expect(screen.getByTestId('new-deal-name')).toHaveValue('Presupuesto Marta Rojas');
    const searches = calls.filter((call) => call.url.endsWith('/contact/search'));
    expect(searches.map((call) => (call.body as { filters: unknown[] }).filters)).toEqual([
      [],
      [{ key: 'info.full_name', condition: 'contains', value: 'mar' }],
    ]);
    expect(searches[1]?.body).toMatchObject({
      page: 1,
      offset: 20,
      sort: { key: 'info.full_name', order: 'asc' },
    });
  });

  it('asks for a name before creating', async () => {
    stubApi(() => envelope(200, []));
    renderDealsAt(
      <NewDealDialog open onClose={() => undefined} contact={MARTA} />,
      dealsAccount(),
      '/app/deals',
    );
    await userEvent.clear(screen.getByTestId('new-deal-name'));
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(screen.getByTestId('new-deal-submit')).toBeDisabled();
  });
});
