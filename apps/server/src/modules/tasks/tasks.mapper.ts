import { type Task, type TaskComment, type TaskRelated, taskExpiry } from '@conversa/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { allOn, type Executor } from '../../core/db/database';
import { clients, contacts, deals, leads, type TaskRow, taskComments, users } from '../../core/db/schema';
import { isUuid } from '../../core/http/route-schemas';

/** What a batch of tasks needs besides its rows: names of related records, comments, the company's clock. */
export type TaskRelatedData = {
  timeZone: string;
  now: Date;
  names: Map<string, TaskRelated>;
  comments: Map<string, TaskComment[]>;
};

const key = (module: string, id: string) => `${module}:${id}`;

/** One query per kind of record for the whole batch (contacts, deals, leads, comments). */
export const loadTaskRelated = async (
  db: Executor,
  clientId: string,
  rows: TaskRow[],
): Promise<TaskRelatedData> => {
  const ids = (module: string) => [
    ...new Set(
      rows.filter((row) => row.module === module && isUuid(row.reference_id)).map((row) => row.reference_id),
    ),
  ];
  const contactIds = [...new Set(rows.flatMap((row) => (row.contact_id ? [row.contact_id] : [])))];
  const [dealIds, leadIds] = [ids('deal'), ids('lead')];
  const taskIds = rows.map((row) => row.id);
  /** The names of a kind of record the batch refers to (no query when it refers to none). */
  const namesIn =
    (
      table: typeof contacts | typeof deals | typeof leads,
      name: typeof contacts.full_name | typeof deals.name | typeof leads.full_name,
      recordIds: string[],
    ) =>
    () =>
      recordIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: table.id, name })
            .from(table)
            .where(and(eq(table.client_id, clientId), inArray(table.id, recordIds)));
  const [client, contactRows, dealRows, leadRows, commentRows] = await allOn(db, [
    () => db.select({ timezone: clients.timezone }).from(clients).where(eq(clients.id, clientId)),
    namesIn(contacts, contacts.full_name, contactIds),
    namesIn(deals, deals.name, dealIds),
    namesIn(leads, leads.full_name, leadIds),
    () =>
      db
        .select({
          id: taskComments.id,
          task_id: taskComments.task_id,
          user_id: taskComments.user_id,
          user_name: users.name,
          text: taskComments.text,
          create_date: taskComments.create_date,
        })
        .from(taskComments)
        .leftJoin(users, eq(users.id, taskComments.user_id))
        .where(and(eq(taskComments.client_id, clientId), inArray(taskComments.task_id, taskIds)))
        .orderBy(asc(taskComments.create_date), asc(taskComments.id)),
  ]);
  const names = new Map<string, TaskRelated>();
  for (const [module, found] of [
    ['contact', contactRows],
    ['deal', dealRows],
    ['lead', leadRows],
  ] as const) {
    for (const row of found) names.set(key(module, row.id), { id: row.id, module, name: row.name });
  }
  const comments = new Map<string, TaskComment[]>();
  for (const row of commentRows) {
    const list = comments.get(row.task_id) ?? [];
    list.push({
      id: row.id,
      user_id: row.user_id ?? '',
      user_name: row.user_name ?? '',
      text: row.text,
      create_date: row.create_date.toISOString(),
    });
    comments.set(row.task_id, list);
  }
  return { timeZone: client[0]?.timezone ?? 'America/Santiago', now: new Date(), names, comments };
};

const named = (related: TaskRelatedData, module: string, id: string | null): TaskRelated[] => {
  const found = id ? related.names.get(key(module, id)) : undefined;
  return found ? [found] : [];
};

/**
 * The API's task: `expiry` in the company's time zone at the moment of the answer; `contact` the contact
 * (a deal's contact too), `reference` the record the task follows whatever its kind, `lead` the lead.
 */
export const toTask = (row: TaskRow, related: TaskRelatedData): Task => {
  const contact = named(related, 'contact', row.contact_id);
  const reference = row.module === 'contact' ? contact : named(related, row.module, row.reference_id);
  return {
    id: row.id,
    client_id: row.client_id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    complete: row.complete,
    due_date: row.due_date.toISOString(),
    owner: row.owner,
    visibility: row.visibility,
    module: row.module,
    reference_id: row.reference_id,
    contact_id: row.contact_id ?? '',
    tags: row.tags,
    status_id: row.status_id,
    color: row.color,
    notify_enable: row.notify_enable,
    notify_before: row.notify_before?.toISOString() ?? null,
    notify_sent: row.notify_sent,
    notify_channel: row.notify_channel,
    is_notified: row.is_notified,
    comments: related.comments.get(row.id) ?? [],
    expiry: taskExpiry(row.due_date, related.now, related.timeZone),
    user_id: row.user_id ?? '',
    contact,
    reference,
    lead: row.module === 'lead' ? reference : [],
    create_date: row.create_date.toISOString(),
  };
};
