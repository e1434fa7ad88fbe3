import { randomUUID } from 'node:crypto';
import {
  eventResources,
  type FakeCalendlyEvent,
  type FakeCalendlyEventInput,
  type FakeCalendlyInvitee,
  type FakeCalendlyQuestion,
  inviteeDelivery,
} from './fake-calendly-records';
import { type FakeAnswer, type FakeServer, type ReceivedRequest, startFakeServer } from './fake-server';

export {
  type FakeCalendlyEventInput,
  type FakeCalendlyInviteeInput,
  signedDelivery,
} from './fake-calendly-records';

export type FakeCalendlySubscription = {
  uri: string;
  callback_url: string;
  events: string[];
  scope: string;
  organization: string;
  user: string;
  /** Calendly never answers it; the fake keeps it so tests can sign deliveries with it. */
  signing_key: string;
};

export type FakeCalendlyOptions = {
  token: string;
  userName?: string;
  events?: FakeCalendlyEventInput[];
  /** Items per page of every list; small, so a client that ignores `next_page` misses some. */
  pageSize?: number;
};

type Delivery = Record<string, unknown>;

export type FakeCalendly = FakeServer & {
  /** The base URL (CALENDLY_API_URL). */
  apiUrl: string;
  user: { uri: string; name: string; organization: string };
  /** Adds an event with its invitees; answers their URIs. */
  addEvent: (input: FakeCalendlyEventInput) => { eventUri: string; inviteeUris: string[] };
  event: (uri: string) => FakeCalendlyEvent | undefined;
  invitee: (uri: string) => FakeCalendlyInvitee | undefined;
  /** The webhook subscriptions that exist now. */
  subscriptions: () => FakeCalendlySubscription[];
  /** A subscription made elsewhere (another install, an earlier check) whose key nobody knows. */
  addSubscription: (callbackUrl: string) => void;
  /** The cancellations received, in order. */
  cancellations: () => { eventUri: string; reason: string }[];
  /** The body Calendly would post for an invitee now. */
  delivery: (kind: 'invitee.created' | 'invitee.canceled', inviteeUri: string) => Delivery;
  /**
   * The invitee moves to a new event (`start`..`end`), as when they reschedule: the old invitee is canceled
   * with `rescheduled: true`. Answers both deliveries Calendly sends for it.
   */
  reschedule: (
    inviteeUri: string,
    time: { start_time: string; end_time: string },
  ) => { newInviteeUri: string; canceled: Delivery; created: Delivery };
};

const problem = (status: number, title: string, message: string): FakeAnswer => ({
  status,
  json: { title, message },
});
const notFound = () =>
  problem(404, 'Resource Not Found', 'The server could not find the requested resource.');

/**
 * Calendly API v2 as the integration uses it: `Authorization: Bearer <token>` (401 Unauthenticated
 * otherwise); `GET /users/me`; `POST /webhook_subscriptions` (409 Already Exists for a URL already
 * subscribed), `GET /webhook_subscriptions?organization&scope&user`, `DELETE /webhook_subscriptions/{uuid}`
 * (204); `GET /scheduled_events?user&min_start_time&max_start_time&status&count` and `GET
 * /scheduled_events/{uuid}/invitees?status`, paged `{ collection, pagination: { next_page } }` with full
 * URLs; `POST /scheduled_events/{uuid}/cancellation { reason }`.
 */
