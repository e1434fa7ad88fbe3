import { TASK_VISIBILITY, type TaskModule } from '@conversa/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { contacts, deals, leads, type TaskRow, tasks, users } from '../../core/db/schema';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';

/**
 * Who sees a task. Staff (`user` accounts) see public tasks and the group or private ones they created or
 * take part in; the company's owner (`client`) and the master see every task of the company, since they
 * answer for the staff's follow-ups. Applied to every read and write, so a hidden task answers 404.
 */
export const taskScope = (auth: AuthContext): SQL | undefined =>
  auth.account === 'user'
    ? sql`(${tasks.visibility} = ${TASK_VISIBILITY.public} or ${tasks.user_id} = ${auth.userId}
        or ${tasks.owner} @> ${JSON.stringify([auth.userId])}::jsonb)`
    : undefined;

/** The caller among the participants: the bell's list of incomplete tasks. */
export const participatesIn = (userId: string): SQL =>
  sql`${tasks.owner} @> ${JSON.stringify([userId])}::jsonb`;

/** Participants are users of the company with an e-mail, since the reminder goes there (400 `owner`). */
export const assertParticipants = async (db: Executor, clientId: string, ids: readonly string[]) => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const refused = badRequest([{ path: 'owner', message: 'validation.participant' }]);
  if (!wanted.every(isUuid)) throw refused;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.client_id, clientId), inArray(users.id, wanted), ne(users.email, '')));
  if (found.length !== wanted.length) throw refused;
};

/**
 * A due date or reminder being set must lie ahead (400 naming the field): a reminder already past could
 * never be sent on time, and the picker offers no past due date. Time passing makes tasks overdue later.
 */
export const assertFuture = (
  path: 'due_date' | 'notify_before',
  moment: string | null | undefined,
  now = new Date(),
) => {
  if (moment && new Date(moment).getTime() <= now.getTime()) {
    throw badRequest([{ path, message: 'validation.futureMoment' }]);
  }
};

/** Once the e-mails went out, the reminder is history: changing it answers 406. */
export const assertReminderEditable = (
  current: Pick<TaskRow, 'notify_sent' | 'notify_enable' | 'notify_before'>,
  input: { notify_enable?: boolean; notify_before?: string | null },
) => {
  if (!current.notify_sent) return;
  const enableChanges = input.notify_enable !== undefined && input.notify_enable !== current.notify_enable;
  const beforeChanges =
    input.notify_before !== undefined &&
    (input.notify_before === null ? null : new Date(input.notify_before).getTime()) !==
      (current.notify_before?.getTime() ?? null);
  if (enableChanges || beforeChanges) throw new AppError(406, 'info.taskReminderSent');
};

/**
 * The record the task follows, checked in the company: a contact (`contact_id`), or a deal or lead
 * (`reference_id`); a deal gives its contact. Another tenant's or an unknown id answers 404. Answers the
 * columns to store.
 */
export const resolveRelated = async (
  db: Executor,
  clientId: string,
  input: { module: TaskModule; contact_id: string; reference_id: string },
): Promise<{ contact_id: string | null; reference_id: string }> => {
  if (input.module === 'contact') {
    if (input.contact_id === '') throw badRequest([{ path: 'contact_id', message: 'validation.required' }]);
    if (!isUuid(input.contact_id)) throw notFound();
    const found = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.client_id, clientId), eq(contacts.id, input.contact_id)));
    if (found.length === 0) throw notFound();
    return { contact_id: input.contact_id, reference_id: '' };
  }
  if (input.reference_id === '') throw badRequest([{ path: 'reference_id', message: 'validation.required' }]);
  if (!isUuid(input.reference_id)) throw notFound();
  if (input.module === 'deal') {
    const [deal] = await db
      .select({ contact_id: deals.contact_id })
      .from(deals)
      .where(and(eq(deals.client_id, clientId), eq(deals.id, input.reference_id)));
    if (!deal) throw notFound();
    return { contact_id: deal.contact_id, reference_id: input.reference_id };
  }
  const found = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.client_id, clientId), eq(leads.id, input.reference_id)));
  if (found.length === 0) throw notFound();
  return { contact_id: null, reference_id: input.reference_id };
};
