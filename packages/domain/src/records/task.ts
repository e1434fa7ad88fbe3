import { z } from 'zod';
import { DEFAULTS, MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { dateFormat } from '../date-format';
import { refineSafeInput } from '../input-limits';
import { searchBodySchema } from '../search';
import { MESSAGES, requiredText } from '../validation';
import { createDateField, enumField, field, type RecordField, tagsField } from './record-fields';

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** The record a task follows up (spec section 3: module contact, deal or lead). */
export const TASK_MODULES = ['contact', 'deal', 'lead'] as const;
export type TaskModule = (typeof TASK_MODULES)[number];

/** Who sees a task (spec section 9): public 0 (every user with task.view), group 1, private 2. */
export const TASK_VISIBILITY = { public: 0, group: 1, private: 2 } as const;
export type TaskVisibility = (typeof TASK_VISIBILITY)[keyof typeof TASK_VISIBILITY];

/** The expiry states of spec section 4, answered on every task as `expiry`. */
export const TASK_EXPIRY = ['expired', 'overdue', 'expires_today', 'next_to_expire', 'expires'] as const;
export type TaskExpiry = (typeof TASK_EXPIRY)[number];

/** Where spec section 2 cuts a task's title (bell and cards: 25; lists: 30) and its description. */
export const TASK_TEXT_CUT = { titleShort: 25, titleLong: 30, description: 40 } as const;

/** The record a task names, in the response's `contact`, `reference` and `lead` arrays. */
export type TaskRelated = { id: string; module: TaskModule; name: string };

export type TaskComment = {
  id: string;
  user_id: string;
  user_name: string;
  text: string;
  create_date: string;
};

/** A task, with the fields of spec section 3. `owner` holds the participants. */
export type Task = {
  id: string;
  client_id: string;
  title: string;
  description: string;
  priority: TaskPriority;
  complete: boolean;
  due_date: string;
  owner: string[];
  visibility: TaskVisibility;
  module: TaskModule;
  reference_id: string;
  contact_id: string;
  tags: string[];
  status_id: string;
  color: string;
  notify_enable: boolean;
  notify_before: string | null;
  notify_sent: boolean;
  notify_channel: 'email';
  is_notified: boolean;
  comments: TaskComment[];
  expiry: TaskExpiry;
  /** The creator: with the participants, who sees a group or private task. */
  user_id: string;
  contact: TaskRelated[];
  reference: TaskRelated[];
  lead: TaskRelated[];
  create_date: string;
};

export const TASK_FIELDS: readonly RecordField[] = [
  field('title', 'title', 'text', ['sortable', 'filter', 'editable', 'exportable', 'importable', 'visible']),
  field('description', 'description', 'text', ['filter', 'exportable', 'importable']),
  enumField('priority', 'priority', TASK_PRIORITIES, 'tasks.priority', [
    'sortable',
    'filter',
    'editable',
    'exportable',
    'importable',
    'visible',
  ]),
  field('complete', 'complete', 'boolean', ['sortable', 'filter', 'editable', 'exportable', 'visible']),
  field('due_date', 'dueDate', 'datetime', ['sortable', 'filter', 'editable', 'exportable', 'visible']),
  enumField('expiry', 'expiry', TASK_EXPIRY, 'tasks.expiry', ['visible']),
  field('owner', 'participants', 'users', ['filter', 'editable', 'exportable', 'visible']),
  enumField('visibility', 'visibility', ['0', '1', '2'], 'tasks.visibility', ['filter', 'exportable']),
  enumField('module', 'relatedModule', TASK_MODULES, 'tasks.module', ['filter', 'exportable']),
  field('reference.name', 'related', 'text', ['exportable', 'visible']),
  field(
    'status_id',
    'status',
    'select',
    ['sortable', 'filter', 'editable', 'exportable', 'visible'],
    'status_id',
  ),
  tagsField(),
  field('notify_before', 'reminder', 'datetime', ['sortable', 'filter', 'exportable']),
  field('notify_sent', 'reminderSent', 'boolean', ['filter', 'exportable']),
  createDateField(),
];

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
const dayIn = (instant: Date, timeZone: string): string =>
  dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

const dayNumber = (day: string): number => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date) / 86_400_000;
};

/**
 * Spec section 4, in the company's time zone: a due day before today is `expired`; today, `expires_today`
 * while the moment is ahead and `overdue` once it passed; within the next 5 days `next_to_expire`; later,
 * `expires`. The one rule both apps use.
 */
