import {
  DEFAULTS,
  isReminderAfterDue,
  type Task,
  type TaskCreateInput,
  type TaskModule,
  type TaskPriority,
  type TaskUpdateInput,
  type TaskVisibility,
} from '@conversa/domain';
import type { RelatedOption } from './api/related-records';

/** What the dialog edits; dates are local `YYYY-MM-DDTHH:mm` / `YYYY-MM-DD` / `HH:mm` as the inputs hold them. */
export type TaskFormValues = {
  title: string;
  description: string;
  status_id: string;
  priority: TaskPriority;
  due_date: string;
  module: TaskModule;
  related: RelatedOption | null;
  tags: string[];
  visibility: TaskVisibility;
  owner: string[];
  complete: boolean;
  notify_enable: boolean;
  reminder_date: string;
  reminder_time: string;
  /** The first comment, written with a new task. */
  comment: string;
};

/** The record a new task starts attached to (opened from a contact, deal or lead). */
export type TaskPrefill = { module: TaskModule; related: RelatedOption };

const MINUTES_PER_DAY = 24 * 60;
const STEP_MINUTES = 15;
const pad = (value: number) => String(value).padStart(2, '0');

/** The reminder's time choices: every 15 minutes of the day (spec section 9), 08:00 the default. */
export const REMINDER_TIMES: readonly string[] = Array.from(
  { length: MINUTES_PER_DAY / STEP_MINUTES },
  (_, index) => `${pad(Math.floor((index * STEP_MINUTES) / 60))}:${pad((index * STEP_MINUTES) % 60)}`,
);

