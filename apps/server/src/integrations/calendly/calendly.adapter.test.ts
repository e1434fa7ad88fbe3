import type { CalendlyConfig } from '@conversa/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCalendly, startFakeCalendly } from '../../test/fakes/fake-calendly';
import { SchedulingCallError } from '../scheduling-adapter';
import { createCalendlyAdapter } from './calendly.adapter';

const TOKEN = 'calendly-personal-access-token';
const PUBLIC_URL = 'https://app.example.com/';
const CONTEXT = { integrationId: 'integration-42', timeZone: 'America/Santiago' };
const CALLBACK = 'https://app.example.com/webhooks/integrations/calendly/integration-42';

let fake: FakeCalendly;

beforeEach(async () => {
  fake = await startFakeCalendly({ token: TOKEN });
});

afterEach(async () => {
  await fake?.close();
});

const adapter = () =>
  createCalendlyAdapter({
    dentalinkApiUrl: 'http://127.0.0.1:1',
    medilinkApiUrl: 'http://127.0.0.1:1',
    medilinkV5ApiUrl: 'http://127.0.0.1:1',
    dentalsoftApiUrl: 'http://127.0.0.1:1',
    calendlyApiUrl: fake.apiUrl,
    publicUrl: PUBLIC_URL,
    timeoutMs: 2000,
  });

const config = (overrides: Partial<CalendlyConfig> = {}): CalendlyConfig => ({
  api_token: TOKEN,
  ...overrides,
});

const failureOf = async (work: Promise<unknown>): Promise<SchedulingCallError> => {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SchedulingCallError);
  return error as SchedulingCallError;
};

const calls = (from: number) =>
  fake.requests.slice(from).map((request) => `${request.method} ${request.path}`);

describe('Calendly adapter: the check', () => {
  it('subscribes nothing when the token is refused', async () => {
    const error = await failureOf(adapter().check(config({ api_token: 'revoked' }), CONTEXT));
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/refused the credentials \(401/);
    expect(calls(0)).toEqual(['GET /users/me']);
    expect(fake.subscriptions()).toEqual([]);
  });

  it("subscribes the user's invitee events with a signing key of ours, and answers the key in the config", async () => {
    const checked = await adapter().check(config({ signing_key: 'an old key' }), CONTEXT);
    expect(checked.api_token).toBe(TOKEN);
    expect(checked.signing_key).toMatch(/^[\w-]{32,}$/);
    expect(checked.signing_key).not.toBe('an old key');
    expect(fake.subscriptions()).toEqual([
      {
        uri: expect.any(String),
        callback_url: CALLBACK,
        events: ['invitee.created', 'invitee.canceled'],
        scope: 'user',
        organization: fake.user.organization,
        user: fake.user.uri,
        signing_key: checked.signing_key,
      },
    ]);
    const again = await adapter().check(config(), CONTEXT);
    expect(again.signing_key).not.toBe(checked.signing_key);
  });

  it('replaces a subscription that already exists for the URL, found across the pages of the list', async () => {
    for (const other of ['a', 'b', 'c']) fake.addSubscription(`https://elsewhere.example.com/${other}`);
    fake.addSubscription(CALLBACK);
    const checked = await adapter().check(config(), CONTEXT);
    const listed = fake.received(
      (request) => request.method === 'GET' && request.path === '/webhook_subscriptions',
    );
    expect(listed.map((request) => request.query.get('page_token'))).toEqual([null, '2']);
    expect(Object.fromEntries(listed[0]?.query ?? [])).toEqual({
      organization: fake.user.organization,
      scope: 'user',
      user: fake.user.uri,
    });
    expect(calls(0).filter((call) => call.includes('webhook_subscriptions/'))).toHaveLength(1);
    expect(calls(0).filter((call) => call === 'POST /webhook_subscriptions')).toHaveLength(2);
    const subscriptions = fake.subscriptions();
    expect(subscriptions).toHaveLength(4);
    expect(subscriptions.filter((subscription) => subscription.callback_url === CALLBACK)).toEqual([
      expect.objectContaining({ signing_key: checked.signing_key }),
    ]);
  });
});

