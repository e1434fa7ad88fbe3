import { randomUUID } from 'node:crypto';
import {
  type Appointment,
  addDays,
  type Integration,
  localDayOf,
  type SchedulingCatalog,
  zonedInstant,
} from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../core/db/seed-logins';
import { type FakeCalendly, signedDelivery, startFakeCalendly } from '../../test/fakes/fake-calendly';
import { contactByPhone, newPhone } from '../../test/messaging-fixtures';
import { call, createTestApp, login, type Session, type TestApp, testConfig } from '../../test/test-app';

const TOKEN = 'calendly-personal-access-token-0001';
const TIME_ZONE = 'America/Santiago';
/** Calendly's signature tolerance (API.md part 3 §5). */
const TOLERANCE_S = 180;

let fake: FakeCalendly;
let testApp: TestApp;
let owner: Session;
let calendly: Integration;
/** The key Calendly signs this integration's deliveries with (it never answers it; the fake keeps it). */
let signingKey: string;

const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  call<T>(testApp.app, method, `/api/v1/es/${path}`, { token: owner.token, body });

const callbackUrlOf = (id: string) => `${testApp.config.publicUrl}/webhooks/integrations/calendly/${id}`;

/** A Calendly delivery as it arrives: the exact bytes, with whatever signature header is given. */
const post = async (id: string, raw: string, headers: Record<string, string>) => {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/webhooks/integrations/calendly/${id}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: raw,
  });
  return response.statusCode;
};

/** Signed with the subscription's key, `t` seconds from now. */
const deliver = (body: unknown, offsetSeconds = 0, id = calendly.id) => {
  const signed = signedDelivery(signingKey, body, Math.floor(Date.now() / 1000) + offsetSeconds);
  return post(id, signed.body, signed.headers);
};

