import {
  DEFAULTS,
  isReminderAfterDue,
  PAGE_SIZE,
  type SearchBody,
  TASK_FIELDS,
  taskBulkUpdateSchema,
  taskCreateSchema,
  taskSearchSchema,
  taskUpdateSchema,
} from '@conversa/domain';
import { and, eq, sql } from 'drizzle-orm';
import { taskComments, tasks } from '../../core/db/schema';
import { badRequest } from '../../core/http/app-error';
import { NEWEST_FIRST } from '../../core/http/search-query';
import type { JobQueue } from '../../core/jobs/job-queue';
import { defineRecordModule, type RecordPatch } from '../../core/records/record-module';
import { recordTaskCompletions, recordTasksDeleted } from '../metrics/metric-events';
import { loadTaskRelated, toTask } from './tasks.mapper';
import { armReminder } from './tasks.reminders';
import {
  assertFuture,
  assertParticipants,
  assertReminderEditable,
  participatesIn,
  resolveRelated,
  taskScope,
} from './tasks.rules';

const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null);

/** The expiry rule of packages/domain (taskExpiry) in SQL, in the company's time zone, for the whitelist. */
const expiryColumn = sql`(select case
    when (${tasks.due_date} at time zone c.timezone)::date < (now() at time zone c.timezone)::date then 'expired'
    when (${tasks.due_date} at time zone c.timezone)::date = (now() at time zone c.timezone)::date
      then case when ${tasks.due_date} > now() then 'expires_today' else 'overdue' end
    when (${tasks.due_date} at time zone c.timezone)::date - (now() at time zone c.timezone)::date
      <= ${DEFAULTS.expiryWindowDays} then 'next_to_expire'
    else 'expires' end
  from clients c where c.id = ${tasks.client_id})`;

/** The name of the record the task follows, as `reference[0].name` answers it. */
const relatedNameColumn = sql`(case ${tasks.module}
    when 'contact' then (select full_name from contacts where id = ${tasks.contact_id})
    when 'deal' then (select name from deals where id::text = ${tasks.reference_id} and client_id = ${tasks.client_id})
    else (select full_name from leads where id::text = ${tasks.reference_id} and client_id = ${tasks.client_id})
  end)`;

/**
 * Tasks on the record kit: every kit route under `task/`, the visibility scope on each, the bell's list
 * (`incomplete: true`), and the reminder's job armed, moved or cancelled in the write's transaction.
 * Comments and participants are tasks.routes.ts.
 */
