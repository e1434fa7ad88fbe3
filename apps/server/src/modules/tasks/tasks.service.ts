import { recordFor, type Task } from '@conversa/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database } from '../../core/db/database';
import { taskComments, tasks, users } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import type { JobQueue } from '../../core/jobs/job-queue';
import { createRecordRepository } from '../../core/records/record-repository';
import { createRecordService } from '../../core/records/record-service';
import { createTaskRecords } from './tasks.records';
import { taskScope } from './tasks.rules';

/** Who can take part in a task: `{ id, name, email }`. */
/** A colleague who can take part in a task; their e-mail only for the reader themself or one with user.view. */
export type TaskParticipant = { id: string; name: string; email?: string };

export const createTasksService = ({
  db,
  events,
  queue,
}: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
}) => {
  const records = createRecordService(createTaskRecords(queue), { db, events });

  return {
    records,

    /** Adds a comment by the caller to a task they see; answers the task with its comments, oldest first. */
    async comment(auth: AuthContext, id: string, text: string): Promise<Task> {
      const written = await db.transaction(async (tx) => {
        const task = isUuid(id)
          ? await createRecordRepository(tx, tasks, taskScope(auth)).findById(auth.clientId, id, true)
          : undefined;
        if (!task) throw notFound();
        await tx
          .insert(taskComments)
          .values({ client_id: auth.clientId, task_id: task.id, user_id: auth.userId, text });
        await writeAuditLog(tx, auth, [
          { action: 'update', module: 'task', recordId: task.id, changes: { comments: [null, text] } },
        ]);
        return records.writer(tx, auth).changed(task, task);
      });
      records.publish(auth.clientId, [written.notification]);
      return written.record as Task;
    },

    /**
     * The company's users who can receive a reminder (they have an e-mail), by name; without the owner's
     * and master accounts when `noAdmin`.
     */
    async participants(auth: AuthContext, noAdmin: boolean): Promise<TaskParticipant[]> {
      const rows = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.client_id, auth.clientId),
            ne(users.email, ''),
            eq(users.active, true),
            noAdmin ? eq(users.account, 'user') : undefined,
          ),
        )
        .orderBy(asc(users.name), asc(users.id));
      // Colleagues as a user notification shows them (notification-audience.ts): the reader is their own.
      return rows.map((row) => (row.id === auth.userId ? row : recordFor(auth, 'user', row)));
    },
  };
};

export type TasksService = ReturnType<typeof createTasksService>;
