import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../shared/i18n';
import { envelope, stubApi } from '../../shared/records/test/records-fixtures';
import { makeAccount } from '../../test/account-fixture';
import { stubScreenWidth } from '../../test/screen-width';
import { takePendingContact } from '../chat/open-conversation';
import { dayKey } from './calendar-month';
import { TaskBell } from './components/task-bell';
import { CARDS_STAND_MS } from './components/task-cards';
import { TaskDialog } from './components/task-dialog';
import { TasksPage } from './pages/tasks-page';
import { makeTask, PARTICIPANTS, renderTasks } from './test/tasks-fixtures';

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A dialog full of MUI menus takes long to drive on a shared, busy test machine. */
const SLOW_MS = 30_000;

const contactRow = { id: 'contact-1', info: { full_name: 'Marta Rojas', phone: '56987654321' } };

describe('task dialog', () => {
  it(
    'creates only with a participant and the related record, then shows the new task',
    async () => {
      const user = userEvent.setup({ delay: null });
      const calls = stubApi((call) => {
        if (call.url.endsWith('/task/participants?noAdmin=true')) return envelope(200, PARTICIPANTS);
        if (call.url.endsWith('/contact/search')) return envelope(200, [contactRow]);
        if (call.url.endsWith('/task/create')) return envelope(200, [makeTask({ id: 'task-9' })]);
        if (call.url.endsWith('/task/search/task-9')) return envelope(200, [makeTask({ id: 'task-9' })]);
        return envelope(200, []);
      });
      renderTasks(<TaskDialog isOpen onClose={() => undefined} />, makeAccount());

      const submit = screen.getByTestId('task-submit');
      // The creator is the first participant; the related record is still missing.
      expect(submit).toBeDisabled();
      fireEvent.change(screen.getByTestId('task-title'), { target: { value: 'Llamar a Marta' } });
      fireEvent.change(screen.getByTestId('task-due-date'), { target: { value: '2099-05-04T10:30' } });
      const related = screen.getByTestId('task-related');
      await user.click(related);
      fireEvent.change(related, { target: { value: 'Marta' } });
      await user.keyboard('{Enter}');
      await user.click(await screen.findByRole('option', { name: 'Marta Rojas' }));
      await waitFor(() => expect(submit).toBeEnabled());

      // Without any participant it cannot be created.
      const participants = screen
        .getByTestId('task-participants')
        .closest('.MuiAutocomplete-root') as HTMLElement;
      await user.click(within(participants).getByTestId('CancelIcon'));
      expect(submit).toBeDisabled();
      await user.click(screen.getByTestId('task-participants'));
      await user.click(await screen.findByRole('option', { name: /Bruno Díaz/ }));
      await waitFor(() => expect(submit).toBeEnabled());

      await user.click(submit);
      await waitFor(() => expect(calls.some((call) => call.url.endsWith('/task/create'))).toBe(true));
      const body = calls.find((call) => call.url.endsWith('/task/create'))?.body as Record<string, unknown>;
      expect(body).toMatchObject({
        title: 'Llamar a Marta',
        module: 'contact',
        contact_id: 'contact-1',
        owner: ['u2'],
        visibility: 2,
        priority: 'medium',
        notify_enable: false,
        notify_before: null,
      });
      expect(body.due_date).toBe(new Date('2099-05-04T10:30').toISOString());
      expect(await screen.findByTestId('task-view-title')).toHaveTextContent(
        'Llamar a Marta por el presupuesto',
      );
    },
    SLOW_MS,
  );

  it(
    'offers reminder times every 15 minutes, 08:00 by default',
    async () => {
      const user = userEvent.setup({ delay: null });
      stubApi((call) =>
        call.url.endsWith('/task/participants?noAdmin=true')
          ? envelope(200, PARTICIPANTS)
          : envelope(200, []),
      );
      renderTasks(<TaskDialog isOpen onClose={() => undefined} />, makeAccount());

      await user.click(screen.getByTestId('task-reminder-enable'));
      expect(screen.getByTestId('task-reminder-time')).toHaveValue('08:00');
      await user.click(screen.getByRole('combobox', { name: 'Hora' }));
      const times = within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(times).toHaveLength(96);
      expect(times.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
      expect(times.at(-1)).toBe('23:45');
    },
    SLOW_MS,
  );

  it('shows a sent reminder read-only and the server info when a save is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = makeTask({
      notify_enable: true,
      notify_before: '2026-05-03T12:00:00.000Z',
      notify_sent: true,
    });
    stubApi((call) => {
      if (call.url.endsWith('/task/participants?noAdmin=true')) return envelope(200, PARTICIPANTS);
      if (call.method === 'PUT') return envelope(406, [], { info: 'El recordatorio ya fue enviado' });
      if (call.url.endsWith('/task/search/task-1')) return envelope(200, [sent]);
      return envelope(200, []);
    });
    renderTasks(<TaskDialog isOpen taskId="task-1" onClose={() => undefined} />, makeAccount());

    await user.click(await screen.findByTestId('task-edit'));
    expect(screen.getByTestId('task-reminder-sent')).toHaveTextContent('El recordatorio ya se envió');
    expect(screen.getByTestId('task-reminder-enable')).toBeDisabled();
    await user.type(screen.getByTestId('task-title'), ' hoy');
    await user.click(screen.getByTestId('task-save'));
    expect(await screen.findByTestId('task-error')).toHaveTextContent('El recordatorio ya fue enviado');
  });
});