export const createTaskRecords = (queue: JobQueue) =>
  defineRecordModule({
    name: 'task',
    permission: 'task',
    words: { one: 'task', many: 'tasks' },
    table: tasks,
    fields: TASK_FIELDS,
    columns: {
      title: tasks.title,
      description: tasks.description,
      priority: tasks.priority,
      complete: tasks.complete,
      due_date: tasks.due_date,
      expiry: expiryColumn,
      owner: tasks.owner,
      visibility: sql`${tasks.visibility}::text`,
      module: tasks.module,
      'reference.name': relatedNameColumn,
      status_id: tasks.status_id,
      tags: tasks.tags,
      notify_before: tasks.notify_before,
      notify_sent: tasks.notify_sent,
      create_date: tasks.create_date,
    },
    // A record's tasks (contact, deal and lead pages, the chat panel) are found by these; compared as text,
    // so any searched value is a plain mismatch, never a database error.
    searchExtra: {
      contact_id: { column: sql`${tasks.contact_id}::text`, type: 'text' },
      reference_id: { column: tasks.reference_id, type: 'text' },
    },
    scope: taskScope,
    search: {
      schema: taskSearchSchema,
      prepare(body: SearchBody & { incomplete?: boolean }, auth) {
        const { incomplete, ...rest } = body;
        if (!incomplete) return { body: rest };
        return {
          body: { ...rest, offset: PAGE_SIZE.incompleteTasks, sort: { key: 'due_date', order: 'asc' } },
          where: and(eq(tasks.complete, false), participatesIn(auth.userId)),
        };
      },
    },
    related: loadTaskRelated,
    toApi: toTask,
    create: {
      schema: taskCreateSchema,
      async values(input, { db, auth }) {
        await assertParticipants(db, auth.clientId, input.owner);
        assertFuture('due_date', input.due_date);
        assertFuture('notify_before', input.notify_before);
        const { comments: _firstComment, ...fields } = input;
        return {
          ...fields,
          ...(await resolveRelated(db, auth.clientId, input)),
          due_date: new Date(input.due_date),
          notify_before: dateOf(input.notify_before),
          user_id: auth.userId,
        };
      },
      async after(row, input, { db, auth }) {
        if (input.comments !== '') {
          await db.insert(taskComments).values({
            client_id: auth.clientId,
            task_id: row.id,
            user_id: auth.userId,
            text: input.comments,
          });
        }
      },
    },
    update: {
      schema: taskUpdateSchema,
      async patch(input, current, { db, auth }) {
        assertReminderEditable(current, input);
        if (input.owner) await assertParticipants(db, auth.clientId, input.owner);
        const { due_date, notify_before, ...fields } = input;
        const patch: RecordPatch<typeof tasks> = { ...fields };
        if (due_date !== undefined && new Date(due_date).getTime() !== current.due_date.getTime()) {
          assertFuture('due_date', due_date);
          patch.due_date = new Date(due_date);
        }
        if (
          notify_before !== undefined &&
          dateOf(notify_before)?.getTime() !== current.notify_before?.getTime()
        ) {
          assertFuture('notify_before', notify_before);
          patch.notify_before = dateOf(notify_before);
        }
        // A pending reminder keeps its distance to the due moment when only the due moment moves.
        const shift = patch.due_date ? patch.due_date.getTime() - current.due_date.getTime() : 0;
        if (shift !== 0 && notify_before === undefined && current.notify_before && !current.notify_sent) {
          patch.notify_before = new Date(current.notify_before.getTime() + shift);
        }
        if (
          input.module !== undefined ||
          input.contact_id !== undefined ||
          input.reference_id !== undefined
        ) {
          Object.assign(
            patch,
            await resolveRelated(db, auth.clientId, {
              module: input.module ?? current.module,
              contact_id: input.contact_id ?? current.contact_id ?? '',
              reference_id: input.reference_id ?? current.reference_id,
            }),
          );
        }
        const next = { ...current, ...patch };
        if (next.notify_enable && !next.notify_before) {
          throw badRequest([{ path: 'notify_before', message: 'validation.required' }]);
        }
        if (
          next.notify_enable &&
          !next.notify_sent &&
          isReminderAfterDue(next.notify_before, next.due_date)
        ) {
          throw badRequest([{ path: 'notify_before', message: 'validation.reminderAfterDue' }]);
        }
        return patch;
      },
    },
    bulkUpdate: {
      schema: taskBulkUpdateSchema,
      async patch(update, { db, auth }) {
        await assertParticipants(db, auth.clientId, update.owner ?? []);
        return update;
      },
    },
    // Every write (one, bulk) arms, moves or cancels the reminder's job in its transaction, and counts a
    // completion (or takes back a reopened one) for the dashboards.
    async afterWrite(changes, { db, auth }) {
      for (const { after } of changes) await armReminder(queue, db, after);
      await recordTaskCompletions(db, auth.clientId, changes, new Date());
      return { notifications: [] };
    },
    async afterDelete(rows, { db, auth }) {
      await recordTasksDeleted(db, auth.clientId, rows, new Date());
    },
    defaultSort: NEWEST_FIRST,
    kanban: 'status_id',
    info: { created: 'info.taskCreated', updated: 'info.taskUpdated', deleted: 'info.taskDeleted' },
  });

export type TaskRecords = ReturnType<typeof createTaskRecords>;
