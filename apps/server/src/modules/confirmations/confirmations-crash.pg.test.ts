import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Appointment,
  addDays,
  type ConfirmationRow,
  type ConfirmationRun,
  type Device,
  type Integration,
  localDayOf,
  type Message,
  zonedInstant,
} from '@conversa/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { newPhone } from '../../test/messaging-fixtures';
import { api, killServerProcess, type ServerProcess, startServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-app';
import { DELIVERY_UNKNOWN_AFTER_RESTART } from '../messages/message-dispatch';

const APPOINTMENTS = 30;
/** The run is held while it asks this appointment (1-based, soonest first): every other one is sent. */
const HELD_AT = 10;
const TIME_ZONE = 'America/Santiago';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
const servers: ServerProcess[] = [];
let sql: pg.Client;
let holder: pg.Client | undefined;
let holderPid = 0;
let token = '';

const env = () => ({
  DATABASE_URL: database.url,
  DATA_DIR: dataDir,
  SECRET_KEY: 'confirmation-crash-secret-key-0000000000',
  SEED_DEMO: 'true',
  REDIS_URL: '',
  PUBLIC_URL: 'https://conversa.example',
  PROVIDER_TIMEOUT_MS: '2000',
  // A dead (or too slow) worker's send job is taken over once its lease runs out: short so the test is quick.
  JOB_LEASE_MS: '5000',
});

const startServer = async () => {
  const server = await startServerProcess(env());
  servers.push(server);
  return server;
};

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'conversa-confirmation-crash-'));
  // The first migrates and seeds; the second then starts on the ready database.
  const first = await startServer();
  await startServer();
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const session = await api<{ access_token: string }>(first, 'POST', '/api/v1/es/login', undefined, {
    email: DEMO_LOGINS.owner.email,
    password: DEMO_LOGINS.owner.password,
  });
  token = session.body.data[0]?.access_token ?? '';
}, 120_000);

