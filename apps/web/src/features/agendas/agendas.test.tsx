import type { Appointment, Integration } from '@conversa/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { type Call, envelope, stubApi } from '../../test/api-stub';
import { renderRoutesAt } from '../../test/render';
import { AgendaPage } from './pages/agenda-page';
import { agendaAccount, DENTALINK, makeAppointment, STANDARD } from './test/agenda-fixtures';

const isTo = (call: Call, path: string) => call.url.includes(`/${path}`);

/** Wednesday 15 April 2026, 11:00 in Santiago (UTC-4): the week shown runs from Monday the 13th. */
const NOW = new Date('2026-04-15T15:00:00.000Z');

/** The agenda's API over a list of appointments that an update changes, as the server would. */
const stubAgenda = (integrations: Integration[], appointments: Appointment[]) => {
  let stored = appointments;
  return stubApi((call) => {
    if (isTo(call, 'integration/search')) return envelope(200, integrations);
    if (isTo(call, 'agenda/search'))
      return envelope(200, stored, { pagination: { total: stored.length, page: 1, offset: 500 } });
    if (isTo(call, 'agenda/updateone/')) {
      const id = call.url.split('/').at(-1);
      stored = stored.map((row) =>
        row.id === id ? { ...row, ...(call.body as Partial<Appointment>) } : row,
      );
      return envelope(
        200,
        stored.filter((row) => row.id === id),
      );
    }
    if (isTo(call, 'agenda/create')) return envelope(200, [makeAppointment({ id: 'apt-new' })]);
    return envelope(200, []);
  });
};

const renderAgenda = (access?: string[]) =>
  renderRoutesAt('/app/agendas', <Route path="*" element={<AgendaPage />} />, agendaAccount(access));