const search = async (filters: { key: string; value: string }[]) => {
  const answer = await api<Appointment>('POST', 'agenda/search', {
    filters: [
      { key: 'integration_id', condition: 'equalto', value: calendly.id },
      ...filters.map((filter) => ({ ...filter, condition: 'equalto' })),
    ],
    offset: 100,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const byInvitee = (uri: string) => search([{ key: 'externalId', value: uri }]);
const byPhone = (phone: string) => search([{ key: 'phone', value: phone }]);

const companyDay = (daysAhead: number) => addDays(localDayOf(new Date(), TIME_ZONE), daysAhead);
const slot = (daysAhead: number, time: string, minutes: number) => {
  const start = zonedInstant(companyDay(daysAhead), time, TIME_ZONE);
  return {
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + minutes * 60_000).toISOString(),
  };
};

/** A Chilean mobile as a patient types it in Calendly's SMS reminder field: `+56 9 xxxx xxxx`. */
const typed = (digits: string) =>
  `+${digits.slice(0, 2)} ${digits.slice(2, 3)} ${digits.slice(3, 7)}-${digits.slice(7)}`;

/** A booking at the fake, answering its invitee's URI and the patient's phone (digits). */
const book = (name: string, time: { start_time: string; end_time: string }, eventName = 'Control dental') => {
  const phone = newPhone();
  const { eventUri, inviteeUris } = fake.addEvent({
    name: eventName,
    ...time,
    invitees: [{ name, text_reminder_number: typed(phone) }],
  });
  return { eventUri, invitee: inviteeUris[0] as string, phone };
};

/** Books at the fake and delivers its `invitee.created`; answers the appointment it made. */
const bookAndDeliver = async (name: string, time: { start_time: string; end_time: string }) => {
  const booking = book(name, time);
  expect(await deliver(fake.delivery('invitee.created', booking.invitee))).toBe(200);
  const [appointment] = await byInvitee(booking.invitee);
  expect(appointment).toMatchObject({ status: 'scheduled', meet_date: time.start_time });
  return { ...booking, appointment: appointment as Appointment };
};

beforeAll(async () => {
  fake = await startFakeCalendly({ token: TOKEN });
  testApp = await createTestApp({
    scheduling: { ...testConfig().scheduling, calendlyApiUrl: fake.apiUrl },
  });
  owner = await login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});

describe('a Calendly integration', () => {
  it('connects with an accepted token and subscribes its webhook with a signing key of ours', async () => {
    const created = await api<Integration>('POST', 'integration/create', {
      type: 'calendly',
      name: 'Calendly de la clínica',
      config: { api_token: TOKEN },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    calendly = created.body.data[0] as Integration;
    expect(calendly).toMatchObject({ type: 'calendly', status: 'connected', error: '' });
    // Both secrets are answered masked.
    expect(calendly.config.api_token).toBe(`••••${TOKEN.slice(-4)}`);
    expect(String(calendly.config.signing_key)).toMatch(/^••••.{4}$/);

    const subscriptions = fake.subscriptions().filter((s) => s.callback_url === callbackUrlOf(calendly.id));
    expect(subscriptions).toHaveLength(1);
    const [subscription] = subscriptions;
    expect(subscription).toMatchObject({
      scope: 'user',
      user: fake.user.uri,
      organization: fake.user.organization,
    });
    expect([...(subscription?.events ?? [])].sort()).toEqual(['invitee.canceled', 'invitee.created']);
    signingKey = subscription?.signing_key ?? '';
    expect(signingKey.length).toBeGreaterThanOrEqual(32);
    expect(String(calendly.config.signing_key).slice(-4)).toBe(signingKey.slice(-4));
  });

  it('is saved with status error and subscribes nothing when Calendly refuses the token', async () => {
    const before = fake.subscriptions().length;
    const created = await api<Integration>('POST', 'integration/create', {
      type: 'calendly',
      name: 'Calendly con token vencido',
      config: { api_token: 'a-token-calendly-refuses' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const refused = created.body.data[0] as Integration;
    expect(refused.status).toBe('error');
    expect(refused.error).not.toBe('');
    expect(fake.subscriptions()).toHaveLength(before);
    expect(fake.subscriptions().some((s) => s.callback_url === callbackUrlOf(refused.id))).toBe(false);
  });

  it('answers the user as its one professional in the catalog', async () => {
    const catalog = await api<SchedulingCatalog>('GET', `integration/catalog/${calendly.id}`);
    expect(catalog.status, JSON.stringify(catalog.body)).toBe(200);
    expect(catalog.body.data[0]).toEqual({
      states: [],
      professionals: [{ id: fake.user.uri, name: fake.user.name }],
      branches: [],
    });
  });
});

describe('Calendly webhooks', () => {
  it('refuses a missing, malformed, wrong or stale signature with 401, and changes nothing', async () => {
    const booking = book('Marta Fuentes', slot(1, '09:00', 30));
    const body = fake.delivery('invitee.created', booking.invitee);
    const now = Math.floor(Date.now() / 1000);
    const good = signedDelivery(signingKey, body, now);
    const header = good.headers['calendly-webhook-signature'] as string;
    const v1 = header.split('v1=')[1] as string;
    const attempts: [string, string, Record<string, string>][] = [
      ['missing', good.body, {}],
      ['malformed', good.body, { 'calendly-webhook-signature': 'garbage' }],
      ['malformed: no t', good.body, { 'calendly-webhook-signature': `v1=${v1}` }],
      ['another key', good.body, signedDelivery(`${signingKey}x`, body, now).headers],
      ['another body', good.body.replace('Marta', 'Mario'), good.headers],
      ['stale', good.body, signedDelivery(signingKey, body, now - TOLERANCE_S - 20).headers],
      ['from the future', good.body, signedDelivery(signingKey, body, now + TOLERANCE_S + 20).headers],
    ];
    for (const [what, raw, headers] of attempts) {
      expect(await post(calendly.id, raw, headers), what).toBe(401);
    }
    expect(await byInvitee(booking.invitee)).toEqual([]);
    expect(await byPhone(booking.phone)).toEqual([]);

    // The very same delivery, signed within the tolerance, is taken: the refusals above were the signature's.
    expect(await deliver(body, -(TOLERANCE_S - 30))).toBe(200);
    expect(await byInvitee(booking.invitee)).toHaveLength(1);
  });

  it('answers 404 for an unknown integration and for an integration of another type', async () => {
    const booking = book('Pedro Ríos', slot(1, '09:30', 30));
    const body = fake.delivery('invitee.created', booking.invitee);
    expect(await deliver(body, 0, randomUUID())).toBe(404);
    expect(await deliver(body, 0, 'not-an-id')).toBe(404);

    const standard = await api<Integration>('POST', 'integration/create', {
      type: 'standard',
      name: 'Agenda propia',
      config: { professionals: [{ id: 'ana', name: 'Dra. Ana' }], branches: [{ id: 'c', name: 'Centro' }] },
    });
    expect(standard.status, JSON.stringify(standard.body)).toBe(200);
    expect(await deliver(body, 0, standard.body.data[0]?.id)).toBe(404);
    expect(await byInvitee(booking.invitee)).toEqual([]);
  });

  it('makes the appointment of invitee.created, linked to the contact of its phone; a repeat changes nothing', async () => {
    const time = slot(2, '10:00', 45);
    const booking = book('Rosa Díaz', time, 'Limpieza dental');
    const body = fake.delivery('invitee.created', booking.invitee);
    expect(await deliver(body)).toBe(200);

    const found = await byInvitee(booking.invitee);
    expect(found).toHaveLength(1);
    const appointment = found[0] as Appointment;
    expect(appointment).toMatchObject({
      integration_id: calendly.id,
      type: 'calendly',
      externalId: booking.invitee,
      agendaId: booking.eventUri,
      accountId: '',
      patient_name: 'Rosa Díaz',
      phone: booking.phone,
      meet_date: time.start_time,
      duration: 45,
      specialist: fake.user.uri,
      specialist_name: fake.user.name,
      branch: '',
      specialty: 'Limpieza dental',
      status: 'scheduled',
    });
    const contact = await contactByPhone(testApp.app, owner.token, booking.phone);
    expect(appointment.contact_id).toBe(contact.id);

    // Calendly retries a delivery it thinks failed: the same appointment, untouched.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await deliver(body)).toBe(200);
    const again = await byPhone(booking.phone);
    expect(again).toHaveLength(1);
    expect(again[0]).toEqual(appointment);
  });

  it('moves the appointment on a reschedule whose new invitee arrives first', async () => {
    const { invitee, phone, appointment } = await bookAndDeliver('Lucía Mora', slot(3, '11:00', 30));
    const moved = slot(4, '16:30', 60);
    const { newInviteeUri, created, canceled } = fake.reschedule(invitee, moved);
    const newEvent = fake.invitee(newInviteeUri)?.event;
    expect(await deliver(created)).toBe(200);
    expect(await deliver(canceled)).toBe(200);

    const expected = {
      id: appointment.id,
      externalId: newInviteeUri,
      agendaId: newEvent,
      meet_date: moved.start_time,
      duration: 60,
      status: 'scheduled',
      contact_id: appointment.contact_id,
    };
    const after = await byPhone(phone);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject(expected);
    expect(await byInvitee(invitee)).toEqual([]);

    // Both halves again (Calendly's retries): still the one moved appointment.
    expect(await deliver(canceled)).toBe(200);
    expect(await deliver(created)).toBe(200);
    const retried = await byPhone(phone);
    expect(retried).toHaveLength(1);
    expect(retried[0]).toMatchObject(expected);
  });

  it('keeps one moved appointment when Calendly retries the old invitee’s creation after a reschedule', async () => {
    const { invitee, phone, appointment } = await bookAndDeliver('Iris Campos', slot(3, '15:00', 30));
    // The delivery of the first booking as it was sent, retried late (after the reschedule went through).
    const late = fake.delivery('invitee.created', invitee);
    const moved = slot(6, '09:00', 30);
    const { newInviteeUri, created, canceled } = fake.reschedule(invitee, moved);
    expect(await deliver(created)).toBe(200);
    expect(await deliver(canceled)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await deliver(late)).toBe(200);

    const after = await byPhone(phone);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: appointment.id,
      externalId: newInviteeUri,
      meet_date: moved.start_time,
      status: 'scheduled',
    });
    expect(await byInvitee(invitee)).toEqual([]);
  });

  it('moves the appointment on a reschedule whose old invitee is canceled first', async () => {
    const { invitee, phone, appointment } = await bookAndDeliver('Tomás Vera', slot(3, '12:00', 30));
    const moved = slot(5, '08:15', 30);
    const { newInviteeUri, created, canceled } = fake.reschedule(invitee, moved);
    const newEvent = fake.invitee(newInviteeUri)?.event;
    expect(await deliver(canceled)).toBe(200);
    expect(await deliver(created)).toBe(200);

    const after = await byPhone(phone);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: appointment.id,
      externalId: newInviteeUri,
      agendaId: newEvent,
      meet_date: moved.start_time,
      duration: 30,
      status: 'scheduled',
    });
    expect(await byInvitee(invitee)).toEqual([]);
    expect(
      await search([
        { key: 'status', value: 'cancelled' },
        { key: 'phone', value: phone },
      ]),
    ).toEqual([]);
  });

  it('cancels the appointment on invitee.canceled that is not a reschedule', async () => {
    const { invitee, eventUri, phone, appointment } = await bookAndDeliver(
      'Elena Díaz',
      slot(2, '15:00', 30),
    );
    // The patient cancels at Calendly: the event and its invitee are canceled there.
    const cancelled = await fetch(
      `${fake.apiUrl}/scheduled_events/${eventUri.split('/').at(-1)}/cancellation`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'No puedo ir' }),
      },
    );
    expect(cancelled.status).toBe(201);
    const body = fake.delivery('invitee.canceled', invitee);
    expect(body.payload).toMatchObject({ status: 'canceled', rescheduled: false });
    // Signed with another key, it cancels nothing.
    const forged = signedDelivery('not-the-subscription-key-000000000000', body);
    expect(await post(calendly.id, forged.body, forged.headers)).toBe(401);
    expect((await byPhone(phone))[0]).toEqual(appointment);

    expect(await deliver(body)).toBe(200);

    const after = await byPhone(phone);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: appointment.id, externalId: invitee, status: 'cancelled' });
  });
});

