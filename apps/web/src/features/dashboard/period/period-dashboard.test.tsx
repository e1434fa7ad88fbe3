import type { DashboardFigures } from '@conversa/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../shared/i18n';
import { makeAccount } from '../../../test/account-fixture';
import { type Call, envelope, stubApi } from '../../../test/api-stub';
import { renderWithProviders, signedInQueryClient } from '../../../test/render';
import { makeDevice } from '../../devices/test/device-fixtures';
import { DashboardAdvancedPage } from './dashboard-advanced-page';
import { MainPeriodSection } from './main-period-section';
import { answerFor, figures } from './test/dashboard-fixtures';

const WHATSAPP = makeDevice('whatsapp', { id: 'device-wa', name: 'WhatsApp recepción' });
const COLLEAGUE = { id: 'u2', name: 'Bruno Díaz', online: false };

/** 2026-04-15 11:00 in Santiago: the last 7 days are April 9-15, the 7 before them April 2-8. */
const NOW = new Date('2026-04-15T15:00:00.000Z');

const CURRENT = figures({
  conversations_opened: 1250,
  conversations_closed: 30,
  messages_in: 200,
  messages_out: 150,
  first_response_count: 12,
  first_response_avg_seconds: 252,
  resolution_count: 30,
  resolution_avg_seconds: 5400,
  deals_won: 3,
  deals_won_amount: 250000,
  deals_lost: 1,
  deals_lost_amount: 45000,
  tasks_done: 2,
  tasks_overdue: 3,
});
const PREVIOUS = figures({
  conversations_opened: 1000,
  conversations_closed: 40,
  messages_in: 200,
  first_response_count: 10,
  first_response_avg_seconds: 300,
  deals_won: 0,
});

/** Answers each period with its figures: the one on screen, and the previous one the changes compare with. */
const answerPeriods = (current: DashboardFigures, previous: DashboardFigures) => (call: Call) => {
  const body = call.body as { from: string; to: string };
  return envelope(200, [
    answerFor(body, body.to >= '2026-04-09' ? current : previous, { agents: [], channels: [] }),
  ]);
};

const LocationProbe = () => <output data-testid="location">{useLocation().search}</output>;

