import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { ConfirmationRow, ConfirmationRun } from '@conversa/domain';
import type { BenchTenant } from '../generate';
import { Histogram, type Summary } from '../lib/histogram';
import { jsonPostOptions, postApi, postJson, searchOne } from '../lib/http';
import { countCpu } from '../lib/machine';
import { sampleResidentMiB } from '../lib/server';
import {
  CANCELLED_STATE,
  CONFIRMED_STATE,
  DENTALINK_TOKEN,
  phoneOf,
  type SchedulingFakes,
  type SchedulingResult,
  type SchedulingSeed,
  type SchedulingSizes,
  WHATSAPP_PER_SECOND,
  weekBody,
} from './scheduling';

/**
 * Issue #25's figures over HTTP; scheduling.ts sizes and seeds them and starts the fakes (Dentalink, the
 * Graph API). Apart so neither file outgrows a read: here the patients' WhatsApp webhooks and the run.
 */

/** The send bucket holds one second's worth (channels/send-rate.ts): the first 80 go out at once. */
const BUCKET_CAPACITY = WHATSAPP_PER_SECOND;

/** Every tenth patient of the burst presses the button a second time, while the first is in flight. */
const SECOND_PRESS_EVERY = 10;

/** How many calls the server's write-backs make side by side (confirmation-writeback.ts CALLS_AT_ONCE). */
const WRITEBACK_CALLS_AT_ONCE = 8;

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

type Call = { path: string; headers: Record<string, string>; body: Buffer; method?: 'PUT' };

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
          ...jsonPostOptions(url, call.path, call.body.length, call.headers),
          ...(call.method ? { method: call.method } : {}),
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

const api = <T>(serverUrl: string, path: string, token: string, body: unknown = {}) =>
  postApi<T>(serverUrl, 'es', path, token, body);

const getRun = (serverUrl: string, id: string, token: string) =>
  searchOne<ConfirmationRun>(serverUrl, 'es', `confirmation/search/${id}`, token);

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
  sizes: SchedulingSizes,
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
  const rss = sampleResidentMiB(serverPid);
  const runCpu = countCpu(serverPid);
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
  rss.read();
  const peakPrepare = rss.peak;
  const rows = current.totals.appointments;
  // Bounded, but far beyond the pacing: on a loaded machine the sender has gone at a third of it.
  const sendDeadline = Date.now() + (sizes.appointments / 10 + 60) * 1000;
  while (current.totals.sent + current.totals.failed < rows && Date.now() < sendDeadline) {
    await sleep(250);
    current = await getRun(serverUrl, run.id, token);
  }
  const sendsSpent = runCpu();
  rss.stop();
  const after = rss.read();
  const peakSends = rss.peak;
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
  const plainCpu = countCpu(serverPid);
  const plain = await burst(serverUrl, plainCalls, sizes.connections);
  const plainSpent = plainCpu();

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
  const answersCpu = countCpu(serverPid);
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
  const answersSpent = answersCpu();
  // Anything written twice would arrive within this pause; then the rows' own write-back state.
  await sleep(sizes.settleMs);
  const writebacks = fakes.healthatom.updates().slice(writebacksBefore);
  const wrongState = writebacks.filter(
    (update) => Number(update.body.id_estado) !== expected.get(update.id),
  ).length;
  const table = await allRows(serverUrl, run.id, token);
  const finalTotals = (await getRun(serverUrl, run.id, token)).totals;
  // The floor under an answer's cost: its write-back's HTTP exchange alone, the same PUTs replayed by the
  // bench to the fake Dentalink on as many connections as the server calls it with. Both ends are in this
  // process, whose CPU is read: the server is still sending the acknowledgements at the device's pace.
  const fake = new URL(fakes.healthatom.apiUrl);
  const replayed: Call[] = writebacks.map((update) => ({
    path: `${fake.pathname}/citas/${update.id}`,
    headers: { authorization: `Token ${DENTALINK_TOKEN}` },
    body: Buffer.from(JSON.stringify(update.body)),
    method: 'PUT',
  }));
  const replayCpu = process.cpuUsage();
  const replay = await burst(fake.origin, replayed, WRITEBACK_CALLS_AT_ONCE);
  const { user, system } = process.cpuUsage(replayCpu);
  return {
    sizes,
    prepareMs,
    rows,
    rssMiB: { before: rss.before, peakPrepare, peakSends, after },
    heapMiB: { before: heapBefore, after: heapAfter },
    sends: {
      requests: requestsSent.length,
      distinctPhones: buttonsOf.size,
      failed: finalTotals.failed,
      seconds: spanSeconds,
      overallPerSecond: spanSeconds > 0 ? (times.length - 1) / spanSeconds : Number.NaN,
      steadyPerSecond: steadySeconds > 0 ? (times.length - 1 - BUCKET_CAPACITY) / steadySeconds : Number.NaN,
      configuredPerSecond: WHATSAPP_PER_SECOND,
      cpu: sendsSpent,
    },
    plain: {
      messages: plainCalls.length,
      accepted: plain.accepted,
      statuses: plain.statuses,
      seconds: plain.seconds,
      perSecond: plain.accepted / plain.seconds,
      cpu: plainSpent,
    },
    answers: {
      answers: sizes.burst,
      secondPresses: answerCalls.length - sizes.burst,
      accepted: answered.accepted,
      statuses: answered.statuses,
      seconds: answerSeconds,
      perSecond: sizes.burst / answerSeconds,
      cpu: answersSpent,
      ackSeconds: answered.seconds,
      writebacks: writebacks.length,
      distinctWritebacks: new Set(writebacks.map((update) => update.id)).size,
      wrongState,
      rowsDone: table.filter((row) => row.writeback === 'done').length,
      rowsAnswered: table.filter((row) => row.state === 'confirmed' || row.state === 'cancelled').length,
      writebackExchange: {
        calls: replayed.length,
        accepted: replay.accepted,
        cpuSeconds: (user + system) / 1e6,
      },
    },
    week: { latency: histogram.summary(), total, returned },
  };
};
