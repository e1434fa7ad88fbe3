import { DEFAULTS, type DealOutcome } from '@conversa/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { recordset } from '../../core/db/recordset';

/**
 * The write side of the dashboards (API.md part 3, "Definitions" and "Attribution"): every function runs
 * inside the transaction of the change it describes (a conversation's in one statement), so an event
 * exists if and only if its change committed. Each hook elsewhere is one call into this file.
 */

export type MetricKind =
  | 'conversation_opened'
  | 'conversation_closed'
  | 'message_in'
  | 'message_out'
  | 'assigned'
  | 'first_response'
  | 'deal_won'
  | 'deal_lost'
  | 'task_done';

/** What an event belongs to: nobody, or one user (a deal's or task's owners are each a user). */
const usersOf = (userId: string | null | undefined) => (userId ? [userId] : []);

/** A text[] parameter (Drizzle would spread a JS array into a list of values). */
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * The drafts that `ctes` (a WITH list ending in a `drafts` relation of kind, at, device_id, user_ids,
 * seconds) describe, inserted with their local day, hour and ISO weekday in the company's zone now: WITH
 * entries, the insert the last of them, for a statement of the caller's (see inboundMetrics).
 */
const draftsInsert = (clientId: string, ctes: SQL): SQL => sql`
    zone as (select metric_zone(c.timezone, ${DEFAULTS.timezone}) as tz from clients c where c.id = ${clientId}),
    ${ctes},
    metric_inserted as (insert into metric_events (client_id, kind, at, day, hour, weekday, device_id, user_ids, seconds)
    select ${clientId}::uuid, d.kind, d.at, (d.at at time zone z.tz)::date,
      extract(hour from d.at at time zone z.tz)::smallint, extract(isodow from d.at at time zone z.tz)::smallint,
      d.device_id, d.user_ids, d.seconds
    from drafts d, zone z)`;

/** Inserts the drafts that `ctes` describe (see draftsInsert), in a statement of its own. */
const insertDrafts = async (db: Executor, clientId: string, ctes: SQL) => {
  await db.execute(sql`with ${draftsInsert(clientId, ctes)} select 1`);
};

/** Seconds from a conversation's clock start to `at`, never negative (a provider's clock may lag ours). */
const secondsSince = (at: Date, column: SQL) =>
  sql`greatest(0, extract(epoch from (${at.toISOString()}::timestamptz - ${column})))::float8`;

/** A customer's message as the inbound writer stored it, with the conversation's assignee then ('' none). */
export type InboundMetric = { contactId: string; deviceId: string; assignee: string; at: Date };

/**
 * Customer messages: each one counts in `messages_in` (belonging to the assignee when it arrives); the
 * first one to a contact without an open conversation opens one on its device, its clock already
 * running when the contact was assigned before. WITH entries, for the inbound writer's one statement
 * after its batch's messages (their names: zone, arrivals, firsts, opened, drafts, metric_inserted).
 */
export const inboundMetrics = (clientId: string, arrivals: InboundMetric[]): SQL | undefined => {
  if (arrivals.length === 0) return undefined;
  const rows = arrivals.map((arrival) => ({
    contact_id: arrival.contactId,
    device_id: arrival.deviceId,
    user_ids: usersOf(arrival.assignee),
    at: arrival.at.toISOString(),
  }));
  return draftsInsert(
    clientId,
    sql`arrivals as (
      select * from jsonb_to_recordset(${recordset(rows)})
        as r(contact_id uuid, device_id text, user_ids text[], at timestamptz)),
    firsts as (select distinct on (contact_id) * from arrivals order by contact_id, at),
    opened as (
      insert into metric_conversations (contact_id, client_id, device_id, opened_at, clock_start)
      select f.contact_id, ${clientId}::uuid, f.device_id, f.at,
        case when cardinality(f.user_ids) > 0 then f.at end
      from firsts f
      on conflict (contact_id) do nothing
      returning contact_id),
    drafts as (
      select 'message_in' as kind, a.at, a.device_id, a.user_ids, null::float8 as seconds from arrivals a
      union all
      select 'conversation_opened', f.at, f.device_id, f.user_ids, null from firsts f
        where f.contact_id in (select contact_id from opened))`,
  );
};

