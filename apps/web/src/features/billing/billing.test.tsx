import { type Feature, NUMBER_FORMATS, type Plan } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import type { Notification } from '../../shared/socket';
import { makeAccount } from '../../test/account-fixture';
import { type Call, envelope, stubApi } from '../../test/api-stub';
import { renderRoutesAt, renderWithProviders, signedInQueryClient } from '../../test/render';
import { billingMoney } from './billing-money';
import { PaymentOutcomeDialogs } from './components/payment-outcome-dialogs';
import { BillingFeaturesPage } from './pages/billing-features-page';
import { BillingPlansPage } from './pages/billing-plans-page';
import { InvoicesPage } from './pages/invoices-page';
import { resetPaymentOutcomes } from './payment-outcome-store';

const listeners = new Map<string, (payload: unknown) => void>();
vi.mock('../../shared/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/socket')>()),
  useSocketEvent: (event: string, handler: (payload: unknown) => void) => listeners.set(event, handler),
}));

const navigation = vi.hoisted(() => ({ sendToProvider: vi.fn(), reloadAfterPurchase: vi.fn() }));
vi.mock('./page-navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./page-navigation')>()),
  ...navigation,
}));

const plan = (overrides: Partial<Plan>): Plan => ({
  id: 'plan-pro',
  code: 'PRO',
  name: 'Pro',
  price_clp: 49_990,
  price_usd: 54.5,
  duration_days: 30,
  quantities: {
    user: 10,
    device: 3,
    message: 12_000,
    chatgpt: 500,
    dialogflow: 0,
    yeastar: 0,
    storage: 1_000_000_000,
  },
  extra_prices: {
    device: { clp: 9_990, usd: 11 },
    user: { clp: 4_990, usd: 5.5 },
    message: { clp: 10, usd: 0.01 },
  },
  access: ['chat.view', 'contact.view'],
  is_public: true,
  is_default: false,
  ...overrides,
});

const BAG: Feature = {
  id: 'bag-1000',
  code: 'BAG1000',
  name: 'Bolsa 1.000 mensajes',
  kind: 'message_bag',
  quantity: 1_000,
  price_clp: 12_500,
  price_usd: 13.75,
  is_public: true,
};

const US_COMPANY = { country: 'US', number_format: NUMBER_FORMATS.US };

const isTo = (call: Call, path: string) => call.url.includes(`/${path}`);

const EVERY_PROVIDER = [{ provider: 'paypal' }, { provider: 'flow' }, { provider: 'rebill' }];

const answerCatalogue = (plans: Plan[], offered = EVERY_PROVIDER) =>
  stubApi((call) => {
    if (isTo(call, 'billing/providers')) return envelope(200, offered);
    if (isTo(call, 'plan/search')) return envelope(200, plans);
    if (isTo(call, 'feature/search')) return envelope(200, [BAG]);
    if (isTo(call, 'billing/checkout'))
      return envelope(200, [{ url: 'https://flow.test/pay?token=t1', purchase_id: 'pur-1' }]);
    if (isTo(call, 'invoice/search')) return envelope(200, []);
    return envelope(200, []);
  });

const providerNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

