import { createHmac, randomUUID } from 'node:crypto';

export type FakeCalendlyQuestion = { question: string; answer: string; position?: number };

export type FakeCalendlyInviteeInput = {
  name: string;
  email?: string;
  text_reminder_number?: string | null;
  questions_and_answers?: FakeCalendlyQuestion[];
  status?: 'active' | 'canceled';
};

export type FakeCalendlyEventInput = {
  name: string;
  start_time: string;
  end_time: string;
  status?: 'active' | 'canceled';
  /** Defaults to the fake's user. */
  host?: { user: string; user_name: string };
  invitees: FakeCalendlyInviteeInput[];
};

/** Calendly's resources as stored and answered, with snake_case fields as the API has them. */
export type FakeCalendlyEvent = Record<string, unknown> & {
  uri: string;
  status: string;
  start_time: string;
  event_memberships: { user: string; user_email: string; user_name: string }[];
};
export type FakeCalendlyInvitee = Record<string, unknown> & { uri: string; event: string; status: string };

/** An event and its invitees as Calendly would answer them, under `baseUrl`. */
export const eventResources = (
  baseUrl: string,
  input: FakeCalendlyEventInput,
  defaultHost: { user: string; user_name: string },
): { event: FakeCalendlyEvent; invitees: FakeCalendlyInvitee[] } => {
  const eventUri = `${baseUrl}/scheduled_events/${randomUUID()}`;
  const at = new Date().toISOString();
  const host = input.host ?? defaultHost;
  const invitees = input.invitees.map((invitee) => {
    const uuid = randomUUID();
    return {
      uri: `${eventUri}/invitees/${uuid}`,
      name: invitee.name,
      email: invitee.email ?? `${uuid.slice(0, 8)}@example.com`,
      first_name: null,
      last_name: null,
      status: invitee.status ?? 'active',
      timezone: 'America/Santiago',
      event: eventUri,
      text_reminder_number: invitee.text_reminder_number ?? null,
      questions_and_answers: (invitee.questions_and_answers ?? []).map((entry, index) => ({
        position: index,
        ...entry,
      })),
      rescheduled: false,
      old_invitee: null,
      new_invitee: null,
      cancel_url: `https://calendly.com/cancellations/${uuid}`,
      reschedule_url: `https://calendly.com/reschedulings/${uuid}`,
      created_at: at,
      updated_at: at,
    };
  });
  const active = invitees.filter((invitee) => invitee.status === 'active').length;
  const event = {
    uri: eventUri,
    name: input.name,
    status: input.status ?? 'active',
    start_time: new Date(input.start_time).toISOString(),
    end_time: new Date(input.end_time).toISOString(),
    event_type: `${baseUrl}/event_types/${randomUUID()}`,
    location: null,
    invitees_counter: { total: invitees.length, active, limit: 1 },
    event_memberships: [{ user: host.user, user_email: 'host@example.com', user_name: host.user_name }],
    event_guests: [],
    created_at: at,
    updated_at: at,
  };
  return { event, invitees };
};

/** A webhook body as Calendly posts it: `{ event, created_at, created_by, payload: invitee + scheduled_event }`. */
export const inviteeDelivery = (
  kind: 'invitee.created' | 'invitee.canceled',
  invitee: FakeCalendlyInvitee,
  event: FakeCalendlyEvent,
  createdBy: string,
): Record<string, unknown> => ({
  event: kind,
  created_at: new Date().toISOString(),
  created_by: createdBy,
  payload: { ...invitee, scheduled_event: event },
});

/**
 * A delivery signed as Calendly signs it: `Calendly-Webhook-Signature: t=<seconds>,v1=<hex HMAC-SHA256 of
 * "t.body">` with the subscription's key. `body` is sent as the exact string signed.
 */
export const signedDelivery = (
  signingKey: string,
  body: unknown,
  tSeconds = Math.floor(Date.now() / 1000),
): { headers: Record<string, string>; body: string } => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const v1 = createHmac('sha256', signingKey).update(`${tSeconds}.${raw}`).digest('hex');
  return {
    headers: { 'content-type': 'application/json', 'calendly-webhook-signature': `t=${tSeconds},v1=${v1}` },
    body: raw,
  };
};
