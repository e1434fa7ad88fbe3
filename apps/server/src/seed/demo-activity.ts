import { addDays, DEFAULTS, defaultCurrency, localDayOf, zonedInstant } from '@conversa/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../core/db/database';
import { recordset } from '../core/db/recordset';
import { clients, devices, users } from '../core/db/schema';
import { DEMO_LOGINS } from '../core/db/seed-logins';

const MINUTE = 60_000;
/** How far back the demo company's history goes: a month a manager can read on the dashboards. */
const DAYS = 30;

type Draft = {
  kind: string;
  at: string;
  device_id: string;
  user_ids: string[];
  sign: number;
  seconds: number | null;
  amount: number | null;
  currency: string | null;
};

/** The same history on every first start: a small linear congruential generator, seeded. */
const randomFrom = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
};

/**
 * The demo company's last month as the dashboards count it: conversations opened on its device during
 * working hours (fewer at weekends), the customers' messages and the agents' answers, first responses and
 * resolutions, deals won and lost, tasks done. The services cannot backdate what they record, so the
 * history is written as metric events, local day and hour in the company's zone; the rollup job then adds
 * it up like any other.
 */
export const seedDemoActivity = async (db: Database) => {
  const [owner] = await db.select().from(users).where(eq(users.email, DEMO_LOGINS.owner.email));
  if (!owner) return;
  const [device] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.client_id, owner.client_id))
    .orderBy(asc(devices.create_date))
    .limit(1);
  const agents = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.client_id, owner.client_id))
      .orderBy(asc(users.create_date))
  ).map((user) => user.id);
  const [company] = await db.select().from(clients).where(eq(clients.id, owner.client_id));
  if (!company || !device || agents.length === 0) return;
  const timeZone = company.timezone || DEFAULTS.timezone;
  const currency = defaultCurrency(company.country);

  const random = randomFrom(2026);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const agentOf = () => agents[between(0, agents.length - 1)] as string;
  const drafts: Draft[] = [];
  const add = (kind: string, at: number, fields: Partial<Draft> = {}) =>
    drafts.push({
      kind,
      at: new Date(at).toISOString(),
      device_id: device.id,
      user_ids: [],
      sign: 1,
      seconds: null,
      amount: null,
      currency: null,
      ...fields,
    });

  const today = localDayOf(new Date(), timeZone);
  for (let back = DAYS; back >= 1; back -= 1) {
    const date = addDays(today, -back);
    const day = zonedInstant(date, '00:00', timeZone).getTime();
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const isWeekend = weekday === 0 || weekday === 6;
    const conversations = isWeekend ? between(1, 4) : between(8, 16);
    for (let index = 0; index < conversations; index += 1) {
      const agent = agentOf();
      const opened = day + between(9, 19) * 60 * MINUTE + between(0, 59) * MINUTE;
      add('conversation_opened', opened);
      const assigned = opened + between(1, 10) * MINUTE;
      add('assigned', assigned, { user_ids: [agent] });
      const answered = assigned + between(1, 25) * MINUTE;
      add('first_response', answered, { user_ids: [agent], seconds: (answered - assigned) / 1000 });
      for (let sent = 0, texts = between(1, 5); sent < texts; sent += 1) {
        add('message_in', opened + sent * 7 * MINUTE, { user_ids: sent === 0 ? [] : [agent] });
      }
      for (let sent = 0, texts = between(1, 4); sent < texts; sent += 1) {
        add('message_out', answered + sent * 6 * MINUTE, { user_ids: [agent] });
      }
      if (random() < 0.75) {
        const closed = answered + between(10, 180) * MINUTE;
        add('conversation_closed', closed, { user_ids: [agent], seconds: (closed - assigned) / 1000 });
      }
    }
    const noon = day + 12 * 60 * MINUTE;
    for (let won = 0, count = isWeekend ? 0 : between(0, 2); won < count; won += 1) {
      add('deal_won', noon + won * 30 * MINUTE, {
        device_id: '',
        user_ids: [agentOf()],
        amount: between(5, 40) * 10_000,
        currency,
      });
    }
    if (!isWeekend && random() < 0.4) {
      add('deal_lost', noon + 90 * MINUTE, {
        device_id: '',
        user_ids: [agentOf()],
        amount: between(5, 30) * 10_000,
        currency,
      });
    }
    for (let done = 0, count = between(0, 3); done < count; done += 1) {
      add('task_done', noon + (done + 3) * 60 * MINUTE, { device_id: '', user_ids: [agentOf()] });
    }
  }

  await db.execute(sql`
    with zone as (select metric_zone(c.timezone, ${DEFAULTS.timezone}) as tz from clients c where c.id = ${owner.client_id})
    insert into metric_events
      (client_id, kind, at, day, hour, weekday, device_id, user_ids, sign, seconds, amount, currency)
    select ${owner.client_id}::uuid, d.kind, d.at, (d.at at time zone z.tz)::date,
      extract(hour from d.at at time zone z.tz)::smallint, extract(isodow from d.at at time zone z.tz)::smallint,
      d.device_id, d.user_ids, d.sign, d.seconds, d.amount, d.currency
    from jsonb_to_recordset(${recordset(drafts)}) as d(kind text, at timestamptz, device_id text,
      user_ids text[], sign smallint, seconds float8, amount numeric, currency text), zone z`);
};