describe('Calendly adapter: appointments', () => {
  const seedEvents = () => {
    const group = fake.addEvent({
      name: 'Evaluación dental',
      start_time: '2026-03-10T12:30:00Z',
      end_time: '2026-03-10T13:15:00Z',
      invitees: [
        { name: 'Rosa Díaz', text_reminder_number: '+56 9 1111 2222' },
        {
          name: 'Luis Pérez',
          questions_and_answers: [
            { question: 'Motivo', answer: 'Dolor' },
            { question: 'Teléfono (WhatsApp)', answer: '+56 9 3333 4444' },
          ],
        },
        { name: 'Se fue', status: 'canceled', text_reminder_number: '+56 9 0000 0000' },
        { name: 'Sin teléfono' },
      ],
    });
    const early = fake.addEvent({
      name: 'Control',
      start_time: '2026-03-10T03:00:00Z',
      end_time: '2026-03-10T03:30:00Z',
      invitees: [
        {
          name: 'Madrugador',
          questions_and_answers: [{ question: 'Your phone number', answer: '555 0101' }],
        },
      ],
    });
    const late = fake.addEvent({
      name: 'Control',
      start_time: '2026-03-12T02:59:00Z',
      end_time: '2026-03-12T03:29:00Z',
      invitees: [{ name: 'Trasnochador' }],
    });
    fake.addEvent({
      name: 'Control',
      start_time: '2026-03-12T03:00:00Z',
      end_time: '2026-03-12T03:30:00Z',
      invitees: [{ name: 'Otro día' }],
    });
    fake.addEvent({
      name: 'Anulado',
      status: 'canceled',
      start_time: '2026-03-11T15:00:00Z',
      end_time: '2026-03-11T15:30:00Z',
      invitees: [{ name: 'Nadie' }],
    });
    return { group, early, late };
  };

  it('pulls every page of active events of the range and their active invitees, with the phone from the reminder or a question', async () => {
    const { group, early, late } = seedEvents();
    const pulled = await adapter().pull(config(), { from: '2026-03-10', to: '2026-03-11' }, CONTEXT);
    const listed = fake.received((request) => request.path === '/scheduled_events');
    expect(Object.fromEntries(listed[0]?.query ?? [])).toEqual({
      user: fake.user.uri,
      min_start_time: '2026-03-10T03:00:00.000Z',
      max_start_time: '2026-03-12T03:00:00.000Z',
      status: 'active',
      count: '100',
    });
    expect(listed).toHaveLength(2);
    expect(pulled.map((appointment) => [appointment.patientName, appointment.phone])).toEqual([
      ['Madrugador', '555 0101'],
      ['Rosa Díaz', '+56 9 1111 2222'],
      ['Luis Pérez', '+56 9 3333 4444'],
      ['Sin teléfono', ''],
      ['Trasnochador', ''],
    ]);
    expect(pulled[1]).toEqual({
      externalId: group.inviteeUris[0],
      agendaId: group.eventUri,
      accountId: '',
      treatmentId: '',
      patientName: 'Rosa Díaz',
      phone: '+56 9 1111 2222',
      meetDate: new Date('2026-03-10T12:30:00.000Z'),
      duration: 45,
      specialist: fake.user.uri,
      specialistName: fake.user.name,
      branch: '',
      branchName: '',
      specialty: 'Evaluación dental',
      status: 'scheduled',
    });
    expect(pulled[0]?.agendaId).toBe(early.eventUri);
    expect(pulled[4]?.agendaId).toBe(late.eventUri);
    const inviteeReads = fake.received((request) => request.path.endsWith('/invitees'));
    for (const request of inviteeReads) expect(request.query.get('status')).toBe('active');
    expect(
      inviteeReads.filter((request) => request.path.includes(group.eventUri.split('/').at(-1) ?? '-')),
    ).toHaveLength(2);
  });

  it('names the user as the one professional', async () => {
    expect(await adapter().catalog(config())).toEqual({
      states: [],
      professionals: [{ id: fake.user.uri, name: fake.user.name }],
      branches: [],
    });
  });

  it('cancels the event for a cancellation and writes nothing for a confirmation', async () => {
    const { group } = seedEvents();
    const target = { externalId: group.inviteeUris[0] as string, agendaId: group.eventUri };
    const before = fake.requests.length;
    expect(await adapter().writeBack(config(), target, 'confirm')).toBe(false);
    expect(fake.requests.length).toBe(before);
    expect(await adapter().writeBack(config(), target, 'cancel')).toBe(true);
    expect(fake.cancellations()).toEqual([
      { eventUri: group.eventUri, reason: expect.stringMatching(/WhatsApp/) },
    ]);
    expect(fake.event(group.eventUri)?.status).toBe('canceled');
  });

  it('classifies 5xx and 429 as worth retrying', async () => {
    seedEvents();
    fake.script(/^\/scheduled_events$/, [{ status: 503, json: { title: 'Service Unavailable' } }]);
    expect(
      (await failureOf(adapter().pull(config(), { from: '2026-03-10', to: '2026-03-10' }, CONTEXT)))
        .isRetryable,
    ).toBe(true);
    fake.script(/\/cancellation$/, [
      { status: 429, headers: { 'retry-after': '5' }, json: { title: 'Too Many Requests' } },
    ]);
    const target = { externalId: '', agendaId: seedEvents().group.eventUri };
    const limited = await failureOf(adapter().writeBack(config(), target, 'cancel'));
    expect(limited.isRetryable).toBe(true);
    expect(limited.retryAfterMs).toBe(5000);
  });
});