/** What a browser's drag carries between its events. */
const dragData = () => {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
    effectAllowed: 'all',
    dropEffect: 'move',
  };
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await changeLocale('es');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the agenda', () => {
  it("shows the week's appointments at their time on the company's clock, coloured by state", async () => {
    const calls = stubAgenda(
      [STANDARD],
      [
        makeAppointment(),
        makeAppointment({
          id: 'apt-2',
          patient_name: 'Luis Díaz',
          meet_date: '2026-04-16T14:30:00.000Z',
          status: 'confirmed',
        }),
      ],
    );
    renderAgenda();

    const wednesday = await screen.findByTestId('agenda-day-2026-04-15');
    const ana = await within(wednesday).findByRole('button', { name: /Ana Pérez/ });
    expect(ana).toHaveAccessibleName('9:00–9:30, Ana Pérez, Dra. Soto, Agendada');
    expect(ana).toHaveAttribute('data-status', 'scheduled');
    const luis = within(screen.getByTestId('agenda-day-2026-04-16')).getByRole('button', {
      name: /Luis Díaz/,
    });
    expect(luis).toHaveAccessibleName(/^10:30–11:00, Luis Díaz, .*Confirmada$/);
    expect(screen.getByTestId('agenda-title')).toHaveTextContent(/13.*19.*abr.*2026/);

    const search = calls.find((call) => isTo(call, 'agenda/search'));
    expect(search?.body).toMatchObject({
      filters: [
        { key: 'integration_id', condition: 'equalto', value: STANDARD.id },
        { key: 'meet_date', condition: 'gte', value: '2026-04-13T04:00:00.000Z' },
        { key: 'meet_date', condition: 'lt', value: '2026-04-20T04:00:00.000Z' },
      ],
      sort: { key: 'meet_date', order: 'asc' },
    });
  });

  it('moves an appointment of its own agenda dropped on another slot', async () => {
    const calls = stubAgenda([STANDARD], [makeAppointment()]);
    renderAgenda();
    const ana = await within(await screen.findByTestId('agenda-day-2026-04-15')).findByRole('button', {
      name: /Ana Pérez/,
    });
    expect(ana).toHaveAttribute('draggable', 'true');

    const dataTransfer = dragData();
    const slot = screen.getByTestId('slot-2026-04-17-10:00');
    fireEvent.dragStart(ana, { dataTransfer });
    fireEvent.dragOver(slot, { dataTransfer });
    fireEvent.drop(slot, { dataTransfer });

    await waitFor(() => expect(calls.some((call) => isTo(call, 'agenda/updateone/apt-1'))).toBe(true));
    const update = calls.find((call) => isTo(call, 'agenda/updateone/apt-1'));
    expect(update?.method).toBe('PUT');
    expect(update?.body).toEqual({ meet_date: '2026-04-17T14:00:00.000Z' });
    expect(
      await within(screen.getByTestId('agenda-day-2026-04-17')).findByRole('button', { name: /Ana Pérez/ }),
    ).toBeVisible();
  });

  it("keeps an outside system's appointments read-only and says where to change them", async () => {
    const calls = stubAgenda(
      [DENTALINK],
      [makeAppointment({ integration_id: DENTALINK.id, type: 'dentalink' })],
    );
    renderAgenda();
    expect(await screen.findByTestId('agenda-read-only')).toHaveTextContent(
      'se crean y cambian en Dentalink',
    );
    expect(screen.queryByTestId('new-appointment')).not.toBeInTheDocument();
    const ana = await screen.findByRole('button', { name: /Ana Pérez/ });
    expect(ana).toHaveAttribute('draggable', 'false');

    await userEvent.click(ana);
    const panel = await screen.findByTestId('appointment-panel');
    expect(within(panel).getByTestId('appointment-read-only')).toHaveTextContent(
      'Esta cita viene de Dentalink',
    );
    expect(within(panel).queryByTestId('appointment-changes')).not.toBeInTheDocument();
    expect(within(panel).getByTestId('appointment-contact')).toHaveAttribute(
      'href',
      '/app/contacts/detail/contact-1',
    );
    expect(calls.some((call) => isTo(call, 'agenda/updateone'))).toBe(false);
  });

  it('books a new patient in an empty slot, with the slot and the only branch already chosen', async () => {
    const calls = stubAgenda([STANDARD], []);
    renderAgenda();
    fireEvent.click(await screen.findByTestId('slot-2026-04-16-15:30'));
    const dialog = await screen.findByTestId('appointment-dialog');
    expect(within(dialog).getByTestId('appointment-day')).toHaveValue('2026-04-16');
    expect(within(dialog).getByTestId('appointment-time')).toHaveValue('15:30');
    expect(within(dialog).getByTestId('appointment-duration')).toHaveValue('30');

    await userEvent.click(within(dialog).getByTestId('appointment-new-patient'));
    await userEvent.type(within(dialog).getByTestId('appointment-phone'), '+56 9 8765 4321');
    await userEvent.type(within(dialog).getByTestId('appointment-name'), 'Marta Rojas');
    await userEvent.click(within(dialog).getByTestId('appointment-dialog-submit'));
    expect(
      within(dialog).getByTestId('appointment-specialist').closest('.MuiFormControl-root'),
    ).toHaveTextContent('Este campo es obligatorio');
    expect(calls.some((call) => isTo(call, 'agenda/create'))).toBe(false);

    await userEvent.click(within(dialog).getByTestId('appointment-specialist'));
    await userEvent.click(await screen.findByRole('option', { name: 'Dra. Soto' }));
    await userEvent.click(within(dialog).getByTestId('appointment-dialog-submit'));

    await waitFor(() => expect(calls.some((call) => isTo(call, 'agenda/create'))).toBe(true));
    expect(calls.find((call) => isTo(call, 'agenda/create'))?.body).toEqual({
      integration_id: STANDARD.id,
      phone: '+56 9 8765 4321',
      name: 'Marta Rojas',
      meet_date: '2026-04-16T19:30:00.000Z',
      duration: 30,
      specialist: 'p1',
      branch: 'b1',
      specialty: 'Ortodoncia',
    });
  });

  it('offers no booking, moving or cancelling to someone who may only look', async () => {
    stubAgenda([STANDARD], [makeAppointment()]);
    renderAgenda(['agenda.view', 'setting.view']);
    const ana = await screen.findByRole('button', { name: /Ana Pérez/ });
    expect(screen.queryByTestId('new-appointment')).not.toBeInTheDocument();
    expect(ana).toHaveAttribute('draggable', 'false');
    await userEvent.click(ana);
    expect(await screen.findByTestId('appointment-panel')).toBeVisible();
    expect(screen.queryByTestId('appointment-cancel')).not.toBeInTheDocument();
  });
});