const renderAt = (ui: React.ReactElement, search = '', account = makeAccount()) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/app/dashboard/main${search}`]}>
      {ui}
      <LocationProbe />
    </MemoryRouter>,
    signedInQueryClient({
      ...account,
      list_device: [WHATSAPP],
      list_user: [...account.list_user, COLLEAGUE],
    }),
  );

const card = (key: string) => screen.getByTestId(`figure-${key}`);

const choose = async (testId: string, option: string) => {
  await userEvent.click(screen.getByTestId(testId));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

const bodies = (calls: Call[]) => calls.map((call) => call.body);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await changeLocale('es');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the main dashboard period figures', () => {
  it('shows the last 7 days as cards with their change against the 7 days before', async () => {
    const calls = stubApi(answerPeriods(CURRENT, PREVIOUS));
    renderAt(<MainPeriodSection />);

    const opened = await screen.findByTestId('figure-conversations_opened');
    expect(within(opened).getByTestId('figure-value')).toHaveTextContent('1250');
    await waitFor(() =>
      expect(within(opened).getByTestId('figure-change')).toHaveTextContent(
        '+25 % frente al periodo anterior',
      ),
    );
    expect(within(card('conversations_closed')).getByTestId('figure-change')).toHaveTextContent('-25 %');
    expect(within(card('messages_in')).getByTestId('figure-change')).toHaveTextContent('0 %');
    // Nothing to compare with: no deals won before, no messages sent before.
    expect(within(card('deals_won')).getByTestId('figure-change')).toHaveTextContent('—');
    expect(within(card('messages_out')).getByTestId('figure-change')).toHaveTextContent('—');
    const firstResponse = card('first_response_avg_seconds');
    expect(within(firstResponse).getByTestId('figure-value')).toHaveTextContent('4 min 12 s');
    expect(within(firstResponse).getByTestId('figure-detail')).toHaveTextContent('Respuestas medidas: 12');
    expect(within(card('resolution_avg_seconds')).getByTestId('figure-value')).toHaveTextContent(
      '1 h 30 min',
    );
    expect(within(card('deals_won')).getByTestId('figure-detail')).toHaveTextContent('Total: 250.000');
    expect(screen.getByRole('table', { name: 'Conversaciones y mensajes por día' })).toBeInTheDocument();

    expect(calls[0]?.url).toMatch(/\/dashboard\/main$/);
    expect(bodies(calls)).toEqual([
      { from: '2026-04-09', to: '2026-04-15' },
      { from: '2026-04-02', to: '2026-04-08' },
    ]);
  });

  it('asks for this month, compared with as many days before it, and keeps it in the address', async () => {
    const calls = stubApi(answerPeriods(CURRENT, PREVIOUS));
    renderAt(<MainPeriodSection />);
    await screen.findByTestId('figure-conversations_opened');

    await choose('dashboard-period', 'Este mes');
    await waitFor(() => expect(bodies(calls)).toContainEqual({ from: '2026-04-01', to: '2026-04-30' }));
    // April has 30 days: the previous period is the 30 days before it.
    await waitFor(() => expect(bodies(calls)).toContainEqual({ from: '2026-03-02', to: '2026-03-31' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?period=thisMonth');
  });

  it('starts a custom period from the days shown and asks for the dates typed', async () => {
    const calls = stubApi(answerPeriods(CURRENT, PREVIOUS));
    renderAt(<MainPeriodSection />);
    await screen.findByTestId('figure-conversations_opened');

    await choose('dashboard-period', 'Personalizado');
    expect(screen.getByTestId('dashboard-to')).toHaveValue('2026-04-15');
    fireEvent.change(screen.getByTestId('dashboard-from'), { target: { value: '2026-02-10' } });
    await waitFor(() => expect(bodies(calls)).toContainEqual({ from: '2026-02-10', to: '2026-04-15' }));
    expect(screen.getByTestId('location')).toHaveTextContent('?period=custom&from=2026-02-10&to=2026-04-15');
  });

  it("shows the server's refusal of a period longer than 366 days on its date", async () => {
    const calls = stubApi((call) => {
      const body = call.body as { from: string };
      return body.from === '2025-01-01'
        ? envelope(400, [], {
            info: 'Revisa los datos',
            errors: [{ path: 'to', message: 'Elige un periodo de 366 días como máximo' }],
          })
        : answerPeriods(CURRENT, PREVIOUS)(call);
    });
    renderAt(<MainPeriodSection />, '?period=custom&from=2025-01-01&to=2026-04-15');

    expect(await screen.findByText('Elige un periodo de 366 días como máximo')).toBeVisible();
    expect(screen.getByTestId('dashboard-to')).toHaveAttribute('aria-invalid', 'true');
    expect(calls[0]?.body).toEqual({ from: '2025-01-01', to: '2026-04-15' });
    expect(screen.queryByTestId('figure-conversations_opened')).not.toBeInTheDocument();
  });

  it('lets the owner look at one colleague', async () => {
    const calls = stubApi(answerPeriods(CURRENT, PREVIOUS));
    renderAt(<MainPeriodSection />);
    await screen.findByTestId('figure-conversations_opened');

    await choose('dashboard-user', COLLEAGUE.name);
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({ from: '2026-04-02', to: '2026-04-08', user_id: 'u2' }),
    );
    expect(bodies(calls)).toContainEqual({ from: '2026-04-09', to: '2026-04-15', user_id: 'u2' });
    expect(screen.queryByTestId('dashboard-device')).not.toBeInTheDocument();
  });

  it('shows a staff member without deals their own figures, with no user filter and no deal cards', async () => {
    const calls = stubApi(
      answerPeriods(
        { ...CURRENT, deals_won: null, deals_won_amount: null, deals_lost: null, deals_lost_amount: null },
        PREVIOUS,
      ),
    );
    // A link made by the owner names a colleague: the staff member's own figures are asked all the same.
    renderAt(
      <MainPeriodSection />,
      '?period=last7&user_id=u1',
      makeAccount({ user: { id: 'u2', account: 'user', access: ['task.view'] } }),
    );

    await screen.findByTestId('figure-conversations_opened');
    expect(screen.getByRole('heading', { name: 'Tu actividad del periodo' })).toBeVisible();
    expect(screen.queryByTestId('figure-deals_won')).not.toBeInTheDocument();
    expect(screen.queryByTestId('figure-deals_lost')).not.toBeInTheDocument();
    expect(screen.getByTestId('figure-tasks_done')).toBeVisible();
    expect(screen.queryByTestId('dashboard-user')).not.toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ from: '2026-04-09', to: '2026-04-15' });
  });

  it('says when nothing happened, and offers a retry when the figures cannot be read', async () => {
    let isDown = true;
    stubApi((call) =>
      isDown ? envelope(500, [], { info: 'Error' }) : answerPeriods(figures(), figures())(call),
    );
    renderAt(<MainPeriodSection />);

    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(screen.getByText('No se pudo cargar el panel.')).toBeVisible();
    isDown = false;
    await userEvent.click(retry);
    expect(await screen.findByText('No hubo actividad en este periodo')).toBeVisible();
    expect(screen.queryByTestId('activity-chart')).not.toBeInTheDocument();
  });
});

describe('the advanced dashboard', () => {
  const AGENTS = [
    { user_id: 'u1', name: 'Ana María Pérez', ...CURRENT },
    { user_id: 'u2', name: 'Bruno Díaz', ...figures({ messages_out: 4 }) },
  ];
  const CHANNELS = [
    {
      device_id: WHATSAPP.id,
      name: WHATSAPP.name,
      type: 'whatsapp',
      ...figures({ messages_in: 200, first_response_avg_seconds: 252 }),
    },
  ];
  const answerAdvanced = (call: Call) => {
    const body = call.body as { from: string; to: string };
    const totals = body.to >= '2026-04-09' ? CURRENT : PREVIOUS;
    return envelope(200, [answerFor(body, totals, { agents: AGENTS, channels: CHANNELS })]);
  };

  it('draws every chart with its table, the heat map as 168 cells', async () => {
    const calls = stubApi(answerAdvanced);
    renderAt(<DashboardAdvancedPage />);

    expect(await screen.findAllByTestId('heatmap-cell')).toHaveLength(168);
    const heatmap = screen.getByRole('table', { name: 'Cuándo escriben tus clientes' });
    const rows = within(heatmap).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(within(rows[0] as HTMLElement).getAllByRole('columnheader')).toHaveLength(25);
    const monday = within(rows[1] as HTMLElement).getAllByRole('cell');
    expect(monday[0]).toHaveTextContent('lunes');
    expect(monday[11]).toHaveTextContent('200');
    expect(monday[12]).toHaveTextContent('0');

    const agents = screen.getByRole('table', { name: 'Por agente' });
    expect(within(agents).getAllByRole('row')[2]).toHaveTextContent('Bruno Díaz');
    expect(within(screen.getByTestId('channels-table')).getByTestId('channel-row')).toHaveTextContent(
      'WhatsApp recepción',
    );
    expect(screen.getByRole('table', { name: 'Negocios ganados y perdidos por día' })).toBeInTheDocument();
    expect(screen.getByTestId('deal-amounts')).toHaveTextContent('Ganado: 250.000 · Perdido: 45.000');
    expect(screen.getByRole('table', { name: 'Tareas completadas y vencidas por día' })).toBeInTheDocument();
    const speed = screen.getByRole('table', { name: 'Tiempos de respuesta por día' });
    expect(within(speed).getAllByRole('row').at(-1)).toHaveTextContent('4 min 12 s');
    expect(calls[0]?.url).toMatch(/\/dashboard\/advanced$/);
  });

  it('sends the device and the user, and reads them back from the address', async () => {
    const calls = stubApi(answerAdvanced);
    renderAt(<DashboardAdvancedPage />, '?period=today&user_id=u2');

    await screen.findAllByTestId('heatmap-cell');
    expect(calls[0]?.body).toEqual({ from: '2026-04-15', to: '2026-04-15', user_id: 'u2' });
    await choose('dashboard-device', WHATSAPP.name);
    await waitFor(() =>
      expect(bodies(calls)).toContainEqual({
        from: '2026-04-15',
        to: '2026-04-15',
        device_id: WHATSAPP.id,
        user_id: 'u2',
      }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('?period=today&device_id=device-wa&user_id=u2');
  });

  it('reads right to left in Arabic', async () => {
    stubApi(answerAdvanced);
    await changeLocale('ar');
    renderAt(<DashboardAdvancedPage />);

    await screen.findAllByTestId('heatmap-cell');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('table', { name: 'حسب الموظف' })).toBeInTheDocument();
    expect(within(card('first_response_avg_seconds')).getByTestId('figure-value')).toHaveTextContent(
      '4 د 12 ث',
    );
  });
});
