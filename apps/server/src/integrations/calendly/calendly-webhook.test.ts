import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCalendly, signedDelivery, startFakeCalendly } from '../../test/fakes/fake-calendly';
import { readCalendlyDelivery, verifyCalendlySignature } from './calendly-webhook';

const KEY = 'k3y-of-at-least-thirty-two-characters-long';
const NOW_MS = Date.parse('2026-03-10T12:00:00Z');
const NOW_S = NOW_MS / 1000;
const BODY = { event: 'invitee.created', payload: { name: 'Rosa Díaz' } };

describe('Calendly webhook signature', () => {
  it('accepts a delivery signed with the key within 180 s, as raw bytes or text', () => {
    for (const t of [NOW_S, NOW_S - 180, NOW_S + 180]) {
      const { headers, body } = signedDelivery(KEY, BODY, t);
      const header = headers['calendly-webhook-signature'];
      expect(verifyCalendlySignature(header, body, KEY, NOW_MS)).toBe(true);
      expect(verifyCalendlySignature(header, Buffer.from(body), KEY, NOW_MS)).toBe(true);
    }
  });

  it('refuses another key, a changed body or a re-serialised one', () => {
    const { headers, body } = signedDelivery(KEY, '{"event": "invitee.created"}', NOW_S);
    const header = headers['calendly-webhook-signature'];
    expect(verifyCalendlySignature(header, body, `${KEY}x`, NOW_MS)).toBe(false);
    expect(verifyCalendlySignature(header, body.replace('created', 'canceled'), KEY, NOW_MS)).toBe(false);
    expect(verifyCalendlySignature(header, JSON.stringify(JSON.parse(body)), KEY, NOW_MS)).toBe(false);
    expect(verifyCalendlySignature(header, body, '', NOW_MS)).toBe(false);
  });

  it('refuses a signature more than 180 s away from now', () => {
    for (const t of [NOW_S - 181, NOW_S + 181]) {
      const { headers, body } = signedDelivery(KEY, BODY, t);
      expect(verifyCalendlySignature(headers['calendly-webhook-signature'], body, KEY, NOW_MS)).toBe(false);
    }
  });

  it('refuses a missing or malformed header', () => {
    const { headers, body } = signedDelivery(KEY, BODY, NOW_S);
    const good = headers['calendly-webhook-signature'] as string;
    const v1 = good.split('v1=')[1] as string;
    const malformed = [
      undefined,
      '',
      'garbage',
      `v1=${v1}`,
      `t=${NOW_S}`,
      `t=abc,v1=${v1}`,
      `t=${NOW_S},v1=${v1.slice(0, 63)}`,
      `t=${NOW_S},v1=${v1},t=${NOW_S}`,
      `t=${NOW_S};v1=${v1}`,
    ];
    for (const header of malformed) expect(verifyCalendlySignature(header, body, KEY, NOW_MS)).toBe(false);
    expect(verifyCalendlySignature(` t=${NOW_S}, v1=${v1}`, body, KEY, NOW_MS)).toBe(true);
  });
});

describe('Calendly webhook delivery', () => {
  let fake: FakeCalendly;

  beforeAll(async () => {
    fake = await startFakeCalendly({ token: 'token' });
  });

  afterAll(async () => {
    await fake?.close();
  });

  it('reads a new invitee as an appointment would take it', () => {
    const { eventUri, inviteeUris } = fake.addEvent({
      name: 'Limpieza',
      start_time: '2026-03-10T12:30:00Z',
      end_time: '2026-03-10T13:00:00Z',
      invitees: [
        { name: 'Rosa Díaz', questions_and_answers: [{ question: 'Celular', answer: '+56 9 1111 2222' }] },
      ],
    });
    expect(readCalendlyDelivery(fake.delivery('invitee.created', inviteeUris[0] as string))).toEqual({
      event: 'invitee.created',
      invitee: {
        uri: inviteeUris[0],
        name: 'Rosa Díaz',
        phone: '+56 9 1111 2222',
        start: new Date('2026-03-10T12:30:00Z'),
        end: new Date('2026-03-10T13:00:00Z'),
        eventUri,
        hostUri: fake.user.uri,
        hostName: fake.user.name,
        eventName: 'Limpieza',
        isCanceled: false,
      },
      rescheduled: false,
    });
  });

  it('reads both halves of a reschedule: the canceled old invitee and the new one that replaces it', () => {
    const { inviteeUris } = fake.addEvent({
      name: 'Control',
      start_time: '2026-03-10T14:00:00Z',
      end_time: '2026-03-10T14:30:00Z',
      invitees: [{ name: 'Luis Pérez', text_reminder_number: '+56 9 3333 4444' }],
    });
    const old = inviteeUris[0] as string;
    const moved = fake.reschedule(old, {
      start_time: '2026-03-11T14:00:00Z',
      end_time: '2026-03-11T14:30:00Z',
    });
    const canceled = readCalendlyDelivery(moved.canceled);
    expect(canceled).toMatchObject({
      event: 'invitee.canceled',
      rescheduled: true,
      newInvitee: moved.newInviteeUri,
    });
    expect(canceled?.invitee).toMatchObject({ uri: old, isCanceled: true });
    const created = readCalendlyDelivery(moved.created);
    expect(created).toMatchObject({ event: 'invitee.created', rescheduled: false, oldInvitee: old });
    expect(created?.invitee).toMatchObject({
      uri: moved.newInviteeUri,
      phone: '+56 9 3333 4444',
      start: new Date('2026-03-11T14:00:00Z'),
    });
  });

  it('reads nothing from another event or a body not in Calendly shape', () => {
    expect(readCalendlyDelivery({ event: 'routing_form_submission.created', payload: {} })).toBeUndefined();
    expect(readCalendlyDelivery({ event: 'invitee.created', payload: { uri: 'x' } })).toBeUndefined();
    expect(readCalendlyDelivery('invitee.created')).toBeUndefined();
    expect(readCalendlyDelivery(undefined)).toBeUndefined();
  });
});