export const taskExpiry = (
  dueDate: string | Date,
  now: Date,
  timeZone: string,
  windowDays: number = DEFAULTS.expiryWindowDays,
): TaskExpiry => {
  const due = typeof dueDate === 'string' ? new Date(dueDate) : dueDate;
  const days = dayNumber(dayIn(due, timeZone)) - dayNumber(dayIn(now, timeZone));
  if (days < 0) return 'expired';
  if (days === 0) return due.getTime() > now.getTime() ? 'expires_today' : 'overdue';
  return days <= windowDays ? 'next_to_expire' : 'expires';
};

/** A text cut for display: at most `max` characters, an ellipsis when cut. */
export const cutText = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;

const isoInstant = () =>
  z.iso
    .datetime({ offset: true, error: 'validation.datetime' })
    .transform((value) => new Date(value).toISOString());

const id = z.string().max(64);

const taskFields = {
  title: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(3, { error: 'validation.taskTitle' })
    .max(50, { error: 'validation.taskTitle' }),
  description: z.string().trim().max(5000),
  priority: z.enum(TASK_PRIORITIES),
  complete: z.boolean(),
  due_date: isoInstant(),
  owner: z.array(id).min(1, { error: 'validation.atLeastOneParticipant' }).max(50),
  visibility: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MESSAGES.invalid }),
  module: z.enum(TASK_MODULES),
  reference_id: id,
  contact_id: id,
  tags: z.array(id).max(50),
  status_id: id,
  color: z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.color' })]),
  notify_enable: z.boolean(),
  /** Any future moment (checked by the server against its clock); null clears it. */
  notify_before: isoInstant().nullable(),
  notify_channel: z.literal('email'),
  is_notified: z.boolean(),
};

/** A reminder is sent before the task is due, never after: its moment may be the due moment at the latest. */
export const isReminderAfterDue = (notifyBefore: Date | string | null, dueDate: Date | string): boolean =>
  notifyBefore !== null && new Date(notifyBefore).getTime() > new Date(dueDate).getTime();

/**
 * The related record the spec's create rule asks for: a contact for module contact (`contact_id`), a
 * deal for module deal and a lead for module lead (`reference_id`).
 */
export const relatedRecordPath = (module: TaskModule): 'contact_id' | 'reference_id' =>
  module === 'contact' ? 'contact_id' : 'reference_id';

/** `task/create`: title 3–50, a due date, at least one participant and the related record. */
export const taskCreateSchema = z
  .strictObject({
    ...taskFields,
    description: taskFields.description.default(''),
    priority: taskFields.priority.default(DEFAULTS.taskPriority),
    complete: taskFields.complete.default(false),
    visibility: taskFields.visibility.default(DEFAULTS.taskVisibility),
    reference_id: taskFields.reference_id.default(''),
    contact_id: taskFields.contact_id.default(''),
    tags: taskFields.tags.default([]),
    status_id: taskFields.status_id.default(''),
    color: taskFields.color.default(''),
    notify_enable: taskFields.notify_enable.default(false),
    notify_before: taskFields.notify_before.default(null),
    notify_channel: taskFields.notify_channel.default('email'),
    is_notified: taskFields.is_notified.default(false),
    /** A first comment written with the task. */
    comments: z.string().trim().max(2000).default(''),
  })
  .superRefine((input, ctx) => {
    refineSafeInput(input, ctx);
    const path = relatedRecordPath(input.module);
    if (input[path] === '') ctx.addIssue({ code: 'custom', path: [path], message: MESSAGES.required });
    if (input.notify_enable && input.notify_before === null) {
      ctx.addIssue({ code: 'custom', path: ['notify_before'], message: MESSAGES.required });
    }
    if (input.notify_enable && isReminderAfterDue(input.notify_before, input.due_date)) {
      ctx.addIssue({ code: 'custom', path: ['notify_before'], message: 'validation.reminderAfterDue' });
    }
  });
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

/** `task/updateone`: the changed fields only; the reminder is refused (406) once it was sent. */
export const taskUpdateSchema = z.strictObject(taskFields).partial();
export type TaskUpdateInput = z.infer<typeof taskUpdateSchema>;

export const taskBulkUpdateSchema = z
  .strictObject({
    complete: taskFields.complete,
    priority: taskFields.priority,
    status_id: taskFields.status_id,
    tags: taskFields.tags,
    owner: taskFields.owner,
  })
  .partial();

/** `task/search`: 1-based pages of 20; `incomplete: true` is the bell's list (offset 100, by due date). */
export const taskSearchSchema = searchBodySchema.extend({
  offset: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.tasks),
  incomplete: z.boolean().optional(),
});

/** `POST task/comment/{id}`. */
export const taskCommentSchema = z.strictObject({ text: requiredText().max(2000) });
