import {
  type Appointment,
  addDays,
  type ConfirmationRow,
  type ConfirmationRun,
  type Integration,
  localDayOf,
  type Message,
  zonedInstant,
} from '@conversa/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, plans } from '../../core/db/schema';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import {
  createSandboxDevice,
  deliver,
  newPhone,
  outbox,
  type SandboxDevice,
} from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let owner: Session;
let device: SandboxDevice;
let standard: Integration;
const TIME_ZONE = 'America/Santiago';

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
  device = await createSandboxDevice(testApp.app, owner.token);
  standard = await createStandard(owner);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const api = <T = ConfirmationRun>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  session: Session = owner,
) => call<T>(testApp.app, method, `/api/v1/es/${path}`, { token: session.token, body });

const createStandard = async (session: Session) => {
  const created = await api<Integration>(
    'POST',
    'integration/create',
    {
      type: 'standard',
      name: 'Agenda clínica',
      config: {
        professionals: [
          { id: 'ana', name: 'Dra. Ana Pérez', specialty: 'Ortodoncia' },
          { id: 'luis', name: 'Dr. Luis Soto' },
        ],
        branches: [{ id: 'centro', name: 'Sucursal Centro' }],
        slot_minutes: 30,
      },
    },
    session,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.data[0]?.status).toBe('connected');
  return created.body.data[0] as Integration;
};

const companyDay = (daysAhead: number) => addDays(localDayOf(new Date(), TIME_ZONE), daysAhead);

