import type { ClientAnalytics } from '@conversa/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../../test/account-fixture';
import { envelope, stubApi } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { BalanceMenu } from './balance-menu';

const BALANCE: ClientAnalytics = {
  message: {
    available: {
      plan: { total: 1000, used: 1000, percent: 100 },
      bags: { total: 500, used: 1, percent: 0.2 },
    },
  },
  quotas: {
    user: { limit: 5, used: 1 },
    device: { limit: 3, used: 0 },
    message: { limit: 1000, used: 1000 },
    chatgpt: { limit: 0, used: 0 },
    dialogflow: { limit: 0, used: 0 },
    yeastar: { limit: 0, used: 0 },
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('header balance dropdown', () => {
  it('is not shown when the company has no subscription id', () => {
    const calls = stubApi(() => envelope(200, [BALANCE]));
    renderWithProviders(<BalanceMenu />, signedInQueryClient(makeAccount({ client: { subscribe_id: [] } })));
    expect(screen.queryByTestId('balance-menu')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('loads the balance when opened and shows plan and bags with two-decimal percents', async () => {
    const calls = stubApi(() => envelope(200, [BALANCE]));
    renderWithProviders(
      <BalanceMenu />,
      signedInQueryClient(makeAccount({ client: { subscribe_id: ['sub-1'] } })),
    );
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByTestId('balance-menu'));
    expect(await screen.findByTestId('balance-plan')).toHaveTextContent(
      'Plan: 1.000 de 1.000 usados (100,00 %)',
    );
    expect(screen.getByTestId('balance-bags')).toHaveTextContent('Bolsas: 1 de 500 usados (0,20 %)');
  });

  it('says No plan assigned yet for a subscribed company without a plan', async () => {
    stubApi(() => envelope(200, [BALANCE]));
    renderWithProviders(
      <BalanceMenu />,
      signedInQueryClient(makeAccount({ client: { subscribe_id: ['sub-1'], plan_id: null } })),
    );
    await userEvent.click(screen.getByTestId('balance-menu'));
    expect(await screen.findByTestId('balance-no-plan')).toHaveTextContent('Aún no tienes un plan asignado');
  });
});
