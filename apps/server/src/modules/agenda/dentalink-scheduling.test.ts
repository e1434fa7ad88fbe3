import {
  type Appointment,
  addDays,
  type ConfirmationRow,
  type ConfirmationRun,
  type Integration,
  localDayOf,
  type SchedulingCatalog,
} from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { type FakeHealthatom, startFakeHealthatom } from '../../test/fakes/fake-healthatom';
import { createSandboxDevice, deliver, outbox, type SandboxDevice } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, type TestApp } from '../../test/test-app';

const TOKEN = 'dentalink-token-0001';
const TIME_ZONE = 'America/Santiago';
const DAY = addDays(localDayOf(new Date(), TIME_ZONE), 1);
const [YEAR, MONTH, DATE] = DAY.split('-');
const CAMILA = '56911112222';
const DIEGO = '56933334444';

let fake: FakeHealthatom;
let testApp: TestApp;
let owner: Session;
let device: SandboxDevice;

beforeAll(async () => {
  fake = await startFakeHealthatom({
    kind: 'dentalink',
    token: TOKEN,
    patients: [
      { id: 501, nombre: 'Camila', apellidos: 'Rojas', celular: '+56 9 1111 2222', telefono: '' },
      { id: 502, nombre: 'Diego', apellidos: 'Soto', celular: '', telefono: '(56) 9-3333-4444' },
      { id: 503, nombre: 'Elena', apellidos: 'Mora', celular: '', telefono: '' },
    ],
    citas: [
      // One account answers DD/MM/AAAA and HH:MM:SS, another AAAA-MM-DD: both are read.
      {
        id: 9001,
        id_paciente: 501,
        fecha: `${DATE}/${MONTH}/${YEAR}`,
        hora_inicio: '09:30:00',
        duracion: 45,
        id_estado: 7,
        id_profesional: 1,
        id_sucursal: 1,
        id_sillon: 4,
      },
      {
        id: 9002,
        id_paciente: 502,
        fecha: DAY,
        hora_inicio: '11:00',
        duracion: 30,
        id_estado: 7,
        id_profesional: 2,
        id_sucursal: 2,
      },
      {
        id: 9004,
        id_paciente: 503,
        fecha: DAY,
        hora_inicio: '12:00',
        duracion: 30,
        id_estado: 7,
        id_profesional: 2,
        id_sucursal: 2,
      },
      {
        id: 9003,
        id_paciente: 502,
        fecha: DAY,
        hora_inicio: '16:00',
        duracion: 30,
        id_estado: 1,
        id_profesional: 2,
        id_sucursal: 2,
      },
    ],
  });
  testApp = await createTestApp({
    scheduling: {
      dentalinkApiUrl: fake.apiUrl,
      medilinkApiUrl: fake.apiUrl,
      medilinkV5ApiUrl: fake.v5ApiUrl,
      dentalsoftApiUrl: 'http://127.0.0.1:9/dentalsoft',
      calendlyApiUrl: 'http://127.0.0.1:9/calendly',
    },
  });
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createSandboxDevice(testApp.app, owner.token);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});

const api = <T = Integration>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call<T>(testApp.app, method, `/api/v1/es/${path}`, { token: owner.token, body });

const dentalink = (config: Record<string, unknown>) =>
  api('POST', 'integration/create', {
    type: 'dentalink',
    name: 'Clínica Dental',
    config: { api_token: TOKEN, confirmed_state_id: 12, cancelled_state_id: 15, ...config },
  });

