import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';

/**
 * How events add up, written once for the rollup job and for the dashboards' read of the events not yet
 * rolled up: the same grouping, so both halves count alike. Each event counts once for the company
 * (user_id '') and once for each user it belongs to.
 */
const expanded = (where: SQL, kinds: string[]) => sql`
  select e.client_id, e.kind, e.day, e.hour, e.device_id, e.sign, e.seconds, e.amount, e.currency, u.user_id
  from metric_events e
  cross join lateral (select '' as user_id union select unnest(e.user_ids)) u
  where ${where} and e.kind in (${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )})`;

const count = (condition: string) => sql.raw(`coalesce(sum(x.sign) filter (where ${condition}), 0)::int`);
const seconds = (condition: string) =>
  sql.raw(`coalesce(sum(x.sign * x.seconds) filter (where ${condition}), 0)::float8`);

/** Conversation, message and task figures per company, day, device and user. */
export const DAY_COLUMNS = [
  'conversations_opened',
  'conversations_closed',
  'messages_in',
  'messages_out',
  'first_response_count',
  'first_response_seconds',
  'resolution_count',
  'resolution_seconds',
  'tasks_done',
] as const;

export const dayRowsOf = (where: SQL) => sql`
  select x.client_id, x.day, x.device_id, x.user_id,
    ${count(`x.kind = 'conversation_opened'`)} as conversations_opened,
    ${count(`x.kind = 'conversation_closed'`)} as conversations_closed,
    ${count(`x.kind = 'message_in'`)} as messages_in,
    ${count(`x.kind = 'message_out'`)} as messages_out,
    ${count(`x.kind = 'first_response'`)} as first_response_count,
    ${seconds(`x.kind = 'first_response'`)} as first_response_seconds,
    ${count(`x.kind = 'conversation_closed' and x.seconds is not null`)} as resolution_count,
    ${seconds(`x.kind = 'conversation_closed' and x.seconds is not null`)} as resolution_seconds,
    ${count(`x.kind = 'task_done'`)} as tasks_done
  from (${expanded(where, [
    'conversation_opened',
    'conversation_closed',
    'message_in',
    'message_out',
    'first_response',
    'task_done',
  ])}) x
  group by x.client_id, x.day, x.device_id, x.user_id`;

export const DEAL_COLUMNS = ['won', 'won_amount', 'lost', 'lost_amount'] as const;

/** Deals won and lost per company, day, user and currency. */
export const dealRowsOf = (where: SQL) => sql`
  select x.client_id, x.day, x.user_id, coalesce(x.currency, '') as currency,
    ${count(`x.kind = 'deal_won'`)} as won,
    coalesce(sum(x.sign * x.amount) filter (where x.kind = 'deal_won'), 0) as won_amount,
    ${count(`x.kind = 'deal_lost'`)} as lost,
    coalesce(sum(x.sign * x.amount) filter (where x.kind = 'deal_lost'), 0) as lost_amount
  from (${expanded(where, ['deal_won', 'deal_lost'])}) x
  group by x.client_id, x.day, x.user_id, coalesce(x.currency, '')`;

export const HOUR_COLUMNS = ['messages_in'] as const;

/** Customer messages per company, day, hour, device and user. */
export const hourRowsOf = (where: SQL) => sql`
  select x.client_id, x.day, x.hour, x.device_id, x.user_id, ${count('true')} as messages_in
  from (${expanded(where, ['message_in'])}) x
  group by x.client_id, x.day, x.hour, x.device_id, x.user_id`;

/** `insert … on conflict do update` adding the new sums to the rows already there. */
const addInto = (table: string, keys: string[], columns: readonly string[], rows: SQL) =>
  sql`insert into ${sql.identifier(table)} (${sql.raw([...keys, ...columns].join(', '))})
    select ${sql.raw([...keys, ...columns].map((column) => `r.${column}`).join(', '))} from (${rows}) r
    on conflict (${sql.raw(keys.join(', '))}) do update set
    ${sql.raw(columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', '))}`;

type Mark = { watermark: string; upto: string };

/**
 * Adds the events of every transaction finished since the last run into the rollup tables and moves the
 * watermark, all in one transaction: a run that dies half-way leaves nothing, a second run finds nothing
 * new. Events are taken by transaction id, below the oldest transaction still running (the snapshot's
 * xmin): an id is given when a transaction first writes but its rows show only at commit, so a plain
 * serial watermark would skip an event committed late. Answers how many transaction ids it covered.
 */
export const rollUp = async (db: Executor): Promise<bigint> =>
  db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      select watermark::text as watermark, pg_snapshot_xmin(pg_current_snapshot())::text as upto
      from metric_rollup where id = 1 for update`)) as unknown as { rows: Mark[] };
    const mark = result.rows[0];
    if (!mark) throw new Error('metric_rollup has lost its row');
    const from = BigInt(mark.watermark);
    const upto = BigInt(mark.upto);
    if (upto <= from) return 0n;
    const range = sql`e.xid >= ${mark.watermark}::xid8 and e.xid < ${mark.upto}::xid8`;
    await tx.execute(
      addInto('metric_days', ['client_id', 'day', 'device_id', 'user_id'], DAY_COLUMNS, dayRowsOf(range)),
    );
    await tx.execute(
      addInto(
        'metric_deal_days',
        ['client_id', 'day', 'user_id', 'currency'],
        DEAL_COLUMNS,
        dealRowsOf(range),
      ),
    );
    await tx.execute(
      addInto(
        'metric_hours',
        ['client_id', 'day', 'hour', 'device_id', 'user_id'],
        HOUR_COLUMNS,
        hourRowsOf(range),
      ),
    );
    await tx.execute(sql`update metric_rollup set watermark = ${mark.upto}::xid8 where id = 1`);
    return upto - from;
  });
