import { pushesFor, soundsFor } from '@conversa/domain';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../shared/account/use-account';
import { playBeep } from '../../shared/beep';
import { showDesktopAlert } from '../../shared/desktop-alert';
import { notifyWithAction } from '../../shared/notify';
import { type Notification, useSocketEvent } from '../../shared/socket';

/** What a task's `reminder` notification carries (the server's tasks.reminders). */
type TaskReminder = { id: string; title: string; user_id: string };

const reminderOf = (notification: Notification): TaskReminder | undefined => {
  if (notification.module !== 'task' || notification.action !== 'reminder') return undefined;
  return notification.data[0] as TaskReminder | undefined;
};

/**
 * A task's reminder reaching the person (a participant; the server sends it to them alone, with the e-mail):
 * a notice whose button opens the task, the beep when they hear the tasks' alerts, and a desktop
 * notification while the app is behind other windows when they have the tasks' alerts shown.
 */
export const useTaskReminders = (onOpen: (taskId: string) => void): void => {
  const { t } = useTranslation();
  const { user } = useAccount();
  useSocketEvent<Notification>('notification', (notification) => {
    const task = reminderOf(notification);
    if (!task || task.user_id !== user.id) return;
    const open = () => onOpen(task.id);
    notifyWithAction(t('tasks.reminderNotice', { title: task.title }), 'info', {
      label: t('tasks.reminderOpen'),
      onClick: open,
    });
    if (soundsFor(user, 'task')) playBeep();
    if (user.notify && pushesFor(user, 'task')) {
      showDesktopAlert(
        { title: task.title, body: t('tasks.reminderTitle'), tag: `reminder:${task.id}` },
        open,
      );
    }
  });
};