describe('integration/sync of Calendly', () => {
  it("pulls every page of the user's active events of the next days into the agenda", async () => {
    const phones = [newPhone(), newPhone(), newPhone()];
    const inRange = [
      fake.addEvent({
        name: 'Evaluación',
        ...slot(1, '17:00', 30),
        invitees: [{ name: 'Ana Sync', text_reminder_number: typed(phones[0] as string) }],
      }),
      fake.addEvent({
        name: 'Evaluación',
        ...slot(3, '17:00', 40),
        invitees: [
          {
            name: 'Bruno Sync',
            questions_and_answers: [
              { question: 'Tu teléfono (WhatsApp)', answer: typed(phones[1] as string) },
            ],
          },
        ],
      }),
      fake.addEvent({
        name: 'Evaluación',
        ...slot(6, '17:00', 30),
        invitees: [{ name: 'Carla Sync', text_reminder_number: typed(phones[2] as string) }],
      }),
    ];
    const later = fake.addEvent({
      name: 'Evaluación',
      ...slot(12, '17:00', 30),
      invitees: [{ name: 'Diego Tarde', text_reminder_number: typed(newPhone()) }],
    });

    const synced = await api<Integration>('POST', `integration/sync/${calendly.id}`);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data[0]).toMatchObject({ id: calendly.id, status: 'connected', error: '' });
    expect(synced.body.data[0]?.last_sync_at).toBeTruthy();

    for (const [index, event] of inRange.entries()) {
      const found = await byInvitee(event.inviteeUris[0] as string);
      expect(found, `event ${index}`).toHaveLength(1);
      expect(found[0]).toMatchObject({
        agendaId: event.eventUri,
        phone: phones[index],
        meet_date: fake.event(event.eventUri)?.start_time,
        status: 'scheduled',
      });
      const contact = await contactByPhone(testApp.app, owner.token, phones[index] as string);
      expect(found[0]?.contact_id).toBe(contact.id);
    }
    expect((await byInvitee(inRange[1]?.inviteeUris[0] as string))[0]?.duration).toBe(40);
    expect(await byInvitee(later.inviteeUris[0] as string)).toEqual([]);
  });
});
