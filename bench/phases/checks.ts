import type { BenchTenant } from '../generate';
import type { Sql } from '../lib/db';
import type { PhaseContext } from './context';
import { deviceIdsOf, INGEST_FORMATS } from './ingest';
import { rawDbCheck } from './raw-db';

export type Check = { name: string; expected: number; actual: number; ok: boolean };

/**
 * What the database must hold after the run, counted by provider id on the devices the run posted to: every
 * delivery answered 200 is stored (none lost), none twice, and the counters of the conversations each
 * webhook format created equal their messages. A delivery the load process stopped waiting for may still
 * be stored: it is reported, not a failure.
 */
export const countChecks = async (
  sql: Sql,
  tenant: BenchTenant,
  expectations: { idPrefix: string; acceptedIdList: string[]; deviceIds: string[] }[],
): Promise<Check[]> => {
  const checks: Check[] = [];
  for (const { idPrefix, acceptedIdList, deviceIds } of expectations) {
    const devices = JSON.stringify(deviceIds);
    const [found] = await sql.query<{ n: string }>(
      `select count(distinct message_id) as n from messages
       where client_id = $1 and message_id in (select jsonb_array_elements_text($2::jsonb))
         and device_id in (select jsonb_array_elements_text($3::jsonb)::uuid)`,
      [tenant.clientId, JSON.stringify(acceptedIdList), devices],
    );
    const [row] = await sql.query<{ stored: string; distinct_ids: string }>(
      `select count(*) as stored, count(distinct (device_id, message_id)) as distinct_ids from messages
       where client_id = $1 and message_id like $2
         and device_id in (select jsonb_array_elements_text($3::jsonb)::uuid)`,
      [tenant.clientId, `${idPrefix}-%`, devices],
    );
    const stored = Number(row?.stored ?? 0);
    const distinct = Number(row?.distinct_ids ?? 0);
    const accepted = acceptedIdList.length;
    const lost = accepted - Number(found?.n ?? 0);
    checks.push({
      name: `${idPrefix}: accepted (200) and not stored (lost)`,
      expected: 0,
      actual: lost,
      ok: lost === 0,
    });
    checks.push({
      name: `${idPrefix}: stored twice (doubled)`,
      expected: 0,
      actual: stored - distinct,
      ok: stored === distinct,
    });
    if (distinct > accepted) {
      checks.push({
        name: `${idPrefix}: stored after the load process stopped waiting (informational)`,
        expected: 0,
        actual: distinct - accepted,
        ok: true,
      });
    }
  }
  for (const format of Object.values(INGEST_FORMATS)) {
    const [counters] = await sql.query<{ contacts: string; wrong: string }>(
      `select count(*) as contacts,
              count(*) filter (where c.numpending <> m.n or c.numtotal <> m.n) as wrong
       from contacts c
       join lateral (select count(*)::int as n from messages where client_id = c.client_id and contact_id = c.id) m on true
       where c.client_id = $1 and c.phone like $2`,
      [tenant.clientId, `${format.newPhonePrefix}%`],
    );
    checks.push({
      name: `counters of the ${counters?.contacts ?? 0} conversations created by ${format.name} webhooks = their messages`,
      expected: 0,
      actual: Number(counters?.wrong ?? 0),
      ok: Number(counters?.wrong ?? 0) === 0,
    });
  }
  // The triggers kept contact_owners equal to every contact's owners through the run's messages.
  const owners = `select c.id, owner_id, c.client_id, c.last_message_at is not null, c.last_inbound_at
                  from contacts c, jsonb_array_elements_text(c.owner) as owner_id where c.client_id = $1`;
  const kept = `select contact_id, user_id, client_id, is_conversation, last_inbound_at
                from contact_owners where client_id = $1`;
  const [differing] = await sql.query<{ n: string }>(
    `select (select count(*) from (${owners} except ${kept}) a) + (select count(*) from (${kept} except ${owners}) b) as n`,
    [tenant.clientId],
  );
  const apart = Number(differing?.n ?? 0);
  checks.push({
    name: 'contact_owners rows that differ from the contacts’ owners',
    expected: 0,
    actual: apart,
    ok: apart === 0,
  });
  return checks;
};

/**
 * The phase with the product stopped, after every phase that posted webhooks: the count checks of each
 * ingest and realtime run (the realtime ones on the sandbox device), then the raw limit's stored operations.
 */
export const countChecksPhase = async ({ results }: PhaseContext, sql: Sql, tenant: BenchTenant) => {
  const expectations = [
    ...(results.ingest?.runs ?? []).map((run) => ({
      idPrefix: run.idPrefix,
      acceptedIdList: run.acceptedIdList,
      deviceIds: deviceIdsOf(tenant, run.format),
    })),
    ...[...results.realtime, ...(results.realtimePipeline ? [results.realtimePipeline] : [])].map((run) => ({
      idPrefix: `rt-${run.label}`,
      acceptedIdList: run.acceptedIdList,
      deviceIds: deviceIdsOf(tenant, 'sandbox'),
    })),
  ];
  results.checks.push(...(await countChecks(sql, tenant, expectations)));
  if (results.rawDb) results.checks.push(await rawDbCheck(sql, tenant, results.rawDb));
};
