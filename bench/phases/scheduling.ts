import { addDays, localDayOf, searchBodySchema, zonedInstant } from '@conversa/domain';
import { createSecretBox } from '../../apps/server/src/core/crypto/secret-box';
import type { ConfirmationRunRow } from '../../apps/server/src/core/db/schema';
import { createAgendaService } from '../../apps/server/src/modules/agenda/agenda.service';
import { createAgendaAnnouncer } from '../../apps/server/src/modules/agenda/agenda-announcer';
import { createConfirmationsRepository } from '../../apps/server/src/modules/confirmations/confirmations.repository';
import { sealIntegrationConfig } from '../../apps/server/src/modules/integrations/integrations.mapper';
import { type FakeHealthatom, startFakeHealthatom } from '../../apps/server/src/test/fakes/fake-healthatom';
import { type FakeServer, startFakeServer } from '../../apps/server/src/test/fakes/fake-server';
import type { BenchTenant } from '../generate';
import type { Sql } from '../lib/db';
import type { Summary } from '../lib/histogram';
import type { CpuSpent } from '../lib/machine';
import type { ProfileName } from '../lib/profiles';
import { BENCH_SECRET_KEY } from '../lib/server';
import { capturingService, timeQueries } from '../lib/sql-floor';

/**
 * Issue #25's performance figures: a confirmation run of `appointments` (the issue's 10,000) on the WhatsApp
 * Cloud device (the one paced device of the bench tenant: 80 sends a second), a burst of `burst` button
 * answers written back to a Dentalink fake beside the same number of plain inbound messages, and the
 * agenda's week view of `week` appointments (the issue's 5,000). Smoke keeps each a handful.
 */
export const SCHEDULING_BY_PROFILE: Record<
  ProfileName,
  /** `settleMs`: the pause after the answers in which a second write-back would arrive. */
  { appointments: number; burst: number; week: number; connections: number; settleMs: number }
> = {
  smoke: { appointments: 120, burst: 20, week: 200, connections: 8, settleMs: 1_000 },
  quick: { appointments: 10_000, burst: 1_000, week: 5_000, connections: 32, settleMs: 2_000 },
  full: { appointments: 10_000, burst: 2_000, week: 5_000, connections: 32, settleMs: 2_000 },
};

/** The WhatsApp Cloud adapter's own pacing (channels/whatsapp: `pacing: { perSecond: 80 }`). */
export const WHATSAPP_PER_SECOND = 80;
/** The token the Dentalink fake accepts, sealed into the integration the seed writes. */
export const DENTALINK_TOKEN = 'bench-dentalink-token-0001';
export const CONFIRMED_STATE = 12;
export const CANCELLED_STATE = 15;
/** Patients' phones: Chilean mobiles outside the generated tenants' numbering (569…, 568…) and ingest's. */
const PHONE_PREFIX = '5644';
export const phoneOf = (index: number) => `${PHONE_PREFIX}${String(index).padStart(7, '0')}`;
const WEEK_VIEW_LIMIT = 500;
const GRAPH_VERSION = 'v23.0';

export type SchedulingSizes = (typeof SCHEDULING_BY_PROFILE)[ProfileName];

export type SchedulingSeed = {
  dentalinkId: string;
  standardId: string;
  day: string;
  weekFrom: string;
  weekTo: string;
};

export type SchedulingResult = {
  sizes: SchedulingSizes;
  /** confirmation/start → every row of the run created (polled every 25 ms); beside it the same INSERT … SELECT raw. */
  prepare: { rows: number; ms: number; rawMs: number[] };
  /** The server's resident memory: before the start, its peak until the rows exist, its peak over the sends, after. */
  rssMiB: { before: number; peakPrepare: number; peakSends: number; after: number };
  /** The server's V8 heap (its /metrics), used / total, before the start and after the sends. */
  heapMiB: { before: [number, number]; after: [number, number] };
  sends: {
    requests: number;
    distinctPhones: number;
    failed: number;
    seconds: number;
    /** (requests − 1) over first → last request at the fake Graph API. */
    overallPerSecond: number;
    /** After the bucket's first second's worth: (requests − 81) over request 81 → the last. */
    steadyPerSecond: number;
    configuredPerSecond: number;
    /** CPU seconds from the run's start to its last request (`process`: the server's). */
    cpu: CpuSpent;
  };
  plain: {
    messages: number;
    accepted: number;
    statuses: Record<string, number>;
    seconds: number;
    perSecond: number;
    /** CPU seconds from its first webhook to its end (`process`: the server's). */
    cpu: CpuSpent;
  };
  answers: {
    answers: number;
    secondPresses: number;
    accepted: number;
    statuses: Record<string, number>;
    /** First webhook → every answered row confirmed or cancelled and written back at the fake. */
    seconds: number;
    perSecond: number;
    /** First webhook → the last webhook answered 200. */
    ackSeconds: number;
    writebacks: number;
    distinctWritebacks: number;
    wrongState: number;
    rowsDone: number;
    rowsAnswered: number;
    /** CPU seconds from its first webhook to its end (`process`: the server's). */
    cpu: CpuSpent;
    /** The write-backs' PUTs replayed by the bench to the fake: the CPU of both ends of their exchanges. */
    writebackExchange: { calls: number; accepted: number; cpuSeconds: number };
  };
  week: {
    appointments: number;
    total: number;
    returned: number;
    latency: Summary;
    rawSql: Summary;
    seqScans: string[];
  };
};