describe('Dentalink in the agenda and the confirmations', () => {
  it("checks the token and the account's own states before saving", async () => {
    const wrongState = await dentalink({ confirmed_state_id: 1 });
    expect(wrongState.status).toBe(400);
    expect(JSON.stringify(wrongState.body)).toContain('config.confirmed_state_id');
    const unknownState = await dentalink({ cancelled_state_id: 999 });
    expect(unknownState.status).toBe(400);
    expect(JSON.stringify(unknownState.body)).toContain('config.cancelled_state_id');
    const refused = await dentalink({ api_token: 'not-the-token' });
    expect(refused.status).toBe(200);
    expect(refused.body.data[0]).toMatchObject({ status: 'error', config: { api_token: '••••oken' } });
    expect(refused.body.data[0]?.error).not.toBe('');
    const listed = await api('POST', 'integration/search', {
      filters: [{ key: 'type', condition: 'equalto', value: 'dentalink' }],
    });
    expect(listed.body.data).toHaveLength(1);
  });

  it('syncs the day into the agenda, runs confirmations and writes each answer back once', async () => {
    const created = await dentalink({});
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const integration = created.body.data[0] as Integration;
    expect(integration).toMatchObject({ status: 'connected', error: '' });
    expect(JSON.stringify(integration.config)).not.toContain(TOKEN);

    const catalog = await api<SchedulingCatalog>('GET', `integration/catalog/${integration.id}`);
    expect(catalog.body.data[0]?.states).toContainEqual({
      id: '12',
      name: 'Confirmado por WhatsApp',
      cancellation: false,
    });
    expect(catalog.body.data[0]?.professionals).toContainEqual({ id: '1', name: 'Ana Rojas Soto' });

    const synced = await api('POST', `integration/sync/${integration.id}`, { from: DAY, to: DAY });
    expect(synced.body.data[0]?.last_sync_at).toBeTruthy();
    const agenda = await api<Appointment>('POST', 'agenda/search', {
      filters: [{ key: 'integration_id', condition: 'equalto', value: integration.id }],
    });
    const byExternal = Object.fromEntries(agenda.body.data.map((row) => [row.externalId, row]));
    expect(byExternal['9001']).toMatchObject({
      phone: CAMILA,
      patient_name: 'Camila Rojas',
      duration: 45,
      agendaId: '4',
      specialist: '1',
      specialist_name: 'Ana Rojas Soto',
      branch_name: 'Providencia',
      status: 'scheduled',
    });
    expect(new Date(byExternal['9001']?.meet_date ?? '').getTime()).toBe(
      new Date(`${DAY}T09:30:00${offsetOf(DAY)}`).getTime(),
    );
    expect(byExternal['9003']?.status).toBe('cancelled');
    expect(byExternal['9001']?.contact_id).toBeTruthy();
    // A second sync finds the same appointments: same records.
    await api('POST', `integration/sync/${integration.id}`, { from: DAY, to: DAY });
    const again = await api<Appointment>('POST', 'agenda/search', {
      filters: [{ key: 'integration_id', condition: 'equalto', value: integration.id }],
    });
    expect(again.body.data.map((row) => row.id).sort()).toEqual(agenda.body.data.map((row) => row.id).sort());

    // The clinic's own system keeps its appointments: not moved or booked here.
    const appointment = byExternal['9001'] as Appointment;
    expect((await api('PUT', `agenda/updateone/${appointment.id}`, { status: 'cancelled' })).status).toBe(
      406,
    );
    expect((await api('DELETE', `agenda/deleteone/${appointment.id}`)).status).toBe(406);

    const run = await api<ConfirmationRun>('POST', 'confirmation/create', {
      integration_id: integration.id,
      device_id: device.id,
      date: DAY,
      message: 'Hola $patient, ¿confirmas tu hora de las $time con $professional?',
      reply_deadline: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const runId = run.body.data[0]?.id as string;
    await api('POST', `confirmation/start/${runId}`);
    // The cancelled appointment is not asked.
    await expect
      .poll(
        async () => (await api<ConfirmationRun>('GET', `confirmation/search/${runId}`)).body.data[0]?.totals,
        {
          timeout: 20_000,
        },
      )
      .toMatchObject({ appointments: 3, sent: 2, failed: 1 });
    // A patient without a phone cannot be asked: the run's table says why, in the company's language.
    const rows = await api<ConfirmationRow>('POST', `confirmation/appointments/${runId}`, { offset: 100 });
    expect(rows.body.data.find((row) => row.patient_name === 'Elena Mora')).toMatchObject({
      state: 'failed',
      error: 'La cita no tiene teléfono',
    });
    const [request] = (await outbox(testApp.app, device, CAMILA)).filter(
      (message) => message.buttons.length === 2,
    );
    expect(request?.body).toBe('Hola Camila Rojas, ¿confirmas tu hora de las 09:30 con Ana Rojas Soto?');

    // The clinic's API fails once: the write-back is retried, and the cita is written exactly once.
    fake.failNext(500, 1, /\/citas\/9001$/);
    const confirm = request?.buttons[0];
    await deliver(testApp.app, device, {
      phone: CAMILA,
      type: 'button',
      body: confirm?.title,
      payload: confirm?.id,
    });
    await deliver(testApp.app, device, { phone: DIEGO, body: 'No' });
    await expect
      .poll(
        async () =>
          (await api<ConfirmationRow>('POST', `confirmation/appointments/${runId}`, {})).body.data
            .map((row) => `${row.patient_name}:${row.state}:${row.writeback}`)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual(['Camila Rojas:confirmed:done', 'Diego Soto:cancelled:done', 'Elena Mora:failed:none']);
    expect(fake.updates()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: '9001', body: expect.objectContaining({ id_estado: 12 }) }),
        expect.objectContaining({ id: '9002', body: expect.objectContaining({ id_estado: 15 }) }),
      ]),
    );
    expect(fake.updates()).toHaveLength(2);
    // Each patient hears back once, and only once the clinic's system holds the answer (Camila's after
    // the retried write-back).
    const thanks = async (phone: string) =>
      (await outbox(testApp.app, device, phone)).filter((message) => message.buttons.length === 0);
    await expect
      .poll(async () => (await thanks(CAMILA)).map((message) => message.body), { timeout: 20_000 })
      .toEqual(['¡Gracias! Tu cita quedó confirmada.']);
    await expect
      .poll(async () => (await thanks(DIEGO)).map((message) => message.body), { timeout: 20_000 })
      .toEqual(['Tu cita fue cancelada. Escríbenos para agendar otra hora.']);
    const camilaWrittenAt = Math.max(
      ...fake.requests
        .filter((request) => request.method === 'PUT' && request.path.endsWith('/citas/9001'))
        .map((request) => request.at),
    );
    const [camilaThanks] = await thanks(CAMILA);
    expect(new Date(camilaThanks?.create_date ?? 0).getTime()).toBeGreaterThanOrEqual(camilaWrittenAt);
  }, 90_000);
});

/** The company time zone's UTC offset on a day, as ±HH:MM (Santiago is -03:00 or -04:00). */
const offsetOf = (day: string): string => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  return name?.replace('GMT', '') || '+00:00';
};