/** A moment as a `datetime-local` input shows it, in the browser's time. */
export const toLocalDateTime = (value: Date | string): string => {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
export const toLocalDate = (value: Date | string): string => toLocalDateTime(value).slice(0, 10);
const fromLocal = (local: string): string => new Date(local).toISOString();

/** A reminder time the select offers: the moment's own quarter hour, else the default. */
const quarterOf = (local: string): string => {
  const time = local.slice(11, 16);
  return REMINDER_TIMES.includes(time) ? time : DEFAULTS.reminderTime;
};

export const emptyTaskForm = (userId: string, prefill?: TaskPrefill): TaskFormValues => ({
  title: '',
  description: '',
  status_id: '',
  priority: DEFAULTS.taskPriority,
  due_date: '',
  module: prefill?.module ?? 'contact',
  related: prefill?.related ?? null,
  tags: [],
  visibility: DEFAULTS.taskVisibility,
  // The spec's default owner is the person creating the task.
  owner: userId ? [userId] : [],
  complete: false,
  notify_enable: false,
  reminder_date: '',
  reminder_time: DEFAULTS.reminderTime,
  comment: '',
});

/** The record a task names: its contact, its deal or its lead, with the names the server answered. */
export const relatedOf = (task: Task): RelatedOption | null => {
  const named =
    task.module === 'contact'
      ? task.contact[0]
      : task.module === 'deal'
        ? task.reference[0]
        : (task.lead[0] ?? task.reference[0]);
  const id = task.module === 'contact' ? task.contact_id : task.reference_id;
  if (!id) return null;
  return { id, name: named?.name ?? id, contactId: task.contact_id };
};

export const taskFormOf = (task: Task): TaskFormValues => {
  const reminder = task.notify_before ? toLocalDateTime(task.notify_before) : '';
  return {
    title: task.title,
    description: task.description,
    status_id: task.status_id,
    priority: task.priority,
    due_date: toLocalDateTime(task.due_date),
    module: task.module,
    related: relatedOf(task),
    tags: task.tags,
    visibility: task.visibility,
    owner: task.owner,
    complete: task.complete,
    notify_enable: task.notify_enable,
    reminder_date: reminder.slice(0, 10),
    reminder_time: reminder ? quarterOf(reminder) : DEFAULTS.reminderTime,
    comment: '',
  };
};

/**
 * The reminder a switched-on reminder starts with: the due day at the default time (08:00) when that is
 * before the due moment, else the day before; nothing while the task has no due date.
 */
export const defaultReminder = (dueDate: string): Pick<TaskFormValues, 'reminder_date' | 'reminder_time'> => {
  if (!dueDate) return { reminder_date: '', reminder_time: DEFAULTS.reminderTime };
  const day = dueDate.slice(0, 10);
  const sameDay = `${day}T${DEFAULTS.reminderTime}`;
  if (sameDay <= dueDate.slice(0, 16)) return { reminder_date: day, reminder_time: DEFAULTS.reminderTime };
  const before = new Date(`${day}T12:00`);
  before.setDate(before.getDate() - 1);
  return { reminder_date: toLocalDate(before), reminder_time: DEFAULTS.reminderTime };
};

const reminderOf = (values: TaskFormValues): string | null =>
  values.notify_enable && values.reminder_date
    ? fromLocal(`${values.reminder_date}T${values.reminder_time}`)
    : null;

/** Where the related record goes: a contact in `contact_id`; a deal or lead in `reference_id` (its contact too). */
const relatedFields = (values: TaskFormValues) =>
  values.module === 'contact'
    ? { contact_id: values.related?.id ?? '', reference_id: '' }
    : { reference_id: values.related?.id ?? '', contact_id: values.related?.contactId ?? '' };

export const toCreateInput = (values: TaskFormValues): TaskCreateInput => ({
  title: values.title.trim(),
  description: values.description.trim(),
  priority: values.priority,
  complete: values.complete,
  due_date: fromLocal(values.due_date),
  owner: values.owner,
  visibility: values.visibility,
  module: values.module,
  ...relatedFields(values),
  tags: values.tags,
  status_id: values.status_id,
  notify_enable: values.notify_enable,
  notify_before: reminderOf(values),
  notify_channel: 'email',
  comments: values.comment.trim(),
});

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The fields that differ from the task as loaded: updateone takes only those. */
export const toUpdateInput = (values: TaskFormValues, task: Task): TaskUpdateInput => {
  const next = toCreateInput(values);
  const change: TaskUpdateInput = {};
  if (next.title !== task.title) change.title = next.title;
  if (next.description !== task.description) change.description = next.description;
  if (next.priority !== task.priority) change.priority = next.priority;
  if (next.complete !== task.complete) change.complete = next.complete;
  if (values.due_date !== toLocalDateTime(task.due_date)) change.due_date = next.due_date;
  if (!sameList(next.owner ?? [], task.owner)) change.owner = next.owner;
  if (next.visibility !== task.visibility) change.visibility = next.visibility;
  if (next.module !== task.module) change.module = next.module;
  if (next.reference_id !== task.reference_id) change.reference_id = next.reference_id;
  if (next.contact_id !== task.contact_id) change.contact_id = next.contact_id;
  if (!sameList(next.tags ?? [], task.tags)) change.tags = next.tags;
  if (next.status_id !== task.status_id) change.status_id = next.status_id;
  // A sent reminder is not the person's to change any more (the server answers 406).
  if (!task.notify_sent) {
    if (next.notify_enable !== task.notify_enable) change.notify_enable = next.notify_enable;
    const before = task.notify_before ? new Date(task.notify_before).toISOString() : null;
    if ((next.notify_before ?? null) !== before) change.notify_before = next.notify_before ?? null;
  }
  return change;
};

export type TaskFormErrors = Partial<
  Record<'title' | 'due_date' | 'related' | 'owner' | 'reminder_date', string>
>;

/**
 * The spec's form rules as i18n keys: title 3 to 50, a due date not in the past (a task already due keeps
 * its date), the related record and a participant, a reminder date from today on.
 */
export const taskFormErrors = (values: TaskFormValues, now: Date, loaded?: Task): TaskFormErrors => {
  const errors: TaskFormErrors = {};
  const title = values.title.trim();
  if (title.length < 3 || title.length > 50) errors.title = 'validation.taskTitle';
  if (!values.due_date) errors.due_date = 'validation.required';
  else if (
    new Date(values.due_date).getTime() < now.getTime() &&
    values.due_date !== (loaded && toLocalDateTime(loaded.due_date))
  )
    errors.due_date = 'tasks.validation.duePast';
  if (!values.related) errors.related = 'validation.required';
  if (values.owner.length === 0) errors.owner = 'validation.atLeastOneParticipant';
  if (values.notify_enable && !loaded?.notify_sent) {
    if (!values.reminder_date) errors.reminder_date = 'validation.required';
    else if (values.reminder_date < toLocalDate(now)) errors.reminder_date = 'tasks.validation.reminderPast';
    else if (values.due_date && isReminderAfterDue(reminderOf(values), fromLocal(values.due_date)))
      errors.reminder_date = 'validation.reminderAfterDue';
  }
  return errors;
};
