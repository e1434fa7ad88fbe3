import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKey } from '../../shared/account/api/get-account';
import { playBeep } from '../../shared/beep';
import { changeLocale } from '../../shared/i18n';
import { type Notice, subscribeNotices } from '../../shared/notify';
import { setSession } from '../../shared/session';
import type { Notification } from '../../shared/socket';
import { makeAccount } from '../../test/account-fixture';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { useTaskReminders } from './use-task-reminders';

const listeners = new Map<string, (payload: unknown) => void>();
vi.mock('../../shared/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/socket')>()),
  useSocketEvent: (event: string, handler: (payload: unknown) => void) => listeners.set(event, handler),
}));
vi.mock('../../shared/beep', () => ({ playBeep: vi.fn() }));

/** The browser's Notifications API, granted, with the app behind other windows: each one shown is kept. */
const stubDesktop = () => {
  const shown: { title: string; options: NotificationOptions }[] = [];
  vi.stubGlobal(
    'Notification',
    class {
      static permission = 'granted';
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options });
      }
    },
  );
  vi.spyOn(document, 'hasFocus').mockReturnValue(false);
  return shown;
};

const Probe = ({ onOpen }: { onOpen: (taskId: string) => void }) => {
  useTaskReminders(onOpen);
  return null;
};

const renderReminders = (lists: { sound_notification: string[]; push_notification: string[] }) => {
  const account = makeAccount();
  account.user = { ...account.user, ...lists };
  const queryClient = createTestQueryClient();
  const session = { token: 'test-token', clientID: account.client.id, userID: account.user.id };
  setSession(session);
  queryClient.setQueryData(accountQueryKey(session), account);
  const opened: string[] = [];
  renderWithProviders(<Probe onOpen={(id) => opened.push(id)} />, queryClient);
  const notices: Notice[] = [];
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
  const remind = (userId = account.user.id) =>
    listeners.get('notification')?.({
      module: 'task',
      action: 'reminder',
      data: [
        { id: 't1', title: 'Llamar a la clínica', due_date: '2026-12-01T12:00:00.000Z', user_id: userId },
      ],
      msg: '',
      ref: 't1',
    } satisfies Notification);
  return { opened, notices, remind, userId: account.user.id };
};

let unsubscribe = () => {};
beforeEach(async () => {
  await changeLocale('es');
});
afterEach(() => {
  unsubscribe();
  listeners.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(playBeep).mockClear();
});

describe("a task's reminder in the app", () => {
  it('says so with a button to the task, beeps and shows on the desktop when both are chosen for tasks', () => {
    const desktop = stubDesktop();
    const { opened, notices, remind } = renderReminders({
      sound_notification: ['chat', 'task'],
      push_notification: ['task'],
    });
    remind();

    expect(notices).toHaveLength(1);
    const [notice] = notices as [Notice];
    expect(notice).toMatchObject({ message: 'Recordatorio: Llamar a la clínica', severity: 'info' });
    expect(notice.action?.label).toBe('Ver tarea');
    notice.action?.onClick();
    expect(opened).toEqual(['t1']);
    expect(playBeep).toHaveBeenCalledTimes(1);
    expect(desktop).toEqual([
      { title: 'Llamar a la clínica', options: expect.objectContaining({ body: 'Recordatorio de tarea' }) },
    ]);
  });

  it('stays silent and off the desktop when tasks are left out of both lists; the notice still says it', () => {
    const desktop = stubDesktop();
    const { notices, remind } = renderReminders({
      sound_notification: ['chat'],
      push_notification: ['chat'],
    });
    remind();
    expect(notices.map((notice) => notice.message)).toEqual(['Recordatorio: Llamar a la clínica']);
    expect(playBeep).not.toHaveBeenCalled();
    expect(desktop).toEqual([]);
  });

  it("someone else's reminder is not the person's", () => {
    const desktop = stubDesktop();
    const { notices, remind } = renderReminders({
      sound_notification: ['chat', 'task'],
      push_notification: ['chat', 'task'],
    });
    remind('someone-else');
    expect(notices).toEqual([]);
    expect(playBeep).not.toHaveBeenCalled();
    expect(desktop).toEqual([]);
  });
});