describe('task bell', () => {
  it('heads its list with the incomplete count and lists each title cut at 25', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubApi((call) =>
      call.url.endsWith('/task/search')
        ? envelope(200, [makeTask(), makeTask({ id: 'task-2', title: 'Enviar contrato', expiry: 'expires' })])
        : envelope(200, []),
    );
    renderTasks(<TaskBell />, makeAccount());

    await waitFor(() => expect(screen.getByTestId('task-bell-count')).toHaveTextContent('2'));
    expect(calls.find((call) => call.url.endsWith('/task/search'))?.body).toMatchObject({
      incomplete: true,
      offset: 100,
      page: 1,
    });
    await user.click(screen.getByTestId('task-bell'));
    expect(screen.getByTestId('task-bell-title')).toHaveTextContent('Tareas incompletas (2)');
    const items = screen.getAllByTestId('task-bell-item');
    expect(items[0]).toHaveTextContent('Llamar a Marta por el pre…');
    expect(items[1]).toHaveTextContent('Enviar contrato');
  });

  it('says so when there is nothing incomplete, and remembers the poll turned off', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi(() => envelope(200, []));
    renderTasks(<TaskBell />, makeAccount());

    await user.click(screen.getByTestId('task-bell'));
    expect(await screen.findByTestId('task-bell-empty')).toHaveTextContent('No tienes tareas incompletas');
    expect(screen.getByTestId('task-bell-title')).toHaveTextContent('Tareas incompletas (0)');
    await user.click(screen.getByTestId('task-bell-poll'));
    expect(localStorage.getItem('tasks.poll')).toBe('off');
  });

  it('shows an expiring task as a card whose Ignore marks it notified', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubApi((call) => {
      if (call.method === 'PUT') return envelope(200, [makeTask({ is_notified: true })]);
      if (call.url.endsWith('/task/search')) {
        return envelope(200, [
          makeTask(),
          makeTask({ id: 'task-2', title: 'Ya avisada', is_notified: true }),
          makeTask({ id: 'task-3', title: 'Para el mes que viene', expiry: 'expires' }),
        ]);
      }
      return envelope(200, []);
    });
    renderTasks(<TaskBell />, makeAccount());

    const card = await screen.findByTestId('task-card');
    expect(screen.getAllByTestId('task-card')).toHaveLength(1);
    expect(card).toHaveTextContent('Llamar a Marta por el presupue…');
    expect(card).toHaveTextContent('Vence hoy');
    await user.click(within(card).getByTestId('task-card-ignore'));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toMatch(/\/task\/updateone\/task-1$/);
    expect(put?.body).toEqual({ is_notified: true });
    expect(screen.queryByTestId('task-card')).not.toBeInTheDocument();
  });
});

