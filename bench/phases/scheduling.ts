import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import {
  addDays,
  type ConfirmationRow,
  type ConfirmationRun,
  localDayOf,
  searchBodySchema,
  zonedInstant,
} from '@conversa/domain';
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
import { Histogram, type Summary } from '../lib/histogram';
import { postJson } from '../lib/http';
import type { ProfileName } from '../lib/profiles';
import { BENCH_SECRET_KEY, residentMiB } from '../lib/server';
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
/** The send bucket holds one second's worth (channels/send-rate.ts): the first 80 go out at once. */
const BUCKET_CAPACITY = WHATSAPP_PER_SECOND;

const TOKEN = 'bench-dentalink-token-0001';
const CONFIRMED_STATE = 12;
const CANCELLED_STATE = 15;
/** Patients' phones: Chilean mobiles outside the generated tenants' numbering (569…, 568…) and ingest's. */
const PHONE_PREFIX = '5644';
const phoneOf = (index: number) => `${PHONE_PREFIX}${String(index).padStart(7, '0')}`;
/** Every tenth patient of the burst presses the button a second time, while the first is in flight. */
const SECOND_PRESS_EVERY = 10;
const WEEK_VIEW_LIMIT = 500;
const GRAPH_VERSION = 'v23.0';

export type SchedulingSeed = {
  dentalinkId: string;
  standardId: string;
  day: string;
  weekFrom: string;
  weekTo: string;
};

export type SchedulingResult = {
  sizes: (typeof SCHEDULING_BY_PROFILE)[ProfileName];
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
  };
  plain: {
    messages: number;
    accepted: number;
    statuses: Record<string, number>;
    seconds: number;
    perSecond: number;
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

/** The V8 heap used and total (MiB) as the server's own /metrics (prom-client's defaults) reports it. */
const heapMiB = async (serverUrl: string): Promise<[number, number]> => {
  const text = await (await fetch(`${serverUrl}/metrics`)).text();
  const read = (name: string) => {
    const line = text.split('\n').find((entry) => entry.startsWith(`${name} `));
    return Math.round(Number(line?.split(' ')[1] ?? Number.NaN) / 104_857.6) / 10;
  };
  return [read('conversa_nodejs_heap_size_used_bytes'), read('conversa_nodejs_heap_size_total_bytes')];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The week view of the web app (features/agendas): the first 500 by start, between two instants. */
const weekBody = (seed: SchedulingSeed) => ({
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
  sizes: (typeof SCHEDULING_BY_PROFILE)[ProfileName],
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
    api_token: TOKEN,
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
    token: TOKEN,
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

type Call = { path: string; headers: Record<string, string>; body: Buffer };

/** Meta's notification of one inbound message on the bench's WhatsApp device, signed over its bytes. */
const whatsappCall = (tenant: BenchTenant, phone: string, message: Record<string, unknown>): Call => {
  const device = tenant.whatsapp;
  const body = Buffer.from(
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: device.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: device.displayPhoneNumber,
                  phone_number_id: device.phoneNumberId,
                },
                contacts: [{ profile: { name: 'Paciente' }, wa_id: phone }],
                messages: [{ from: phone, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
              },
            },
          ],
        },
      ],
    }),
  );
  const signature = createHmac('sha256', device.appSecret).update(body).digest('hex');
  return {
    path: `/webhooks/whatsapp/${device.id}`,
    headers: { 'x-hub-signature-256': `sha256=${signature}` },
    body,
  };
};

/** The calls posted closed-loop on `connections` kept-alive connections; answers how many got 200 and when. */
const burst = async (serverUrl: string, calls: Call[], connections: number) => {
  const url = new URL(serverUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  let accepted = 0;
  const statuses: Record<string, number> = {};
  const post = (call: Call) =>
    new Promise<void>((resolve) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: call.path,
          headers: {
            'content-type': 'application/json',
            'content-length': call.body.length,
            ...call.headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            statuses[String(res.statusCode)] = (statuses[String(res.statusCode)] ?? 0) + 1;
            if (res.statusCode === 200) accepted += 1;
            resolve();
          });
        },
      );
      req.on('error', (error) => {
        statuses[error.message] = (statuses[error.message] ?? 0) + 1;
        resolve();
      });
      req.end(call.body);
    });
  const loop = async () => {
    while (next < calls.length) {
      const call = calls[next] as Call;
      next += 1;
      await post(call);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { started, seconds, accepted, statuses };
};

const api = async <T>(serverUrl: string, path: string, token: string, body: unknown = {}) => {
  const answer = await postJson(`${serverUrl}/api/v1/es/${path}`, body, token);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body.data ?? []) as T[];
};