beforeEach(async () => {
  await changeLocale('es');
  resetPaymentOutcomes();
  listeners.clear();
  navigation.sendToProvider.mockReset();
  navigation.reloadAfterPurchase.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Marketplace plans', () => {
  it('shows a Chilean company its plans in pesos in its number format, its own plan with the expiry, and Flow or Rebill to pay', async () => {
    const calls = answerCatalogue([plan({}), plan({ id: 'plan-basic', name: 'Básico', price_clp: 19_990 })]);
    renderRoutesAt(
      '/app/billing/plans',
      <Route path="/app/billing/plans" element={<BillingPlansPage />} />,
      makeAccount({ client: { plan_id: 'plan-pro', plan_expires_at: '2026-12-31T15:00:00.000Z' } }),
    );

    const cards = await screen.findAllByTestId('plan-card');
    // Cheapest first.
    expect(within(cards[0] as HTMLElement).getByTestId('plan-price')).toHaveTextContent('19.990 CLP');
    const pro = cards[1] as HTMLElement;
    expect(within(pro).getByTestId('plan-price')).toHaveTextContent('49.990 CLP');
    expect(within(pro).getByText('Tu plan actual')).toBeInTheDocument();
    expect(within(pro).getByTestId('plan-expiry')).toHaveTextContent('Vence el 31/12/2026');
    expect(within(pro).getByTestId('plan-duration')).toHaveTextContent('Duración: 30 días');
    expect(within(pro).getByTestId('plan-quantities')).toHaveTextContent('Mensajes: 12.000');
    expect(within(pro).getByTestId('plan-access')).toHaveTextContent('Chat · Contactos');
    expect(screen.queryByTestId('no-plan')).not.toBeInTheDocument();

    await userEvent.click(within(pro).getByTestId('plan-buy'));
    const dialog = await screen.findByRole('dialog');
    expect(providerNames(dialog)).toEqual(['Flow', 'Rebill']);
    expect(within(dialog).queryByTestId('checkout-quantity')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('checkout-total')).toHaveTextContent('Total: 49.990 CLP');
    await userEvent.click(within(dialog).getByTestId('checkout-submit'));

    await waitFor(() =>
      expect(navigation.sendToProvider).toHaveBeenCalledWith('https://flow.test/pay?token=t1'),
    );
    expect(calls.find((call) => isTo(call, 'billing/checkout'))?.body).toEqual({
      plan_id: 'plan-pro',
      quantity: 1,
      provider: 'flow',
    });
  });

  it('shows a company outside Chile its plans in dollars with two decimals, and PayPal or Rebill to pay', async () => {
    answerCatalogue([plan({})]);
    renderRoutesAt(
      '/app/billing/plans',
      <Route path="/app/billing/plans" element={<BillingPlansPage />} />,
      makeAccount({ client: { ...US_COMPANY, plan_id: null } }),
    );

    const card = await screen.findByTestId('plan-card');
    expect(within(card).getByTestId('plan-price')).toHaveTextContent('$54.50 USD');
    expect(within(card).getByTestId('plan-quantities')).toHaveTextContent('Mensajes: 12,000');
    expect(screen.getByTestId('no-plan')).toHaveTextContent('Aún no tienes un plan asignado');

    await userEvent.click(within(card).getByTestId('plan-buy'));
    expect(providerNames(await screen.findByRole('dialog'))).toEqual(['PayPal', 'Rebill']);
  });

  it('offers only the providers the platform has credentials for, and says so when none takes the company’s currency', async () => {
    answerCatalogue([plan({})], [{ provider: 'flow' }]);
    const view = renderRoutesAt(
      '/app/billing/plans',
      <Route path="/app/billing/plans" element={<BillingPlansPage />} />,
      makeAccount({ client: { plan_id: null } }),
    );
    await userEvent.click(within(await screen.findByTestId('plan-card')).getByTestId('plan-buy'));
    expect(providerNames(await screen.findByRole('dialog'))).toEqual(['Flow']);
    view.unmount();

    answerCatalogue([plan({})], [{ provider: 'flow' }]);
    renderRoutesAt(
      '/app/billing/plans',
      <Route path="/app/billing/plans" element={<BillingPlansPage />} />,
      makeAccount({ client: { ...US_COMPANY, plan_id: null } }),
    );
    await userEvent.click(within(await screen.findByTestId('plan-card')).getByTestId('plan-buy'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('checkout-no-providers')).toHaveTextContent(
      'Por ahora no hay un medio de pago disponible para tu moneda',
    );
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    expect(within(dialog).getByTestId('checkout-submit')).toBeDisabled();
  });

  it('waits for the confirmation when the payer comes back from the provider, until the purchase is paid', async () => {
    let invoices: unknown[] = [];
    stubApi((call) => {
      if (isTo(call, 'plan/search')) return envelope(200, [plan({})]);
      if (isTo(call, 'invoice/search')) return envelope(200, invoices);
      return envelope(200, []);
    });
    const account = makeAccount();
    renderWithProviders(<PaymentOutcomeDialogs />, signedInQueryClient(account));
    renderRoutesAt(
      '/app/billing/plans?purchase=pur-7',
      <Route path="/app/billing/plans" element={<BillingPlansPage />} />,
      account,
    );
    expect(await screen.findByTestId('purchase-waiting')).toHaveTextContent(
      'Estamos esperando la confirmación de tu pago',
    );

    // The realtime outcome was sent while the payer was on the provider's page: the invoice tells.
    invoices = [{ id: 'inv-1', purchase_id: 'pur-7' }];
    expect(await screen.findByTestId('payment-success', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('purchase-waiting')).not.toBeInTheDocument();
  });
});

describe('the Marketplace features', () => {
  it('sells a message bag by the unit with the total in the company’s format', async () => {
    const calls = answerCatalogue([]);
    renderRoutesAt(
      '/app/billing/features',
      <Route path="/app/billing/features" element={<BillingFeaturesPage />} />,
      makeAccount(),
    );

    const card = await screen.findByTestId('feature-card');
    expect(within(card).getByTestId('feature-price')).toHaveTextContent('12.500 CLP');
    expect(within(card).getByTestId('feature-quantity')).toHaveTextContent('Mensajes: 1.000');
    await userEvent.click(within(card).getByTestId('feature-buy'));
    const dialog = await screen.findByRole('dialog');
    const quantity = within(dialog).getByTestId('checkout-quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(within(dialog).getByTestId('checkout-total')).toHaveTextContent('Total: 37.500 CLP');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Rebill' }));
    await userEvent.click(within(dialog).getByTestId('checkout-submit'));

    await waitFor(() => expect(navigation.sendToProvider).toHaveBeenCalled());
    expect(calls.find((call) => isTo(call, 'billing/checkout'))?.body).toEqual({
      feature_id: 'bag-1000',
      quantity: 3,
      provider: 'rebill',
    });
  });
});