/**
 * Messages the company sent (one statement for a batch). `personId` is the person who typed it in the
 * chat (or sent a template from it); bots, diffusions, confirmations and reminders pass none: they count
 * in `messages_out` for nobody and are never a first response. A person's first message of a
 * conversation whose clock runs is its first response, once.
 */
export const recordOutbound = async (
  db: Executor,
  clientId: string,
  messages: { contactId: string; deviceId: string; personId: string | null; at: Date }[],
) => {
  if (messages.length === 0) return;
  const rows = messages.map((message) => ({
    contact_id: message.contactId,
    device_id: message.deviceId,
    user_ids: usersOf(message.personId),
    at: message.at.toISOString(),
  }));
  await insertDrafts(
    db,
    clientId,
    sql`sent as (
      select * from jsonb_to_recordset(${recordset(rows)})
        as r(contact_id uuid, device_id text, user_ids text[], at timestamptz)),
    firsts as (
      select distinct on (contact_id) * from sent where cardinality(user_ids) > 0 order by contact_id, at),
    responded as (
      update metric_conversations m set responded = true
      from firsts f
      where m.contact_id = f.contact_id and m.client_id = ${clientId}
        and not m.responded and m.clock_start is not null
      returning m.device_id, f.user_ids, f.at, greatest(0, extract(epoch from (f.at - m.clock_start)))::float8 as seconds),
    drafts as (
      select 'message_out' as kind, s.at, s.device_id, s.user_ids, null::float8 as seconds from sent s
      union all
      select 'first_response', r.at, r.device_id, r.user_ids, r.seconds from responded r)`,
  );
};

/**
 * A conversation taken, transferred or handed off by a bot to a user: the open conversation's clock starts
 * now unless it already runs (a transfer never restarts it).
 */
export const recordAssignment = async (
  db: Executor,
  clientId: string,
  assignment: { contactId: string; userId: string; at: Date },
) => {
  if (!assignment.userId) return;
  await insertDrafts(
    db,
    clientId,
    sql`started as (
      update metric_conversations set clock_start = ${assignment.at.toISOString()}::timestamptz
      where contact_id = ${assignment.contactId} and client_id = ${clientId} and clock_start is null
      returning contact_id),
    drafts as (
      select 'assigned' as kind, ${assignment.at.toISOString()}::timestamptz as at,
        coalesce((select device_id from metric_conversations
          where contact_id = ${assignment.contactId} and client_id = ${clientId}), '') as device_id,
        ${textArray([assignment.userId])} as user_ids, null::float8 as seconds)`,
  );
};

/**
 * Conversations released (release, unlockchatmany, unlockall): each open one closes, belonging to the
 * assignee released, with its resolution sample when its clock ran.
 */
export const recordRelease = async (
  db: Executor,
  clientId: string,
  released: { contactId: string; assignee: string }[],
  at: Date,
) => {
  if (released.length === 0) return;
  const rows = released.map(({ contactId, assignee }) => ({
    contact_id: contactId,
    user_ids: usersOf(assignee),
  }));
  await insertDrafts(
    db,
    clientId,
    sql`released as (
      select * from jsonb_to_recordset(${recordset(rows)}) as r(contact_id uuid, user_ids text[])),
    closed as (
      delete from metric_conversations m using released r
      where m.contact_id = r.contact_id and m.client_id = ${clientId}
      returning m.device_id, m.clock_start, r.user_ids),
    drafts as (
      select 'conversation_closed' as kind, ${at.toISOString()}::timestamptz as at, c.device_id, c.user_ids,
        case when c.clock_start is not null then ${secondsSince(at, sql`c.clock_start`)} end as seconds
      from closed c)`,
  );
};

/**
 * Takes back the last event of `kind` about a record (a deal leaving its outcome, a task reopened): a copy
 * with sign -1 on the original's day and owners, so the figures count only the last move.
 */