describe('due-task cards folding into the bell', () => {
  const expiringTask = () =>
    stubApi((call) => (call.url.endsWith('/task/search') ? envelope(200, [makeTask()]) : envelope(200, [])));

  it('fold at once with their button, stay counted on the bell, and stay folded after a reload', async () => {
    const user = userEvent.setup({ delay: null });
    expiringTask();
    const { unmount } = renderTasks(<TaskBell />, makeAccount());
    const card = await screen.findByTestId('task-card');
    await user.click(screen.getByRole('button', { name: 'Guardar en la campana' }));
    expect(card).not.toBeInTheDocument();
    expect(screen.getByTestId('task-bell')).toHaveAccessibleName(/1/);

    unmount();
    renderTasks(<TaskBell />, makeAccount());
    await waitFor(() => expect(screen.getByTestId('task-bell')).toHaveAccessibleName(/1/));
    expect(screen.queryByTestId('task-card')).not.toBeInTheDocument();
  });

  it('fold by themselves after a while, but not while the pointer is on them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      expiringTask();
      renderTasks(<TaskBell />, makeAccount());
      const region = await screen.findByRole('region', { name: 'Tareas por vencer' });
      fireEvent.mouseEnter(region);
      act(() => vi.advanceTimersByTime(CARDS_STAND_MS * 2));
      expect(screen.getByTestId('task-card')).toBeInTheDocument();
      fireEvent.mouseLeave(region);
      act(() => vi.advanceTimersByTime(CARDS_STAND_MS - 1_000));
      expect(screen.getByTestId('task-card')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.queryByTestId('task-card')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('alerts in the bell', () => {
  const alert = (seq: number, name: string) => ({
    seq,
    module: 'alert',
    action: 'chat_assigned',
    data: [{ contact_id: `contact-${seq}`, full_name: name }],
    msg: `Andrés te transfirió la conversación con ${name}`,
    ref: `contact-${seq}`,
    create_date: '2026-11-28T12:00:00.000Z',
  });

  it('counts the alerts not seen yet with the tasks, lists them newest first, and opens the conversation', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('alerts.seen.u1', '7');
    stubApi((call) => {
      if (call.url.endsWith('/alerts'))
        return envelope(200, [alert(9, 'Luis Soto'), alert(8, 'Eva Díaz'), alert(7, 'Ana Ruiz')]);
      if (call.url.endsWith('/task/search')) return envelope(200, [makeTask()]);
      return envelope(200, []);
    });
    renderTasks(<TaskBell />, makeAccount());

    // One task and the two alerts after the last one seen.
    await waitFor(() => expect(screen.getByTestId('task-bell-count')).toHaveTextContent('3'));
    await user.click(screen.getByTestId('task-bell'));
    const items = screen.getAllByTestId('alerts-item');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Andrés te transfirió la conversación con Luis Soto');
    expect(items.map((item) => item.dataset.unseen)).toEqual(['true', 'true', 'false']);
    expect(localStorage.getItem('alerts.seen.u1')).toBe('9');
    expect(screen.getByTestId('task-bell-count')).toHaveTextContent('1');

    await user.click(items[1] as HTMLElement);
    expect(takePendingContact()).toBe('contact-8');
  });

  it('shows an agent without tasks their alerts only, and says when there are none', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubApi(() => envelope(200, []));
    renderTasks(<TaskBell />, makeAccount({ user: { account: 'user', access: ['chat.view'] } }));

    await user.click(await screen.findByTestId('task-bell'));
    expect(await screen.findByTestId('alerts-empty')).toHaveTextContent('No tienes avisos recientes');
    expect(screen.queryByTestId('task-bell-title')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/task/search'))).toBe(false);
  });
});

describe('task cards on a phone and on a wide screen', () => {
  const expiring = [1, 2, 3, 4].map((n) => makeTask({ id: `task-${n}`, title: `Tarea ${n}` }));
  it.each([
    { isWide: false, shown: 1 },
    { isWide: true, shown: 3 },
  ])(
    'stands $shown expiring task(s) at once when wide is $isWide; the rest wait in the bell',
    async ({ isWide, shown }) => {
      stubScreenWidth(isWide ? 1280 : 390);
      stubApi((call) => envelope(200, call.url.endsWith('/task/search') ? expiring : []));
      renderTasks(<TaskBell />, makeAccount());
      await screen.findAllByTestId('task-card');
      expect(screen.getAllByTestId('task-card')).toHaveLength(shown);
      expect(screen.getByTestId('task-bell-count')).toHaveTextContent('4');
    },
  );
});

describe('tasks page', () => {
  it(
    'remembers the calendar, shows a task on its day, and opens it as ?task= does',
    async () => {
      const user = userEvent.setup({ delay: null });
      localStorage.setItem('tasks.layout', 'calendar');
      const due = new Date();
      due.setHours(23, 30, 0, 0);
      const task = makeTask({ due_date: due.toISOString() });
      stubApi((call) => {
        if (call.url.endsWith('/task/search/task-1')) return envelope(200, [task]);
        if (call.url.endsWith('/task/search')) return envelope(200, [task]);
        return envelope(200, []);
      });
      renderTasks(<TasksPage />, makeAccount());

      const day = await screen.findByTestId(`calendar-day-${dayKey(due)}`);
      const chip = await within(day).findByTestId('calendar-task');
      expect(chip).toHaveTextContent('Llamar a Marta por el pre…');
      await user.click(chip);
      expect(await screen.findByTestId('task-view-title')).toHaveTextContent(
        'Llamar a Marta por el presupuesto',
      );
    },
    SLOW_MS,
  );
});
