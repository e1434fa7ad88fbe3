import type { ConfirmationDashboard } from '@conversa/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { envelope, stubApi } from '../../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../../test/render';
import { makeDevice } from '../../devices/test/device-fixtures';
import { ConfirmationsDashboardPage } from './confirmations-dashboard-page';

const WHATSAPP = makeDevice('whatsapp', { id: 'device-wa', name: 'WhatsApp recepción' });

const DASHBOARD: ConfirmationDashboard = {
  totals: {
    appointments: 1200,
    sent: 1150,
    confirmed: 900,
    cancelled: 150,
    no_reply: 100,
    failed: 50,
    attended: 800,
    no_show: 40,
  },
  rates: { confirmed: 0.75, cancelled: 0.125, no_reply: 0.0833, attended: 0.6667, no_show: 0.0333 },
  by_day: [
    { date: '2026-04-01', appointments: 600, confirmed: 450, cancelled: 75, no_reply: 50, failed: 25 },
    { date: '2026-04-02', appointments: 600, confirmed: 450, cancelled: 75, no_reply: 50, failed: 25 },
  ],
  by_professional: [
    {
      specialist: '12',
      name: 'Dra. Soto',
      appointments: 700,
      confirmed: 600,
      cancelled: 50,
      no_reply: 40,
      failed: 10,
    },
    {
      specialist: '13',
      name: 'Dr. Vega',
      appointments: 500,
      confirmed: 300,
      cancelled: 100,
      no_reply: 60,
      failed: 40,
    },
  ],
  by_branch: [
    {
      branch: '1',
      name: 'Providencia',
      appointments: 1200,
      confirmed: 900,
      cancelled: 150,
      no_reply: 100,
      failed: 50,
    },
  ],
};

const renderDashboard = () =>
  renderWithProviders(
    <MemoryRouter>
      <ConfirmationsDashboardPage />
    </MemoryRouter>,
    signedInQueryClient({ ...makeAccount(), list_device: [WHATSAPP] }),
  );

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-04-15T15:00:00.000Z'));
  await changeLocale('es');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the confirmations dashboard', () => {
  it("shows the month's totals and rates in the person's language, by day, professional and branch", async () => {
    const calls = stubApi(() => envelope(200, [DASHBOARD]));
    renderDashboard();

    const appointments = await screen.findByTestId('dashboard-total-appointments');
    expect(within(appointments).getByTestId('dashboard-count')).toHaveTextContent('1200');
    const confirmed = screen.getByTestId('dashboard-total-confirmed');
    expect(within(confirmed).getByTestId('dashboard-count')).toHaveTextContent('900');
    expect(within(confirmed).getByTestId('dashboard-rate')).toHaveTextContent('75 % de las citas');
    expect(
      within(screen.getByTestId('dashboard-total-no_reply')).getByTestId('dashboard-rate'),
    ).toHaveTextContent('8,3 %');
    expect(screen.getAllByTestId('day-bar')).toHaveLength(2);
    const dayTable = screen.getByRole('table', { name: 'Respuestas por día' });
    expect(within(dayTable).getAllByRole('row')).toHaveLength(3);
    const professionals = within(screen.getByTestId('by-professional')).getAllByTestId('by-professional-row');
    expect(professionals[0]).toHaveTextContent('Dra. Soto');
    expect(professionals[0]).toHaveTextContent('85,7 %');
    expect(within(screen.getByTestId('by-branch')).getByText('Providencia')).toBeInTheDocument();

    expect(calls[0]?.url).toMatch(/\/dashboard\/confirmations$/);
    expect(calls[0]?.body).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('asks for one device, and for nothing while the period ends before it starts', async () => {
    const calls = stubApi(() => envelope(200, [DASHBOARD]));
    renderDashboard();
    await screen.findByTestId('dashboard-total-appointments');

    await userEvent.click(screen.getByTestId('dashboard-device'));
    await userEvent.click(await screen.findByRole('option', { name: WHATSAPP.name }));
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({ from: '2026-04-01', to: '2026-04-30', device_id: WHATSAPP.id }),
    );

    const count = calls.length;
    const to = screen.getByTestId('dashboard-to');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03-01');
    expect(await screen.findByText('El final no puede ser anterior al inicio')).toBeVisible();
    expect(calls).toHaveLength(count);
  });
});