export const startFakeCalendly = async (options: FakeCalendlyOptions): Promise<FakeCalendly> => {
  const pageSize = options.pageSize ?? 2;
  const events = new Map<string, FakeCalendlyEvent>();
  const invitees = new Map<string, FakeCalendlyInvitee>();
  const subscriptions = new Map<string, FakeCalendlySubscription>();
  const cancellations: { eventUri: string; reason: string }[] = [];
  let baseUrl = '';
  const user = { uri: '', name: options.userName ?? 'Dra. Paula Díaz', organization: '' };

  const page = (request: ReceivedRequest, items: unknown[]): FakeAnswer => {
    const size = Math.min(Number(request.query.get('count') ?? '20') || 20, 100, pageSize);
    const start = Number(request.query.get('page_token') ?? '0');
    const nextStart = start + size < items.length ? start + size : undefined;
    const query = new URLSearchParams(request.query);
    if (nextStart !== undefined) query.set('page_token', String(nextStart));
    return {
      json: {
        collection: items.slice(start, start + size),
        pagination: {
          count: Math.min(size, Math.max(0, items.length - start)),
          next_page: nextStart === undefined ? null : `${baseUrl}${request.path}?${query.toString()}`,
          previous_page: null,
          next_page_token: nextStart === undefined ? null : String(nextStart),
          previous_page_token: null,
        },
      },
    };
  };

  const scheduledEvents = (request: ReceivedRequest): FakeAnswer => {
    const query = request.query;
    if (query.get('user') !== user.uri)
      return problem(403, 'Permission Denied', 'You do not have permission');
    const min = query.get('min_start_time');
    const max = query.get('max_start_time');
    const rows = [...events.values()]
      .filter((event) => !min || Date.parse(event.start_time) >= Date.parse(min))
      .filter((event) => !max || Date.parse(event.start_time) < Date.parse(max))
      .filter((event) => !query.get('status') || event.status === query.get('status'))
      .sort((a, b) => a.start_time.localeCompare(b.start_time));
    return page(request, rows);
  };

  const subscribe = (body: Record<string, unknown>): FakeAnswer => {
    const url = typeof body.url === 'string' ? body.url : '';
    if (!/^https?:\/\//.test(url) || !Array.isArray(body.events) || body.events.length === 0) {
      return problem(400, 'Invalid Argument', 'The supplied parameters are invalid.');
    }
    if (body.organization !== user.organization || body.scope !== 'user' || body.user !== user.uri) {
      return problem(403, 'Permission Denied', 'You do not have permission to access this resource.');
    }
    if ([...subscriptions.values()].some((subscription) => subscription.callback_url === url)) {
      return problem(409, 'Already Exists', 'Hook with this url already exists');
    }
    const subscription = {
      uri: `${baseUrl}/webhook_subscriptions/${randomUUID()}`,
      callback_url: url,
      events: body.events as string[],
      scope: 'user',
      organization: user.organization,
      user: user.uri,
      signing_key: typeof body.signing_key === 'string' ? body.signing_key : '',
    };
    subscriptions.set(subscription.uri, subscription);
    const { signing_key: _key, ...resource } = subscription;
    return { status: 201, json: { resource: { ...resource, state: 'active', creator: user.uri } } };
  };

  const cancel = (eventUri: string, reason: unknown): FakeAnswer => {
    const event = events.get(eventUri);
    if (!event) return notFound();
    if (event.status === 'canceled') return problem(403, 'Permission Denied', 'Event is already canceled');
    event.status = 'canceled';
    for (const invitee of invitees.values()) if (invitee.event === eventUri) invitee.status = 'canceled';
    cancellations.push({ eventUri, reason: typeof reason === 'string' ? reason : '' });
    const resource = {
      canceled_by: user.name,
      reason,
      canceler_type: 'host',
      created_at: new Date().toISOString(),
    };
    return { status: 201, json: { resource } };
  };

  const server = await startFakeServer((request) => {
    if (request.headers.authorization !== `Bearer ${options.token}`) {
      return problem(401, 'Unauthenticated', 'The access token is invalid');
    }
    const { method, path } = request;
    if (method === 'GET' && path === '/users/me') {
      return {
        json: {
          resource: {
            uri: user.uri,
            name: user.name,
            slug: 'paula',
            current_organization: user.organization,
            timezone: 'America/Santiago',
          },
        },
      };
    }
    if (path === '/webhook_subscriptions' && method === 'POST') return subscribe(request.json);
    if (path === '/webhook_subscriptions' && method === 'GET') {
      if (request.query.get('organization') !== user.organization || !request.query.get('scope')) {
        return problem(400, 'Invalid Argument', 'The supplied parameters are invalid.');
      }
      const mine = [...subscriptions.values()].filter(
        (subscription) =>
          request.query.get('scope') !== 'user' || subscription.user === request.query.get('user'),
      );
      return page(
        request,
        mine.map(({ signing_key: _key, ...resource }) => ({ ...resource, state: 'active' })),
      );
    }
    const subscription = /^\/webhook_subscriptions\/([\w-]+)$/.exec(path);
    if (subscription && method === 'DELETE') {
      const uri = `${baseUrl}${path}`;
      if (!subscriptions.delete(uri)) return notFound();
      return { status: 204, body: Buffer.alloc(0) };
    }
    if (method === 'GET' && path === '/scheduled_events') return scheduledEvents(request);
    const eventPath = /^\/scheduled_events\/([\w-]+)\/(invitees|cancellation)$/.exec(path);
    if (!eventPath) return notFound();
    const eventUri = `${baseUrl}/scheduled_events/${eventPath[1]}`;
    if (eventPath[2] === 'cancellation')
      return method === 'POST' ? cancel(eventUri, request.json.reason) : notFound();
    if (!events.has(eventUri) || method !== 'GET') return notFound();
    const status = request.query.get('status');
    return page(
      request,
      [...invitees.values()].filter((row) => row.event === eventUri && (!status || row.status === status)),
    );
  });
  baseUrl = server.url;
  user.uri = `${baseUrl}/users/${randomUUID()}`;
  user.organization = `${baseUrl}/organizations/${randomUUID()}`;
  const host = { user: user.uri, user_name: user.name };

  const addEvent = (input: FakeCalendlyEventInput) => {
    const made = eventResources(baseUrl, input, host);
    events.set(made.event.uri, made.event);
    for (const invitee of made.invitees) invitees.set(invitee.uri, invitee);
    return { eventUri: made.event.uri, inviteeUris: made.invitees.map((invitee) => invitee.uri) };
  };
  for (const input of options.events ?? []) addEvent(input);

  const delivery = (kind: 'invitee.created' | 'invitee.canceled', inviteeUri: string) => {
    const invitee = invitees.get(inviteeUri);
    const event = invitee && events.get(invitee.event);
    if (!invitee || !event) throw new Error(`the fake Calendly has no invitee ${inviteeUri}`);
    return inviteeDelivery(kind, invitee, event, user.uri);
  };

  return {
    ...server,
    apiUrl: baseUrl,
    user,
    addEvent,
    event: (uri) => events.get(uri),
    invitee: (uri) => invitees.get(uri),
    subscriptions: () => [...subscriptions.values()],
    addSubscription: (callbackUrl) => {
      const uri = `${baseUrl}/webhook_subscriptions/${randomUUID()}`;
      subscriptions.set(uri, {
        uri,
        callback_url: callbackUrl,
        events: ['invitee.created', 'invitee.canceled'],
        scope: 'user',
        organization: user.organization,
        user: user.uri,
        signing_key: 'a key nobody can read back',
      });
    },
    cancellations: () => [...cancellations],
    delivery,
    reschedule: (inviteeUri, time) => {
      const old = invitees.get(inviteeUri);
      const oldEvent = old && events.get(old.event);
      if (!old || !oldEvent) throw new Error(`the fake Calendly has no invitee ${inviteeUri}`);
      const { inviteeUris } = addEvent({
        name: String(oldEvent.name),
        ...time,
        invitees: [
          {
            name: String(old.name),
            email: String(old.email),
            text_reminder_number: old.text_reminder_number as string | null,
            questions_and_answers: old.questions_and_answers as FakeCalendlyQuestion[],
          },
        ],
      });
      const newInviteeUri = inviteeUris[0] as string;
      Object.assign(old, { status: 'canceled', rescheduled: true, new_invitee: newInviteeUri });
      oldEvent.status = 'canceled';
      Object.assign(invitees.get(newInviteeUri) ?? {}, { old_invitee: inviteeUri });
      return {
        newInviteeUri,
        canceled: delivery('invitee.canceled', inviteeUri),
        created: delivery('invitee.created', newInviteeUri),
      };
    },
  };
};
