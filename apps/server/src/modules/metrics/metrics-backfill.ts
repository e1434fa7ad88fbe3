import { DEFAULTS } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database';

/** Local day, hour and ISO weekday of `moment` in the company's zone (alias c: clients). */
const localParts = (moment: string) =>
  sql.raw(`
  (${moment} at time zone metric_zone(c.timezone, '${DEFAULTS.timezone}'))::date,
  extract(hour from ${moment} at time zone metric_zone(c.timezone, '${DEFAULTS.timezone}'))::smallint,
  extract(isodow from ${moment} at time zone metric_zone(c.timezone, '${DEFAULTS.timezone}'))::smallint`);

/**
 * Builds, once, the events of what every company did before the events began to be written
 * (`metric_rollup.backfill_before`, the migration's moment), from the history that holds it; the rollup
 * then adds them up as any event. What the history gives:
 * - messages in and out by their moment and device; an outbound one belongs to its owner when that is a
 *   user (a bot's is nobody's; a diffusion's, which the history cannot tell from a person's, its author's);
 * - deals now won or lost, at their last move to that outcome (the stage history), else their creation,
 *   for each owner, with amount and currency;
 * - tasks now complete (and not completed since), for each participant, on their due date: the history
 *   has no completion moment.
 * What it cannot give: conversations opened and closed, first responses and resolutions (no record of the
 * assignments and releases), and who held a conversation when a customer wrote (messages in belong to
 * nobody). Those figures start at the migration.
 * Runs in one transaction that marks itself done: a second run, or a run after a crash, changes nothing.
 */
export const backfillMetrics = async (db: Database): Promise<boolean> =>
  db.transaction(async (tx) => {
    const state = (await tx.execute(
      sql`select backfilled, backfill_before from metric_rollup where id = 1 for update`,
    )) as unknown as { rows: { backfilled: boolean; backfill_before: string }[] };
    const mark = state.rows[0];
    if (!mark || mark.backfilled) return false;
    const before = new Date(mark.backfill_before).toISOString();
    await tx.execute(sql`
      insert into metric_events (client_id, kind, at, day, hour, weekday, device_id, user_ids)
      select m.client_id, case when m.from_me then 'message_out' else 'message_in' end, m.timestamp,
        ${localParts('m.timestamp')}, coalesce(m.device_id::text, ''),
        case when m.from_me and exists (select 1 from users u where u.client_id = m.client_id and u.id::text = m.owner)
          then array[m.owner] else '{}'::text[] end
      from messages m join clients c on c.id = m.client_id
      where m.create_date < ${before}::timestamptz`);
    await tx.execute(sql`
      insert into metric_events (client_id, kind, at, day, hour, weekday, user_ids, amount, currency, ref_id)
      select d.client_id, case when d.stage = 'win' then 'deal_won' else 'deal_lost' end, moved.at,
        ${localParts('moved.at')},
        array(select distinct jsonb_array_elements_text(d.owner)), d.amount, d.currency, d.id
      from deals d join clients c on c.id = d.client_id
      cross join lateral (select coalesce((select max(s.create_date) from deal_stage_changes s
        where s.client_id = d.client_id and s.deal_id = d.id and s.to_stage = d.stage), d.create_date) as at) moved
      where d.stage in ('win', 'lost') and moved.at < ${before}::timestamptz`);
    await tx.execute(sql`
      insert into metric_events (client_id, kind, at, day, hour, weekday, user_ids, ref_id)
      select t.client_id, 'task_done', t.due_date, ${localParts('t.due_date')},
        array(select distinct jsonb_array_elements_text(t.owner)), t.id
      from tasks t join clients c on c.id = t.client_id
      where t.complete and t.create_date < ${before}::timestamptz
        and not exists (select 1 from metric_events e where e.ref_id = t.id and e.kind = 'task_done')`);
    await tx.execute(sql`update metric_rollup set backfilled = true where id = 1`);
    return true;
  });
