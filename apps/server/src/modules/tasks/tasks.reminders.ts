import { isLocale, type Locale } from '@conversa/domain';
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../core/db/database';
import { clients, jobs, type TaskRow, taskReminderSends, tasks, users } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { translate } from '../../core/i18n/i18n';
import { defineJob, type JobQueue } from '../../core/jobs/job-queue';
import type { Mailer } from '../../core/mail/mailer';
import {
  createRealtimeEventsRepository,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import { loadTaskRelated, toTask } from './tasks.mapper';

/*
 * Task reminders (docs/ARCHITECTURE.md "Task reminders"). A task with a reminder has one job keyed by the
 * task, due at notify_before; a recurring sweep re-arms reminders that are due and have no live job (a
 * seeded or bulk-changed task, a job that ran before the task moved). The job is only a wake-up: the
 * claim below decides, so a stale, duplicated or retried job sends nothing it should not.
 */

export const taskReminder = defineJob<{ taskId: string }>('task.remind', { maxAttempts: 8 });
export const TASK_REMINDER_SWEEP = 'task.remind.sweep';
const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 500;

export const reminderKey = (taskId: string) => `task.remind:${taskId}`;

type ReminderState = Pick<TaskRow, 'id' | 'notify_enable' | 'notify_before' | 'notify_sent' | 'complete'>;

const isPending = (task: ReminderState): task is ReminderState & { notify_before: Date } =>
  task.notify_enable && task.notify_before !== null && !task.notify_sent && !task.complete;

/** In the write's transaction: a pending reminder gets its job (moved when it exists), any other none. */
export const armReminder = async (queue: JobQueue, tx: Executor, task: ReminderState) => {
  if (isPending(task)) {
    await queue.enqueue(
      tx,
      taskReminder.job(
        { taskId: task.id },
        { key: reminderKey(task.id), runAt: task.notify_before, replace: true },
      ),
    );
  } else {
    await queue.cancel(tx, reminderKey(task.id));
  }
};

type Recipient = { id: string; name: string; email: string; locale: Locale };

const dueText = (due: Date, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(due);

export const createTaskReminders = ({
  db,
  queue,
  mailer,
  events,
  publicUrl,
}: {
  db: Database;
  queue: JobQueue;
  mailer: Mailer;
  events: EventBus;
  publicUrl: string;
}) => {
  const publish = (clientId: string, notifications: StoredNotification[]) => {
    if (notifications.length > 0) events.emit('record.changed', { clientId, module: 'task', notifications });
  };

  /**
   * The claim: one statement turns notify_sent on only while the reminder is enabled, due, unsent and the
   * task open, so of two workers (or a retry after success) exactly one gets the row. The change is
   * announced to the company in the same transaction.
   */
  const claim = (taskId: string) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(tasks)
        .set({ notify_sent: true })
        .where(
          and(
            eq(tasks.id, taskId),
            eq(tasks.notify_sent, false),
            eq(tasks.notify_enable, true),
            lte(tasks.notify_before, sql`now()`),
            eq(tasks.complete, false),
          ),
        )
        .returning();
      if (!row) return undefined;
      const notification = await createRealtimeEventsRepository(tx).record(row.client_id, {
        module: 'task',
        action: 'update',
        data: [toTask(row, await loadTaskRelated(tx, row.client_id, [row]))],
        ref: row.id,
      });
      return { row, notification };
    });

  const recipientsOf = async (task: TaskRow): Promise<{ recipients: Recipient[]; timeZone: string }> => {
    const [client] = await db
      .select({ timezone: clients.timezone, language: clients.language })
      .from(clients)
      .where(eq(clients.id, task.client_id));
    const companyLocale: Locale = isLocale(client?.language) ? client.language : 'es';
    const people =
      task.owner.length === 0
        ? []
        : await db
            .select({ id: users.id, name: users.name, email: users.email, language: users.language })
            .from(users)
            .where(
              and(eq(users.client_id, task.client_id), inArray(users.id, task.owner), ne(users.email, '')),
            )
            .orderBy(asc(users.name), asc(users.id));
    return {
      timeZone: client?.timezone ?? 'America/Santiago',
      recipients: people.map((person) => ({
        ...person,
        locale: isLocale(person.language) ? person.language : companyLocale,
      })),
    };
  };

  /**
   * One participant's e-mail, at most once: under the task's row lock, a `task_reminder_sends` row is the
   * record of the send, written in the same transaction right after the SMTP server accepted the mail, with
   * the participant's in-app `reminder` notification. A retry after a crash skips whoever has one.
   */
  const sendTo = async (task: TaskRow, recipient: Recipient, timeZone: string) => {
    const stored = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${tasks} where ${tasks.id} = ${task.id} for update`);
      const sent = await tx
        .select({ user_id: taskReminderSends.user_id })
        .from(taskReminderSends)
        .where(and(eq(taskReminderSends.task_id, task.id), eq(taskReminderSends.user_id, recipient.id)));
      if (sent.length > 0) return undefined;
      const link = `${publicUrl}/app/tasks?task=${task.id}`;
      await mailer.sendMail({
        to: recipient.email,
        subject: translate(recipient.locale, 'mail.taskReminderSubject', { title: task.title }),
        text: translate(recipient.locale, 'mail.taskReminderBody', {
          name: recipient.name,
          title: task.title,
          due: dueText(task.due_date, recipient.locale, timeZone),
          link,
        }),
      });
      await tx
        .insert(taskReminderSends)
        .values({ client_id: task.client_id, task_id: task.id, user_id: recipient.id });
      return createRealtimeEventsRepository(tx).record(task.client_id, {
        module: 'task',
        action: 'reminder',
        data: [
          { id: task.id, title: task.title, due_date: task.due_date.toISOString(), user_id: recipient.id },
        ],
        ref: task.id,
        targetUserId: recipient.id,
      });
    });
    if (stored) publish(task.client_id, [stored]);
  };

  /** The job: claim, or resume a claim whose sends a crash cut short; then each participant's e-mail. */
  const remind = async (taskId: string) => {
    const claimed = await claim(taskId);
    if (claimed) publish(claimed.row.client_id, [claimed.notification]);
    const task =
      claimed?.row ??
      (
        await db
          .select()
          .from(tasks)
          .where(and(eq(tasks.id, taskId), eq(tasks.notify_sent, true)))
      )[0];
    if (!task) return;
    const { recipients, timeZone } = await recipientsOf(task);
    for (const recipient of recipients) await sendTo(task, recipient, timeZone);
  };

  /**
   * Reminders due and unsent whose job is not waiting, running or dead (dead ones stay for the master's
   * retry on /app/jobs rather than failing again every minute): each gets its job back.
   */
  const sweep = async () => {
    const due = await db
      .select({ id: tasks.id, notify_before: tasks.notify_before })
      .from(tasks)
      .where(
        and(
          eq(tasks.notify_enable, true),
          eq(tasks.notify_sent, false),
          eq(tasks.complete, false),
          lte(tasks.notify_before, sql`now()`),
          sql`not exists (select 1 from ${jobs} where ${jobs.key} = 'task.remind:' || ${tasks.id}::text
            and ${jobs.status} in ('pending', 'running', 'failed'))`,
        ),
      )
      .orderBy(tasks.notify_before)
      .limit(SWEEP_BATCH);
    for (const task of due) {
      await queue.enqueue(
        db,
        taskReminder.job(
          { taskId: task.id },
          { key: reminderKey(task.id), runAt: new Date(), replace: true },
        ),
      );
    }
    if (due.length > 0) queue.kick();
  };

  return {
    remind,
    sweep,
    /** Declares the reminder job and the once-per-cluster sweep on the queue. */
    define() {
      queue.define(taskReminder, { run: ({ taskId }) => remind(taskId), retryOn: 'any error' });
      queue.every(TASK_REMINDER_SWEEP, SWEEP_EVERY_MS, { run: sweep });
    },
  };
};

export type TaskReminders = ReturnType<typeof createTaskReminders>;