/** The week view of the web app (features/agendas): the first 500 by start, between two instants. */
export const weekBody = (seed: SchedulingSeed) => ({
  page: 1,
  offset: WEEK_VIEW_LIMIT,
  filters: [
    { key: 'meet_date', condition: 'gte', value: seed.weekFrom },
    { key: 'meet_date', condition: 'lt', value: seed.weekTo },
  ],
  logical: 'and',
  sort: { key: 'meet_date', order: 'asc' },
});

/**
 * Written straight to the database (the server stopped): a Dentalink integration (token sealed with the
 * bench server's key, states 12/15 of the fake) and a Standard agenda; `max(appointments, week)` patients;
 * tomorrow's `appointments` Dentalink appointments (08:00–20:00, company time) linked to them, as a sync
 * leaves them; and `week` Standard appointments spread over the week a week later. Then the limits that need
 * no server: the run's own INSERT … SELECT of its rows, run into a cancelled run three times, and the week
 * view's own SQL (captured from the agenda service) run directly, with its plan checked for a Seq Scan.
 */
export const seedScheduling = async (
  sql: Sql,
  tenant: BenchTenant,
  sizes: SchedulingSizes,
  repeats: number,
): Promise<{ seed: SchedulingSeed; rawInsertMs: number[]; rawWeek: Summary; seqScans: string[] }> => {
  const tz = tenant.timezone;
  const day = addDays(localDayOf(new Date(), tz), 1);
  const weekDay = addDays(day, 7);
  const weekFrom = zonedInstant(weekDay, '00:00', tz).toISOString();
  const weekTo = zonedInstant(addDays(weekDay, 7), '00:00', tz).toISOString();
  const box = createSecretBox(BENCH_SECRET_KEY);
  const insertIntegration = async (type: string, name: string, config: Record<string, unknown>) => {
    const [row] = await sql.query<{ id: string }>(
      `insert into integrations (client_id, type, name, config, status) values ($1, $2, $3, $4::jsonb, 'connected')
       returning id`,
      [tenant.clientId, type, name, JSON.stringify(sealIntegrationConfig(box, type as 'dentalink', config))],
    );
    if (!row) throw new Error(`no ${type} integration`);
    return row.id;
  };
  const dentalinkId = await insertIntegration('dentalink', 'Bench Dentalink', {
    api_token: DENTALINK_TOKEN,
    confirmed_state_id: CONFIRMED_STATE,
    cancelled_state_id: CANCELLED_STATE,
    branch_ids: [],
  });
  const standardId = await insertIntegration('standard', 'Bench agenda', {
    professionals: Array.from({ length: 10 }, (_, index) => ({
      id: `p${index}`,
      name: `Profesional ${index}`,
    })),
    branches: [
      { id: 'b0', name: 'Sucursal Centro' },
      { id: 'b1', name: 'Sucursal Norte' },
    ],
    slot_minutes: 30,
  });
  await sql.query(
    `insert into contacts (client_id, device_id, first_name, last_name, full_name, phone, country)
     select $1, $2, 'Paciente', 'Bench ' || g, 'Paciente Bench ' || g, $3::text || lpad(g::text, 7, '0'), 'CL'
     from generate_series(1, $4::int) g
     on conflict (client_id, phone) do nothing`,
    [tenant.clientId, tenant.whatsapp.id, PHONE_PREFIX, Math.max(sizes.appointments, sizes.week)],
  );
  // The day's appointments, 08:00 to 20:00: a Dentalink pull would have written them so (ids as strings).
  await sql.query(
    `insert into agenda_appointments (client_id, integration_id, type, external_id, agenda_id, account_id,
       contact_id, patient_name, phone, meet_date, duration, specialist, specialist_name, branch, branch_name)
     select $1, $2, 'dentalink', g::text, (1 + g % 8)::text, (100000 + g)::text, c.id, c.full_name, c.phone,
       $3::timestamptz + ((g - 1) * (43200.0 / $5::int)) * interval '1 second', 30,
       (1 + g % 20)::text, 'Profesional ' || (1 + g % 20), (1 + g % 3)::text, 'Sucursal ' || (1 + g % 3)
     from generate_series(1, $5::int) g
     join contacts c on c.client_id = $1 and c.phone = $4::text || lpad(g::text, 7, '0')`,
    [
      tenant.clientId,
      dentalinkId,
      zonedInstant(day, '08:00', tz).toISOString(),
      PHONE_PREFIX,
      sizes.appointments,
    ],
  );
  // The week: seven days of 08:00 to 20:00, the same share each day.
  await sql.query(
    `insert into agenda_appointments (client_id, integration_id, type, contact_id, patient_name, phone,
       meet_date, duration, specialist, specialist_name, branch, branch_name)
     select $1, $2, 'standard', c.id, c.full_name, c.phone,
       $3::timestamptz + ((g - 1) % 7) * interval '1 day'
         + ((g - 1) / 7) * (43200.0 * 7 / $5::int) * interval '1 second',
       30, 'p' || g % 10, 'Profesional ' || g % 10, 'b' || g % 2,
       case when g % 2 = 0 then 'Sucursal Centro' else 'Sucursal Norte' end
     from generate_series(1, $5::int) g
     join contacts c on c.client_id = $1 and c.phone = $4::text || lpad(g::text, 7, '0')`,
    [tenant.clientId, standardId, zonedInstant(weekDay, '08:00', tz).toISOString(), PHONE_PREFIX, sizes.week],
  );
  await sql.query('vacuum analyze contacts');
  await sql.query('vacuum analyze agenda_appointments');

  // The run's INSERT … SELECT (confirmations.repository insertRows), into a cancelled run of the same day.
  const [raw] = await sql.query<ConfirmationRunRow>(
    `insert into confirmation_runs (client_id, integration_id, device_id, date, message, reply_deadline, status)
     values ($1, $2, $3, $4, 'raw', now() + interval '1 hour', 'cancelled') returning *`,
    [tenant.clientId, dentalinkId, tenant.whatsapp.id, day],
  );
  if (!raw) throw new Error('no raw run');
  const db = sql.drizzle({ logQuery: () => undefined });
  const rawInsertMs: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const inserted = await db.transaction((tx) =>
      createConfirmationsRepository(tx).insertRows(
        raw,
        zonedInstant(day, '00:00', tz),
        zonedInstant(addDays(day, 1), '00:00', tz),
      ),
    );
    rawInsertMs.push(performance.now() - started);
    if (inserted !== sizes.appointments) throw new Error(`raw insertRows made ${inserted} rows`);
    await sql.query('delete from confirmation_rows where run_id = $1', [raw.id]);
  }
  await sql.query('delete from confirmation_runs where id = $1', [raw.id]);
  await sql.query('vacuum analyze confirmation_rows');

  const seed = { dentalinkId, standardId, day, weekFrom, weekTo };
  const { deps, auth, take } = capturingService(sql, tenant);
  const agenda = createAgendaService({ db: deps.db, announcer: createAgendaAnnouncer(deps.events) });
  await agenda.search(auth, searchBodySchema.parse(weekBody(seed)));
  const queries = take();
  const seqScans: string[] = [];
  for (const { query, params } of queries) {
    const plan = await sql.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query}`, params);
    for (const line of plan.map((row) => row['QUERY PLAN'])) {
      const match = /Seq Scan on (\w+)/.exec(line);
      if (match?.[1]) seqScans.push(match[1]);
    }
  }
  const rawWeek = await timeQueries(sql, queries, repeats);
  return { seed, rawInsertMs, rawWeek, seqScans };
};

export type SchedulingFakes = {
  healthatom: FakeHealthatom;
  graph: FakeServer;
  /** The server's environment pointing Dentalink and the Graph API at the fakes. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/**
 * The clinic's Dentalink (the repository's fake of its documented API) holding a cita for each appointment,
 * dated far from the run's day so the run's pull reads nothing new (the appointments are in the agenda
 * already, as after a sync) while each write-back finds its cita; and a Graph API that accepts every
 * message, as Meta does, recording when each arrived.
 */
export const startSchedulingFakes = async (appointments: number): Promise<SchedulingFakes> => {
  const healthatom = await startFakeHealthatom({
    kind: 'dentalink',
    token: DENTALINK_TOKEN,
    pageSize: 100,
    citas: Array.from({ length: appointments }, (_, index) => ({
      id: index + 1,
      id_paciente: 100_000 + index + 1,
      fecha: '2000-01-03',
      hora_inicio: '09:00',
      id_estado: 7,
      id_profesional: 1,
      id_sucursal: 1,
    })),
  });
  let sent = 0;
  const graph = await startFakeServer((received) => {
    if (received.method !== 'POST' || !received.path.endsWith('/messages')) {
      return { status: 404, json: { error: { message: 'Unknown path', code: 100 } } };
    }
    sent += 1;
    return {
      json: {
        messaging_product: 'whatsapp',
        contacts: [{ input: received.json.to, wa_id: received.json.to }],
        messages: [{ id: `wamid.bench-${sent}` }],
      },
    };
  });
  return {
    healthatom,
    graph,
    env: { DENTALINK_API_URL: healthatom.apiUrl, GRAPH_API_URL: `${graph.url}/${GRAPH_VERSION}` },
    close: async () => {
      await Promise.all([healthatom.close(), graph.close()]);
    },
  };
};
