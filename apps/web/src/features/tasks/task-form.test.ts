import { describe, expect, it } from 'vitest';
import { defaultReminder, emptyTaskForm, type TaskFormValues, taskFormErrors } from './task-form';

const form = (change: Partial<TaskFormValues>): TaskFormValues => ({
  ...emptyTaskForm('user-1'),
  title: 'Llamar al cliente',
  related: { id: 'contact-1', name: 'Ana', contactId: 'contact-1' },
  ...change,
});
const NOW = new Date('2026-05-04T10:00');

describe('the task reminder', () => {
  it('starts on the due day at 08:00, or the day before when the task is due earlier than that', () => {
    expect(defaultReminder('2026-05-10T15:30')).toEqual({
      reminder_date: '2026-05-10',
      reminder_time: '08:00',
    });
    expect(defaultReminder('2026-05-10T08:00')).toEqual({
      reminder_date: '2026-05-10',
      reminder_time: '08:00',
    });
    expect(defaultReminder('2026-05-01T07:45')).toEqual({
      reminder_date: '2026-04-30',
      reminder_time: '08:00',
    });
    expect(defaultReminder('')).toEqual({ reminder_date: '', reminder_time: '08:00' });
  });

  it('cannot fall after the due moment', () => {
    const due = { due_date: '2026-05-10T09:00', notify_enable: true };
    expect(
      taskFormErrors(form({ ...due, reminder_date: '2026-05-10', reminder_time: '09:15' }), NOW),
    ).toEqual({
      reminder_date: 'validation.reminderAfterDue',
    });
    expect(
      taskFormErrors(form({ ...due, reminder_date: '2026-05-10', reminder_time: '09:00' }), NOW),
    ).toEqual({});
    expect(
      taskFormErrors(form({ ...due, reminder_date: '2026-05-09', reminder_time: '18:00' }), NOW),
    ).toEqual({});
  });
});
