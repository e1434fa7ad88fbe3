import type { Plan } from '@conversa/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, stubApi } from '../../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../../test/render';
import { PlanDialog } from './components/plan-dialog';

const master = () => makeAccount({ user: { account: 'master' } });

const plan: Plan = {
  id: 'plan-1',
  code: 'pro',
  name: 'Pro',
  price_clp: 29_990,
  price_usd: 32.5,
  duration_days: 30,
  quantities: {
    device: 3,
    user: 5,
    message: 1000,
    chatgpt: 0,
    dialogflow: 0,
    yeastar: 0,
    storage: 5_000_000_000,
  },
  extra_prices: {
    device: { clp: 5000, usd: 5.5 },
    user: { clp: 3000, usd: 3 },
    message: { clp: 10, usd: 0.01 },
  },
  access: ['chat.view'],
  is_public: true,
  is_default: false,
};

beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => vi.unstubAllGlobals());

const fill = async (testId: string, text: string) => {
  const input = screen.getByTestId(testId);
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
};

describe('plan dialog (master)', () => {
  it('a plan without any permission is not sent: the rule shows under the checklist', async () => {
    const calls = stubApi(() => envelope(200, [plan]));
    const onClose = vi.fn();
    renderWithProviders(<PlanDialog onClose={onClose} />, signedInQueryClient(master()));

    await fill('plan-code', 'pro');
    await fill('plan-name', 'Pro');
    await userEvent.click(screen.getByTestId('plan-submit'));

    expect(await screen.findByTestId('plan-access-error')).toHaveTextContent(
      'agregue al menos un permiso al plan',
    );
    expect(calls).toEqual([]);

    // A module's box gives all of its keys.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chat' }));
    expect(screen.queryByTestId('plan-access-error')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('plan-submit'));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/es/plan/create');
    expect(calls[0]?.body).toMatchObject({
      code: 'pro',
      name: 'Pro',
      duration_days: 30,
      access: ['chat.view', 'chat.lockchat', 'chat.releasechat', 'chat.unlockchatmany', 'chat.unlockall'],
      is_public: true,
    });
  }, 30_000);

  it('unticking the last permission of a plan being edited brings the rule back', async () => {
    const calls = stubApi(() => envelope(200, [plan]));
    renderWithProviders(<PlanDialog plan={plan} onClose={vi.fn()} />, signedInQueryClient(master()));

    await userEvent.click(within(screen.getByTestId('plan-access-key-chat.view')).getByRole('checkbox'));
    await userEvent.click(screen.getByTestId('plan-submit'));
    expect(await screen.findByTestId('plan-access-error')).toBeInTheDocument();
    expect(calls).toEqual([]);
  }, 30_000);

  it('dollars with more than two decimals and a blank quantity are refused before sending', async () => {
    const calls = stubApi(() => envelope(200, [plan]));
    renderWithProviders(<PlanDialog plan={plan} onClose={vi.fn()} />, signedInQueryClient(master()));

    await fill('plan-price_usd', '1.999');
    await userEvent.clear(screen.getByTestId('plan-quantities.user'));
    await userEvent.click(screen.getByTestId('plan-submit'));

    expect(
      await screen.findByText('Ingrese un monto de 0 o más con a lo sumo dos decimales'),
    ).toBeInTheDocument();
    expect(screen.getByText('Debe ser un número entero')).toBeInTheDocument();
    expect(calls).toEqual([]);
  }, 30_000);

  it('shows the plan’s storage in gigabytes and sends what is typed back in bytes', async () => {
    const calls = stubApi(() => envelope(200, [plan]));
    const onClose = vi.fn();
    renderWithProviders(<PlanDialog plan={plan} onClose={onClose} />, signedInQueryClient(master()));

    expect(screen.getByTestId('plan-quantities.storage')).toHaveValue(5);
    expect(screen.getByLabelText('Almacenamiento (GB)')).toBeInTheDocument();
    await fill('plan-quantities.storage', '2.5');
    await userEvent.click(screen.getByTestId('plan-submit'));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.url).toBe('/api/v1/es/plan/updateone/plan-1');
    expect(calls[0]?.body).toMatchObject({ quantities: { user: 5, storage: 2_500_000_000 } });
  }, 30_000);

  it('a new plan offers 1 GB of storage, as the server gives one that names none', async () => {
    stubApi(() => envelope(200, [plan]));
    renderWithProviders(<PlanDialog onClose={vi.fn()} />, signedInQueryClient(master()));
    expect(screen.getByTestId('plan-quantities.storage')).toHaveValue(1);
  }, 30_000);

  it('the server’s 406 naming the quota shows above the form and under the quantity', async () => {
    stubApi(() =>
      envelope(406, [], {
        info: 'Una empresa de este plan ya tiene 4 usuarios activos: la cantidad de usuarios no puede ser menor',
        errors: [
          { path: 'quantities.user', message: 'Una empresa de este plan ya tiene 4 usuarios activos' },
        ],
      }),
    );
    renderWithProviders(<PlanDialog plan={plan} onClose={vi.fn()} />, signedInQueryClient(master()));

    await fill('plan-quantities.user', '2');
    await userEvent.click(screen.getByTestId('plan-submit'));

    expect(await screen.findByTestId('plan-form-error')).toHaveTextContent('4 usuarios activos');
    expect(screen.getByText('Una empresa de este plan ya tiene 4 usuarios activos')).toBeInTheDocument();
  }, 30_000);
});