describe('the payment outcome', () => {
  const renderListener = () =>
    renderWithProviders(<PaymentOutcomeDialogs />, signedInQueryClient(makeAccount()));

  it('opens the success dialog on a 200 payment notification, whose confirmation reloads the page', async () => {
    renderListener();
    const notification: Notification = {
      module: 'payment',
      action: 'checkout',
      data: [{ purchase_id: 'pur-1', status_codes: 200, info: 'Pago recibido' }],
    };
    listeners.get('notification')?.(notification);

    const dialog = await screen.findByTestId('payment-success');
    expect(dialog).toHaveTextContent('¡Pago confirmado!');
    await userEvent.click(within(dialog).getByTestId('payment-success-confirm'));
    expect(navigation.reloadAfterPurchase).toHaveBeenCalledTimes(1);
  });

  it('opens the error dialog with the provider’s info on any other status', async () => {
    renderListener();
    listeners.get('notification')?.({
      module: 'payment',
      action: 'checkout',
      data: [{ purchase_id: 'pur-2', status_codes: 406, info: 'Flow rechazó el pago: tarjeta sin fondos' }],
    });

    const dialog = await screen.findByTestId('payment-error');
    expect(dialog).toHaveTextContent('El pago no se completó');
    expect(within(dialog).getByTestId('payment-outcome-info')).toHaveTextContent(
      'Flow rechazó el pago: tarjeta sin fondos',
    );
    await userEvent.click(within(dialog).getByTestId('payment-error-close'));
    await waitFor(() => expect(screen.queryByTestId('payment-error')).not.toBeInTheDocument());
    expect(navigation.reloadAfterPurchase).not.toHaveBeenCalled();
  });

  it('leaves the payments module’s own notifications alone', async () => {
    renderListener();
    listeners.get('notification')?.({
      module: 'payment',
      action: 'create',
      data: [{ id: 'pay-1', amount: 250_000, deal_id: 'deal-1' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the invoices', () => {
  it('lists every company’s invoices with the company’s name for the master, amounts in their currency', async () => {
    const calls = stubApi(() =>
      envelope(
        200,
        [
          {
            id: 'inv-1',
            number: 41,
            client_id: 'c7',
            client_name: 'Ferretería Sur',
            purchase_id: 'pur-1',
            description: 'Bolsa 1.000 mensajes × 2',
            provider: 'flow',
            currency: 'CLP',
            amount: 25_000,
            create_date: '2026-11-20T15:00:00.000Z',
          },
        ],
        { pagination: { total: 1, page: 1, offset: 25 } },
      ),
    );
    renderRoutesAt(
      '/app/billing/invoices',
      <Route path="/app/billing/invoices" element={<InvoicesPage />} />,
      makeAccount({ user: { account: 'master' } }),
    );

    const row = await screen.findByTestId('invoice-row');
    expect(row).toHaveTextContent('41');
    expect(row).toHaveTextContent('Ferretería Sur');
    expect(row).toHaveTextContent('Flow');
    expect(within(row).getByTestId('invoice-amount')).toHaveTextContent('25.000 CLP');
    expect(calls[0]?.body).toMatchObject({
      page: 1,
      offset: 25,
      sort: { key: 'create_date', order: 'desc' },
    });
  });
});

describe('billingMoney', () => {
  it('writes pesos whole and dollars with cents, with the company’s separators', () => {
    const chile = makeAccount().client;
    expect(billingMoney(1_234_567, 'CLP', chile)).toBe('1.234.567 CLP');
    expect(billingMoney(1_234.5, 'USD', chile)).toBe('1.234,50 USD');
    expect(billingMoney(1_234.5, 'USD', { ...chile, ...US_COMPANY })).toBe('$1,234.50 USD');
  });
});
