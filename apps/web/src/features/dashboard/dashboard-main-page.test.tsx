import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../../test/account-fixture';
import { envelope, stubApi } from '../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../test/render';
import { DashboardMainPage } from './dashboard-main-page';
import { answerFor, figures } from './period/test/dashboard-fixtures';

const TOTALS: Record<string, number> = { 'contact/chats': 12345, 'contact/search': 56, 'task/search': 7 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dashboard', () => {
  it("shows each module's count from the server's totals, open tasks included", async () => {
    const calls = stubApi((call) => {
      const path = Object.keys(TOTALS).find((key) => call.url.endsWith(`/${key}`));
      if (!path) return envelope(200, []);
      return envelope(200, [{}], { pagination: { page: 1, offset: 1, total: TOTALS[path] ?? 0 } });
    });
    renderWithProviders(
      <MemoryRouter>
        <DashboardMainPage />
      </MemoryRouter>,
      signedInQueryClient(makeAccount()),
    );
    expect(await within(screen.getByTestId('card-conversations')).findByText('12.345')).toBeVisible();
    expect(await within(screen.getByTestId('card-contacts')).findByText('56')).toBeVisible();
    expect(await within(screen.getByTestId('card-tasks')).findByText('7')).toBeVisible();
    const tasksCall = calls.find((call) => call.url.endsWith('/task/search'));
    expect(tasksCall?.body).toMatchObject({ incomplete: true, filters: [] });
  });

  it("keeps the module cards and the balance, and adds the period's figures below them", async () => {
    stubApi((call) => {
      if (!call.url.endsWith('/dashboard/main')) return envelope(200, []);
      return envelope(200, [
        answerFor(call.body as { from: string; to: string }, figures({ messages_in: 42 })),
      ]);
    });
    renderWithProviders(
      <MemoryRouter>
        <DashboardMainPage />
      </MemoryRouter>,
      signedInQueryClient(makeAccount()),
    );
    expect(screen.getByTestId('balance-card')).toBeVisible();
    expect(screen.getByTestId('card-contacts')).toBeVisible();
    const received = await screen.findByTestId('figure-messages_in', {}, { timeout: 15_000 });
    expect(within(received).getByTestId('figure-value')).toHaveTextContent('42');
    expect(screen.getByRole('table', { name: 'Conversaciones y mensajes por día' })).toBeInTheDocument();
  });
});