const getRun = async (serverUrl: string, id: string, token: string): Promise<ConfirmationRun> => {
  const response = await fetch(`${serverUrl}/api/v1/es/confirmation/search/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: ConfirmationRun[] };
  const run = body.data[0];
  if (!run) throw new Error(`run ${id} not found`);
  return run;
};

/** Every row of the run's table, 500 a page. */
const allRows = async (serverUrl: string, runId: string, token: string): Promise<ConfirmationRow[]> => {
  const rows: ConfirmationRow[] = [];
  for (let page = 1; ; page += 1) {
    const found = await api<ConfirmationRow>(serverUrl, `confirmation/appointments/${runId}`, token, {
      page,
      offset: 500,
    });
    rows.push(...found);
    if (found.length < 500) return rows;
  }
};

type Interactive = {
  to: string;
  interactive?: { action?: { buttons?: { reply: { id: string; title: string } }[] } };
};

/**
 * Over HTTP as the owner, on the server started with the fakes' environment: the Dentalink integration
 * checked against its fake; the week view `requests` times after `warmup`; then the run: created for
 * tomorrow on the WhatsApp device, started, its rows' creation timed and the server's RSS sampled every
 * 20 ms; every request's arrival at the fake Graph API read for the send rate; then `burst` plain texts from
 * the run's patients, and the same patients pressing their confirm or cancel button (every tenth twice),
 * timed until every answer is recorded and written back once at the fake Dentalink.
 */
export const runSchedulingHttp = async (
  serverUrl: string,
  serverPid: number,
  tenant: BenchTenant,
  seed: SchedulingSeed,
  fakes: SchedulingFakes,
  sizes: (typeof SCHEDULING_BY_PROFILE)[ProfileName],
  requests: number,
  warmup: number,
): Promise<
  Omit<SchedulingResult, 'prepare' | 'week'> & {
    prepareMs: number;
    rows: number;
    week: { latency: Summary; total: number; returned: number };
  }
> => {
  const token = tenant.owner.token;
  const [tested] = await api<{ status: string; error: string }>(
    serverUrl,
    `integration/test/${seed.dentalinkId}`,
    token,
  );
  if (tested?.status !== 'connected')
    throw new Error(`the Dentalink fake answered ${JSON.stringify(tested)}`);

  // The week view.
  const histogram = new Histogram();
  let total = 0;
  let returned = 0;
  for (let index = 0; index < warmup + requests; index += 1) {
    const started = performance.now();
    const answer = await postJson(`${serverUrl}/api/v1/es/agenda/search`, weekBody(seed), token);
    const elapsed = performance.now() - started;
    if (answer.status !== 200) throw new Error(`agenda/search: ${answer.status}`);
    if (index >= warmup) histogram.record(elapsed);
    total = answer.body.pagination?.total ?? 0;
    returned = answer.body.data?.length ?? 0;
  }

  // The run: its rows created, then every request sent at the device's pacing.
  const [run] = await api<ConfirmationRun>(serverUrl, 'confirmation/create', token, {
    integration_id: seed.dentalinkId,
    device_id: tenant.whatsapp.id,
    date: seed.day,
    message: 'Hola $patient, ¿confirmas tu hora del $date a las $time con $professional en $branch?',
    reply_deadline: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  });
  if (!run) throw new Error('no run');
  const heapBefore = await heapMiB(serverUrl);
  const before = residentMiB(serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMiB(serverPid));
  }, 20);
  const started = performance.now();
  await api(serverUrl, `confirmation/start/${run.id}`, token);
  let current = await getRun(serverUrl, run.id, token);
  const prepareDeadline = Date.now() + 120_000;
  while (current.totals.appointments < sizes.appointments && Date.now() < prepareDeadline) {
    if (current.status === 'failed') throw new Error(`the run failed: ${current.error}`);
    await sleep(25);
    current = await getRun(serverUrl, run.id, token);
  }
  const prepareMs = performance.now() - started;
  const peakPrepare = Math.max(peak, residentMiB(serverPid));
  peak = peakPrepare;
  const rows = current.totals.appointments;
  // Bounded, but far beyond the pacing: on a loaded machine the sender has gone at a third of it.
  const sendDeadline = Date.now() + (sizes.appointments / 10 + 60) * 1000;
  while (current.totals.sent + current.totals.failed < rows && Date.now() < sendDeadline) {
    await sleep(250);
    current = await getRun(serverUrl, run.id, token);
  }
  clearInterval(sampler);
  const after = residentMiB(serverPid);
  const peakSends = Math.max(peak, after);
  const heapAfter = await heapMiB(serverUrl);
  const requestsSent = fakes.graph.requests.filter(
    (received) => received.method === 'POST' && (received.json as Interactive).interactive,
  );
  const times = requestsSent.map((received) => received.at).sort((a, b) => a - b);
  const spanSeconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
  const steadyFrom = times[BUCKET_CAPACITY] ?? Number.NaN;
  const steadySeconds = ((times.at(-1) ?? 0) - steadyFrom) / 1000;
  const buttonsOf = new Map<string, { id: string; title: string }[]>();
  for (const received of requestsSent) {
    const json = received.json as Interactive;
    buttonsOf.set(
      json.to,
      (json.interactive?.action?.buttons ?? []).map((button) => button.reply),
    );
  }

  // The plain inbound rate: the burst's patients write an ordinary text, one each.
  const patients = Array.from({ length: sizes.burst }, (_, index) => phoneOf(index + 1));
  const plainCalls = patients.map((phone, index) =>
    whatsappCall(tenant, phone, {
      id: `wamid.bench-plain-${index}`,
      type: 'text',
      text: { body: 'Hola, tengo una consulta sobre mi hora' },
    }),
  );
  const plain = await burst(serverUrl, plainCalls, sizes.connections);

  // The answers: even patients confirm, odd ones cancel; every tenth presses again while the first is in flight.
  const answerCalls: Call[] = [];
  const expected = new Map<string, number>();
  for (const [index, phone] of patients.entries()) {
    const buttons = buttonsOf.get(phone);
    const choice = index % 2 === 0 ? 0 : 1;
    const button = buttons?.[choice];
    if (!button) throw new Error(`no request with buttons reached ${phone}`);
    expected.set(String(index + 1), choice === 0 ? CONFIRMED_STATE : CANCELLED_STATE);
    const press = (suffix: string) =>
      whatsappCall(tenant, phone, {
        id: `wamid.bench-answer-${index}-${suffix}`,
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: button.id, title: button.title } },
      });
    answerCalls.push(press('a'));
    if ((index + 1) % SECOND_PRESS_EVERY === 0) answerCalls.push(press('b'));
  }
  const writebacksBefore = fakes.healthatom.updates().length;
  const answersStarted = performance.now();
  const answered = await burst(serverUrl, answerCalls, sizes.connections);
  const answerDeadline = Date.now() + 120_000 + sizes.burst * 100;
  let answeredRows = 0;
  while (Date.now() < answerDeadline) {
    if (fakes.healthatom.updates().length - writebacksBefore >= sizes.burst) {
      const totals = (await getRun(serverUrl, run.id, token)).totals;
      answeredRows = totals.confirmed + totals.cancelled;
      if (answeredRows >= sizes.burst) break;
    }
    await sleep(10);
  }
  const answerSeconds = (performance.now() - answersStarted) / 1000;
  // Anything written twice would arrive within this pause; then the rows' own write-back state.
  await sleep(sizes.settleMs);
  const writebacks = fakes.healthatom.updates().slice(writebacksBefore);
  const wrongState = writebacks.filter(
    (update) => Number(update.body.id_estado) !== expected.get(update.id),
  ).length;
  const table = await allRows(serverUrl, run.id, token);
  const finalTotals = (await getRun(serverUrl, run.id, token)).totals;
  return {
    sizes,
    prepareMs,
    rows,
    rssMiB: { before, peakPrepare, peakSends, after },
    heapMiB: { before: heapBefore, after: heapAfter },
    sends: {
      requests: requestsSent.length,
      distinctPhones: buttonsOf.size,
      failed: finalTotals.failed,
      seconds: spanSeconds,
      overallPerSecond: spanSeconds > 0 ? (times.length - 1) / spanSeconds : Number.NaN,
      steadyPerSecond: steadySeconds > 0 ? (times.length - 1 - BUCKET_CAPACITY) / steadySeconds : Number.NaN,
      configuredPerSecond: WHATSAPP_PER_SECOND,
    },
    plain: {
      messages: plainCalls.length,
      accepted: plain.accepted,
      statuses: plain.statuses,
      seconds: plain.seconds,
      perSecond: plain.accepted / plain.seconds,
    },
    answers: {
      answers: sizes.burst,
      secondPresses: answerCalls.length - sizes.burst,
      accepted: answered.accepted,
      statuses: answered.statuses,
      seconds: answerSeconds,
      perSecond: sizes.burst / answerSeconds,
      ackSeconds: answered.seconds,
      writebacks: writebacks.length,
      distinctWritebacks: new Set(writebacks.map((update) => update.id)).size,
      wrongState,
      rowsDone: table.filter((row) => row.writeback === 'done').length,
      rowsAnswered: table.filter((row) => row.state === 'confirmed' || row.state === 'cancelled').length,
    },
    week: { latency: histogram.summary(), total, returned },
  };
};