const undoLast = async (db: Executor, clientId: string, kind: MetricKind, refId: string, at: Date) => {
  await db.execute(sql`
    insert into metric_events (client_id, kind, at, day, hour, weekday, device_id, user_ids, sign, amount, currency, ref_id)
    select client_id, kind, ${at.toISOString()}::timestamptz, day, hour, weekday, device_id, user_ids, -1,
      amount, currency, ref_id
    from (select * from metric_events where ref_id = ${refId} and kind = ${kind} and client_id = ${clientId}
      order by id desc limit 1) last
    where last.sign = 1`);
};

/** An outcome reached: counted now, for each owner at this moment, with its amount and currency. */
const recordOutcome = async (
  db: Executor,
  clientId: string,
  kind: MetricKind,
  outcome: { refId: string; owners: string[]; amount?: number; currency?: string },
  at: Date,
) => {
  await db.execute(sql`
    with zone as (select metric_zone(c.timezone, ${DEFAULTS.timezone}) as tz from clients c where c.id = ${clientId})
    insert into metric_events (client_id, kind, at, day, hour, weekday, user_ids, amount, currency, ref_id)
    select ${clientId}::uuid, ${kind}, ${at.toISOString()}::timestamptz,
      (${at.toISOString()}::timestamptz at time zone z.tz)::date,
      extract(hour from ${at.toISOString()}::timestamptz at time zone z.tz)::smallint,
      extract(isodow from ${at.toISOString()}::timestamptz at time zone z.tz)::smallint,
      ${textArray([...new Set(outcome.owners)])}, ${outcome.amount ?? null}::numeric, ${outcome.currency ?? null}::text,
      ${outcome.refId}::uuid
    from zone z`);
};

const OUTCOME_KIND: Partial<Record<DealOutcome, MetricKind>> = { win: 'deal_won', lost: 'deal_lost' };

type DealState = { id: string; stage: DealOutcome; owner: string[]; amount: number; currency: string };

/**
 * Deals written (created, updated one by one or in bulk): a deal leaving `win` or `lost` takes back that
 * outcome's event; a deal reaching one (created so included) counts it now.
 */
export const recordDealOutcomes = async (
  db: Executor,
  clientId: string,
  changes: { before: DealState | null; after: DealState }[],
  at: Date,
) => {
  for (const { before, after } of changes) {
    if (before?.stage === after.stage) continue;
    const left = before ? OUTCOME_KIND[before.stage] : undefined;
    if (left) await undoLast(db, clientId, left, after.id, at);
    const reached = OUTCOME_KIND[after.stage];
    if (reached) {
      const { id, owner, amount, currency } = after;
      await recordOutcome(db, clientId, reached, { refId: id, owners: owner, amount, currency }, at);
    }
  }
};

/** Deals deleted: each one's outcome is taken back, so the figures count only the deals that still exist. */
export const recordDealsDeleted = (db: Executor, clientId: string, removed: DealState[], at: Date) =>
  recordDealOutcomes(
    db,
    clientId,
    removed.map((deal) => ({ before: deal, after: { ...deal, stage: 'open' as const } })),
    at,
  );

type TaskState = { id: string; complete: boolean; owner: string[] };

/** Tasks written: marked complete counts as done now, for each participant; reopened takes it back. */
export const recordTaskCompletions = async (
  db: Executor,
  clientId: string,
  changes: { before: TaskState | null; after: TaskState }[],
  at: Date,
) => {
  for (const { before, after } of changes) {
    if ((before?.complete ?? false) === after.complete) continue;
    if (after.complete) {
      await recordOutcome(db, clientId, 'task_done', { refId: after.id, owners: after.owner }, at);
    } else {
      await undoLast(db, clientId, 'task_done', after.id, at);
    }
  }
};

/** Tasks deleted: a completed one's count is taken back, as when it is reopened. */
export const recordTasksDeleted = (db: Executor, clientId: string, removed: TaskState[], at: Date) =>
  recordTaskCompletions(
    db,
    clientId,
    removed.map((task) => ({ before: task, after: { ...task, complete: false } })),
    at,
  );