afterAll(async () => {
  await holder?.end().catch(() => undefined);
  await sql?.end();
  await Promise.all(servers.map((server) => killServerProcess(server)));
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const call = <T>(server: ServerProcess, method: string, path: string, body?: unknown) =>
  api<T>(server, method, `/api/v1/es/${path}`, token, body);

const countOf = async (query: string, values: unknown[] = []) =>
  Number((await sql.query<{ n: string }>(query, values)).rows[0]?.n ?? 0);

type Patient = { phone: string; name: string };
type Scenario = { device: Device; runId: string; patients: Patient[]; appointments: Appointment[] };

/**
 * A sandbox device, a Standard agenda with one patient every 10 minutes from 08:00 tomorrow (booked through
 * both processes), and a draft run of that day: the run asks the patients in that order.
 */
const scenario = async ([a, b]: [ServerProcess, ServerProcess], label: string): Promise<Scenario> => {
  const device = (
    await call<Device>(a, 'POST', 'device/create', {
      name: `Recordatorios ${label}`,
      setting: { conect: { type: 'sandbox' } },
    })
  ).body.data[0] as Device;
  expect(device.status).toBe('connected');
  const created = await call<Integration>(a, 'POST', 'integration/create', {
    type: 'standard',
    name: `Agenda ${label}`,
    config: {
      professionals: [{ id: 'ana', name: 'Dra. Ana Pérez' }],
      branches: [{ id: 'centro', name: 'Sucursal Centro' }],
      slot_minutes: 10,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const standard = created.body.data[0] as Integration;

  const day = addDays(localDayOf(new Date(), TIME_ZONE), 1);
  const patients = Array.from({ length: APPOINTMENTS }, (_, index) => ({
    phone: newPhone(),
    name: `Paciente ${label} ${String(index + 1).padStart(2, '0')}`,
  }));
  const appointments: Appointment[] = [];
  for (const [index, patient] of patients.entries()) {
    const start = zonedInstant(day, '08:00', TIME_ZONE).getTime() + index * 10 * 60_000;
    const booked = await call<Appointment>(index % 2 === 0 ? a : b, 'POST', 'agenda/create', {
      integration_id: standard.id,
      phone: patient.phone,
      name: patient.name,
      meet_date: new Date(start).toISOString(),
      specialist: 'ana',
      branch: 'centro',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    appointments.push(booked.body.data[0] as Appointment);
  }

  const run = await call<ConfirmationRun>(a, 'POST', 'confirmation/create', {
    integration_id: standard.id,
    device_id: device.id,
    date: day,
    message: 'Hola $patient, confirma tu hora de mañana a las $time',
    reply_deadline: zonedInstant(day, '07:00', TIME_ZONE).toISOString(),
  });
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  return { device, runId: run.body.data[0]?.id ?? '', patients, appointments };
};

const releaseContact = async () => {
  await holder?.query('rollback');
  await holder?.end();
  holder = undefined;
};

/**
 * Holds the patient's contact from outside (an UPDATE of it waits; reading it or referencing it does not):
 * the worker that asks this patient stops inside the transaction that stores the request.
 */
const holdContact = async (contactId: string) => {
  // A failed test before this one may have left its hold: that test's run must not stall this one.
  await releaseContact();
  holder = new pg.Client({ connectionString: database.url });
  // Dropping the database at the end ends this session too: that is expected, not an error of the test.
  holder.on('error', () => undefined);
  await holder.connect();
  await holder.query('begin');
  await holder.query('select id from contacts where id = $1 for no key update', [contactId]);
  holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
};

const rowsIn = (runId: string, state: string) =>
  countOf('select count(*) as n from confirmation_rows where run_id = $1 and state = $2', [runId, state]);

/**
 * Started from both processes at the same moment: both answer 200; then wait until the held patient is
 * claimed and the run stands still. The held request holds up nobody else: its batch gives up waiting and
 * its requests are stored one by one, every other appointment asked meanwhile (the company's message count
 * is taken last in a request's transaction, so one stalled conversation does not stop the company's
 * sends). Answers how many were sent.
 */
const startAndReachHeld = async (
  [a, b]: [ServerProcess, ServerProcess],
  { runId, appointments }: Scenario,
) => {
  const starts = await Promise.all([
    call(a, 'POST', `confirmation/start/${runId}`),
    call(b, 'POST', `confirmation/start/${runId}`),
  ]);
  expect(starts.map((answer) => answer.status)).toEqual([200, 200]);
  const held = appointments[HELD_AT - 1] as Appointment;
  await expect
    .poll(
      () =>
        countOf(
          `select count(*) as n from confirmation_rows
           where run_id = $1 and agenda_id = $2 and state = 'pending' and claimed_at is not null`,
          [runId, held.id],
        ),
      { timeout: 20_000, interval: 50 },
    )
    .toBe(1);
  await expect.poll(() => rowsIn(runId, 'sent'), { timeout: 20_000, interval: 250 }).toBe(APPOINTMENTS - 1);
  expect(await rowsIn(runId, 'pending')).toBe(1);
  return APPOINTMENTS - 1;
};

const runOn = async (server: ServerProcess, runId: string) =>
  (await call<ConfirmationRun>(server, 'GET', `confirmation/search/${runId}`)).body
    .data[0] as ConfirmationRun;

/**
 * Every patient's phone got exactly ONE request with the two buttons, the one its row links, naming that
 * row; and the device sent nothing else (no request stored twice, none left behind).
 */
const expectEachAskedOnce = async (server: ServerProcess, { device, runId, patients }: Scenario) => {
  const rows = (
    await call<ConfirmationRow>(server, 'POST', `confirmation/appointments/${runId}`, { offset: 100 })
  ).body.data;
  expect(rows).toHaveLength(APPOINTMENTS);
  const rowOf = new Map(rows.map((row) => [row.phone, row]));
  for (const patient of patients) {
    const outbox = await fetch(`${server.url}/webhooks/sandbox/${device.id}/outbox?phone=${patient.phone}`, {
      headers: { 'x-sandbox-secret': String(device.setting.conect.config.secret) },
    });
    const received = ((await outbox.json()) as { data: Message[] }).data;
    const requests = received.filter((message) => message.buttons.length > 0);
    expect(requests, patient.name).toHaveLength(1);
    const [request] = requests;
    const row = rowOf.get(patient.phone);
    expect(row?.message_id, patient.name).toBe(request?.id);
    expect(request?.body).toContain(`Hola ${patient.name},`);
    expect(request?.buttons.map((button) => button.id)).toEqual([
      `cf:${row?.id}:confirm`,
      `cf:${row?.id}:cancel`,
    ]);
  }
  expect(
    await countOf('select count(*) as n from messages where device_id = $1 and from_me', [device.id]),
  ).toBe(APPOINTMENTS);
  return rows;
};

describe('a confirmation run across server processes', () => {
  it('asks every appointment exactly once when the processes are killed while it sends', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const run = await scenario([a, b], 'A');
    await holdContact((run.appointments[HELD_AT - 1] as Appointment).contact_id as string);
    const sentBefore = await startAndReachHeld([a, b], run);

    // Both processes die at once (kill -9): no shutdown hook runs. Their orphaned database sessions end
    // with them (ended here at once rather than whenever PostgreSQL notices), then the hold is released.
    await Promise.all([killServerProcess(a), killServerProcess(b)]);
    await sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and pid <> $1`,
      [holderPid],
    );
    await releaseContact();
    expect(await rowsIn(run.runId, 'sent')).toBe(sentBefore);

    // A new process takes the run over once the dead one's lease runs out, and finishes it.
    const restarted = await startServer();
    await expect
      .poll(async () => (await runOn(restarted, run.runId)).totals.sent, { timeout: 30_000, interval: 250 })
      .toBe(APPOINTMENTS);
    // Give a wrongly resending worker every chance to show itself.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await runOn(restarted, run.runId)).totals).toEqual({
      appointments: APPOINTMENTS,
      sent: APPOINTMENTS,
      confirmed: 0,
      cancelled: 0,
      no_reply: 0,
      failed: 0,
    });
    const rows = await expectEachAskedOnce(restarted, run);
    expect(rows.every((row) => row.state === 'sent')).toBe(true);
  }, 90_000);

  it('asks nobody twice when a frozen worker outlives its lease and another takes the run over', async () => {
    const survivor = servers.at(-1) as ServerProcess;
    const other = await startServer();
    const run = await scenario([survivor, other], 'B');
    await holdContact((run.appointments[HELD_AT - 1] as Appointment).contact_id as string);
    await startAndReachHeld([survivor, other], run);

    // Both processes freeze past their 5 s lease (a stall, SIGSTOP) while one of them waits for the held
    // patient in its job: a living worker renews its lease, a frozen one cannot. The frozen wait gives up
    // after the sender's lock timeout (2 s), in PostgreSQL. A third process takes the run over (its attempt
    // counted again) and reaches the same patient, whose request is not stored yet, and waits for it in turn.
    // A request's transaction waiting for the held patient's conversation, not any passing lock wait.
    const waiting = () =>
      countOf(
        `select count(*) as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and query like 'update contacts c%'`,
      );
    await expect.poll(waiting, { timeout: 15_000, interval: 20 }).toBeGreaterThan(0);
    const frozen = [survivor, other];
    for (const server of frozen) server.process.kill('SIGSTOP');
    const taker = await startServer();
    await expect
      .poll(
        () =>
          countOf(`select count(*) as n from jobs where key = $1 and attempts >= 2`, [
            `confirmation.send:${run.runId}`,
          ]),
        { timeout: 30_000, interval: 100 },
      )
      .toBe(1);
    await expect.poll(waiting, { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
    await releaseContact();
    for (const server of frozen) server.process.kill('SIGCONT');

    const finished = async () => {
      const { totals } = await runOn(taker, run.runId);
      return totals.sent + totals.failed;
    };
    await expect.poll(finished, { timeout: 30_000, interval: 250 }).toBe(APPOINTMENTS);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rows = await expectEachAskedOnce(taker, run);
    // Two workers on one run may leave a request's outcome unknown (it is then failed, never resent).
    for (const row of rows.filter((entry) => entry.state !== 'sent')) {
      expect(row).toMatchObject({ state: 'failed', error: DELIVERY_UNKNOWN_AFTER_RESTART });
    }
  }, 90_000);
});