const book = async (
  day: string,
  time: string,
  patient: { phone: string; name: string },
  specialist = 'ana',
) => {
  const booked = await api<Appointment>('POST', 'agenda/create', {
    integration_id: standard.id,
    phone: patient.phone,
    name: patient.name,
    meet_date: zonedInstant(day, time, TIME_ZONE).toISOString(),
    specialist,
    branch: 'centro',
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  return booked.body.data[0] as Appointment;
};

const newRun = async (date: string, overrides: Record<string, unknown> = {}) => {
  const created = await api('POST', 'confirmation/create', {
    integration_id: standard.id,
    device_id: device.id,
    date,
    message: 'Hola $patient, confirma tu hora del $date a las $time con $professional en $branch',
    reply_deadline: zonedInstant(date, '08:00', TIME_ZONE).toISOString(),
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data[0] as ConfirmationRun;
};

const runOf = async (id: string) =>
  (await api('GET', `confirmation/search/${id}`)).body.data[0] as ConfirmationRun;
const rowsOf = async (id: string) =>
  (await api<ConfirmationRow>('POST', `confirmation/appointments/${id}`, { offset: 100 })).body.data;
const appointmentOf = async (id: string) =>
  (await api<Appointment>('GET', `agenda/search/${id}`)).body.data[0] as Appointment;

const requestTo = async (phone: string) => {
  const received = await outbox(testApp.app, device, phone);
  return received.filter((message) => message.buttons.length === 2);
};

describe('confirmation runs on the Standard agenda', () => {
  it('asks each appointment once with two buttons, and reads buttons and words as answers', async () => {
    const day = companyDay(1);
    const camila = { phone: newPhone(), name: 'Camila Rojas' };
    const diego = { phone: newPhone(), name: 'Diego Soto' };
    const elena = { phone: newPhone(), name: 'Elena Díaz' };
    const first = await book(day, '10:00', camila);
    const diegoMorning = await book(day, '11:00', diego, 'luis');
    const diegoAfternoon = await book(day, '15:30', diego);
    const third = await book(day, '12:00', elena);
    expect(first).toMatchObject({ status: 'scheduled', specialist_name: 'Dra. Ana Pérez', duration: 30 });
    expect(first.contact_id).toBeTruthy();

    const run = await newRun(day);
    expect(run).toMatchObject({ status: 'draft', totals: { appointments: 0 } });
    // A second run for the same integration and day is refused.
    const twice = await api('POST', 'confirmation/create', {
      integration_id: standard.id,
      device_id: device.id,
      date: day,
      message: 'otra',
      reply_deadline: zonedInstant(day, '08:00', TIME_ZONE).toISOString(),
    });
    expect(twice.status).toBe(409);

    // Two starts at once start the run once.
    const starts = await Promise.all([
      api('POST', `confirmation/start/${run.id}`),
      api('POST', `confirmation/start/${run.id}`),
    ]);
    expect(starts.map((answer) => answer.status)).toEqual([200, 200]);
    await expect.poll(async () => (await runOf(run.id)).totals.sent, { timeout: 20_000 }).toBe(4);

    const [request] = await requestTo(camila.phone);
    const [dd, mm, yyyy] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
    expect(request?.body).toBe(
      `Hola Camila Rojas, confirma tu hora del ${dd}/${mm}/${yyyy} a las 10:00 con Dra. Ana Pérez en Sucursal Centro`,
    );
    expect(request?.buttons.map((button) => button.title)).toEqual(['Confirmar', 'Cancelar']);
    expect(await requestTo(diego.phone)).toHaveLength(2);

    // Camila presses "Confirmar": her row and appointment are confirmed, nothing to write back.
    const confirm = request?.buttons[0];
    await deliver(testApp.app, device, {
      phone: camila.phone,
      type: 'button',
      body: confirm?.title,
      payload: confirm?.id,
    });
    await expect
      .poll(async () => (await appointmentOf(first.id)).status, { timeout: 10_000 })
      .toBe('confirmed');
    // Pressing it again changes nothing and sends no second thanks.
    await deliver(testApp.app, device, {
      phone: camila.phone,
      type: 'button',
      body: confirm?.title,
      payload: confirm?.id,
    });

    // Diego has two appointments: a word is ambiguous, so he is asked which; then his button decides.
    await deliver(testApp.app, device, { phone: diego.phone, body: 'Sí, gracias' });
    await expect
      .poll(
        async () => (await outbox(testApp.app, device, diego.phone)).some((m) => m.body.includes('15:30')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect((await appointmentOf(diegoMorning.id)).status).toBe('scheduled');
    const afternoonRequest = (await requestTo(diego.phone)).find((message) => message.body.includes('15:30'));
    const cancel = afternoonRequest?.buttons[1];
    await deliver(testApp.app, device, {
      phone: diego.phone,
      type: 'button',
      body: cancel?.title,
      payload: cancel?.id,
    });
    await expect
      .poll(async () => (await appointmentOf(diegoAfternoon.id)).status, { timeout: 10_000 })
      .toBe('cancelled');

    // Elena answers with a word: her only waiting appointment is cancelled.
    await deliver(testApp.app, device, { phone: elena.phone, body: '¡NO! no puedo' });
    await expect
      .poll(async () => (await appointmentOf(third.id)).status, { timeout: 10_000 })
      .toBe('cancelled');

    const rows = await rowsOf(run.id);
    expect(Object.fromEntries(rows.map((row) => [row.agenda_id, [row.state, row.writeback]]))).toEqual({
      [first.id]: ['confirmed', 'none'],
      [diegoMorning.id]: ['sent', 'none'],
      [diegoAfternoon.id]: ['cancelled', 'none'],
      [third.id]: ['cancelled', 'none'],
    });
    expect((await runOf(run.id)).totals).toEqual({
      appointments: 4,
      sent: 4,
      confirmed: 1,
      cancelled: 2,
      no_reply: 0,
      failed: 0,
    });
    const thanks = (await outbox(testApp.app, device, camila.phone)).filter((m: Message) =>
      m.body.startsWith('¡Gracias!'),
    );
    expect(thanks).toHaveLength(1);

    // The dashboard of the day counts the rows in their latest state.
    const dashboard = await api<{ totals: Record<string, number>; rates: Record<string, number | null> }>(
      'POST',
      'dashboard/confirmations',
      { from: day, to: day },
    );
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    expect(dashboard.body.data[0]?.totals).toMatchObject({ appointments: 4, confirmed: 1, cancelled: 2 });
    expect(dashboard.body.data[0]?.rates.confirmed).toBe(0.25);
  }, 90_000);

  it('closes the run at its deadline: the silent become no_reply and the appointment stays scheduled', async () => {
    const day = companyDay(2);
    const patient = { phone: newPhone(), name: 'Tomás Vera' };
    const appointment = await book(day, '09:00', patient);
    const run = await newRun(day, { reply_deadline: new Date(Date.now() + 4_000).toISOString() });
    expect((await api('POST', `confirmation/start/${run.id}`)).status).toBe(200);
    await expect
      .poll(async () => (await runOf(run.id)).status, { timeout: 45_000, interval: 1_000 })
      .toBe('completed');
    expect((await runOf(run.id)).totals).toMatchObject({ appointments: 1, sent: 1, no_reply: 1 });
    expect((await appointmentOf(appointment.id)).status).toBe('scheduled');
    // A late answer changes nothing.
    await deliver(testApp.app, device, { phone: patient.phone, body: 'si' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await appointmentOf(appointment.id)).status).toBe('scheduled');
    // A completed run cannot start again.
    expect((await api('POST', `confirmation/start/${run.id}`)).status).toBe(406);
  }, 60_000);

  it('refuses bad settings, naming the field', async () => {
    const day = companyDay(3);
    const base = { integration_id: standard.id, device_id: device.id, date: day, message: 'Hola' };
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ ...base, date: companyDay(-1) }, 400, 'date'],
      [{ ...base, message: undefined }, 400, 'message'],
      [{ ...base, integration_id: device.id }, 400, 'integration_id'],
      [{ ...base, device_id: standard.id }, 400, 'device_id'],
      [{ ...base, send_at: new Date(Date.now() - 60_000).toISOString() }, 400, 'send_at'],
      [{ ...base, reply_deadline: new Date(Date.now() - 60_000).toISOString() }, 400, 'reply_deadline'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await api('POST', 'confirmation/create', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(JSON.stringify(answer.body)).toContain(`"${field}"`);
    }
  });

  it('asks as many patients as the company has messages left; the others fail saying why', async () => {
    const company = await signupCompany(testApp.app);
    const db = testApp.app.database.db;
    const [current] = await db
      .select({ plan: plans })
      .from(clients)
      .innerJoin(plans, eq(plans.id, clients.plan_id))
      .where(eq(clients.id, company.clientId));
    if (!current) throw new Error('a new company has a plan');
    const [limited] = await db
      .insert(plans)
      .values({ ...current.plan, id: undefined, code: `cf-${company.clientId.slice(0, 8)}`, messages: 3 })
      .returning();
    await db
      .update(clients)
      .set({ plan_id: limited?.id, plan_started_at: new Date(), extra_quantities: {} })
      .where(eq(clients.id, company.clientId));
    const companyDevice = await createSandboxDevice(testApp.app, company.token);
    const agenda = await createStandard(company);
    const day = companyDay(5);
    for (const time of ['09:00', '09:30', '10:00', '10:30', '11:00']) {
      const booked = await api(
        'POST',
        'agenda/create',
        {
          integration_id: agenda.id,
          phone: newPhone(),
          name: `Paciente ${time}`,
          meet_date: zonedInstant(day, time, TIME_ZONE).toISOString(),
          specialist: 'ana',
          branch: 'centro',
        },
        company,
      );
      expect(booked.status).toBe(200);
    }
    const created = await api(
      'POST',
      'confirmation/create',
      {
        integration_id: agenda.id,
        device_id: companyDevice.id,
        date: day,
        message: 'Hola $patient, confirma tu hora del $date a las $time',
        reply_deadline: zonedInstant(day, '08:00', TIME_ZONE).toISOString(),
      },
      company,
    );
    const run = created.body.data[0] as ConfirmationRun;
    expect((await api('POST', `confirmation/start/${run.id}`, undefined, company)).status).toBe(200);
    const totals = async () =>
      (
        (await api('GET', `confirmation/search/${run.id}`, undefined, company)).body
          .data[0] as ConfirmationRun
      ).totals;
    await expect
      .poll(async () => (await totals()).sent + (await totals()).failed, { timeout: 20_000 })
      .toBe(5);
    expect(await totals()).toMatchObject({ appointments: 5, sent: 3, failed: 2 });
    const rows = (
      await api<ConfirmationRow>('POST', `confirmation/appointments/${run.id}`, { offset: 100 }, company)
    ).body.data.sort((a, b) => a.meet_date.localeCompare(b.meet_date));
    // The soonest appointments were asked; the rest say the balance is used up and were never sent.
    expect(rows.map((row) => row.state)).toEqual(['sent', 'sent', 'sent', 'failed', 'failed']);
    for (const row of rows.filter((each) => each.state === 'failed')) {
      expect(row.error).toBe(
        'Se agotó tu saldo de mensajes (3 de 3, plan y bolsas): compra una bolsa de mensajes para seguir enviando',
      );
      expect(row.message_id).toBeNull();
    }
    for (const row of rows.filter((each) => each.state === 'sent')) {
      const received = await outbox(testApp.app, companyDevice, row.phone);
      expect(received.map((message) => message.id)).toEqual([row.message_id]);
    }
  }, 60_000);

  it("never matches an answer on another company's device, nor shows its runs", async () => {
    const day = companyDay(4);
    const patient = { phone: newPhone(), name: 'Rosa Lagos' };
    const appointment = await book(day, '10:00', patient);
    const run = await newRun(day);
    await api('POST', `confirmation/start/${run.id}`);
    await expect.poll(async () => (await runOf(run.id)).totals.sent, { timeout: 20_000 }).toBe(1);
    const other = await signupCompany(testApp.app);
    const otherDevice = await createSandboxDevice(testApp.app, other.token);
    await deliver(testApp.app, otherDevice, { phone: patient.phone, body: 'si' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await appointmentOf(appointment.id)).status).toBe('scheduled');
    expect((await api('GET', `confirmation/search/${run.id}`, undefined, other)).status).toBe(404);
    expect((await api('GET', `agenda/search/${appointment.id}`, undefined, other)).status).toBe(404);
    expect((await api('POST', `confirmation/start/${run.id}`, undefined, other)).status).toBe(404);
  }, 60_000);
});
