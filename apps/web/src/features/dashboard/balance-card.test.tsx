import { type ClientAnalytics, NUMBER_FORMATS } from '@conversa/domain';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../../test/account-fixture';
import { envelope, stubApi } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { BalanceCard } from './balance-card';

const BALANCE: ClientAnalytics = {
  message: {
    available: {
      plan: { total: 5000, used: 1234, percent: 24.68 },
      bags: { total: 3000, used: 1000, percent: 33.33 },
    },
  },
  quotas: {
    user: { limit: 5, used: 2 },
    device: { limit: 3, used: 1 },
    message: { limit: 5000, used: 1234 },
    chatgpt: { limit: 0, used: 0 },
    dialogflow: { limit: 0, used: 0 },
    yeastar: { limit: 0, used: 0 },
  },
};

const renderCard = (account = makeAccount()) =>
  renderWithProviders(
    <MemoryRouter>
      <BalanceCard />
    </MemoryRouter>,
    signedInQueryClient(account),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('balance card', () => {
  it('shows plan and bags with their percents, two decimals, in the company number format', async () => {
    const calls = stubApi(() => envelope(200, [BALANCE]));
    renderCard();
    expect(await screen.findByTestId('balance-plan')).toHaveTextContent(
      'Plan: 1.234 de 5.000 usados (24,68 %)',
    );
    expect(screen.getByTestId('balance-bags')).toHaveTextContent('Bolsas: 1.000 de 3.000 usados (33,33 %)');
    expect(calls[0]?.url).toContain('/client/analitics/c1');
  });

  it('writes the numbers the US way for a company with the US format', async () => {
    stubApi(() => envelope(200, [BALANCE]));
    renderCard(makeAccount({ client: { number_format: NUMBER_FORMATS.US } }));
    expect(await screen.findByTestId('balance-plan')).toHaveTextContent('1,234 de 5,000 usados (24.68 %)');
  });

  it('offers the buy button only to a client account with a subscription id', async () => {
    stubApi(() => envelope(200, [BALANCE]));
    const { unmount } = renderCard(makeAccount({ client: { subscribe_id: ['sub-1'] } }));
    expect(await screen.findByTestId('balance-buy')).toHaveAttribute('href', '/app/billing/features');
    unmount();
    renderCard(makeAccount({ client: { subscribe_id: [] } }));
    await screen.findByTestId('balance-plan');
    expect(screen.queryByTestId('balance-buy')).toBeNull();
    renderCard(makeAccount({ user: { account: 'user' }, client: { subscribe_id: ['sub-1'] } }));
    expect(screen.queryByTestId('balance-buy')).toBeNull();
  });

  it('says No plan assigned yet, without asking the server, when the company has no plan', () => {
    const calls = stubApi(() => envelope(200, [BALANCE]));
    renderCard(makeAccount({ client: { plan_id: null } }));
    expect(screen.getByTestId('balance-no-plan')).toHaveTextContent('Aún no tienes un plan asignado');
    expect(calls).toHaveLength(0);
  });
});
