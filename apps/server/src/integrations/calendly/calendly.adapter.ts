import { addDays, type CalendlyConfig, zonedInstant } from '@conversa/domain';
import { z } from 'zod';
import {
  type PulledAppointment,
  type SchedulingAdapter,
  SchedulingCallError,
  type SchedulingOptions,
} from '../scheduling-adapter';
import { createSchedulingHttp, followPages, readAnswer, type SchedulingHttp } from '../scheduling-http';
import {
  type CalendlyEvent,
  calendlyAppointment,
  calendlyInvitee,
  eventSchema,
  inviteeSchema,
  uuidOf,
} from './calendly-invitee';
import { type CalendlyUser, subscribeToInvitees } from './calendly-subscription';

const PROVIDER = 'Calendly';
/** Sent to the invitee with Calendly's cancellation e-mail. */
const CANCELLATION_REASON = 'Anulada por el paciente por WhatsApp';

const userSchema = z.object({
  resource: z.looseObject({
    uri: z.string().min(1),
    name: z.string().default(''),
    current_organization: z.string().min(1),
  }),
});

/** Calendly's lists: `{ collection, pagination: { next_page } }`, `next_page` a full URL or null. */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    collection: z.array(item),
    pagination: z.looseObject({ next_page: z.string().nullish() }).nullish(),
  });

/**
 * Calendly API v2 (API.md part 3 §1.2, §5): a personal access token as Bearer; the check subscribes the
 * user's invitee webhooks with a signing key of ours; a pull reads the user's active events and each
 * one's active invitees, one appointment per invitee. A confirmation writes nothing to Calendly (it has no
 * such state); a cancellation cancels the event.
 */
export const createCalendlyAdapter = (options: SchedulingOptions): SchedulingAdapter<CalendlyConfig> => {
  const base = createSchedulingHttp({
    provider: PROVIDER,
    baseUrl: options.calendlyApiUrl,
    timeoutMs: options.timeoutMs,
  });
  const publicUrl = options.publicUrl.replace(/\/+$/, '');

  const httpOf = (config: CalendlyConfig): SchedulingHttp => {
    const headers = { authorization: `Bearer ${config.api_token}` };
    return (target, request = {}) =>
      base(target, { ...request, headers: { ...request.headers, ...headers } });
  };

  const currentUser = async (http: SchedulingHttp): Promise<CalendlyUser> => {
    const { resource } = readAnswer(userSchema, (await http('/users/me')).json, PROVIDER, 'current user');
    return { uri: resource.uri, name: resource.name, organization: resource.current_organization };
  };

  const list = <T extends z.ZodType>(http: SchedulingHttp, first: string, item: T, what: string) =>
    followPages(first, async (target) => {
      const page = readAnswer(pageOf(item), (await http(target)).json, PROVIDER, what);
      return { items: page.collection, next: page.pagination?.next_page };
    });

  const inviteesOf = (http: SchedulingHttp, event: CalendlyEvent) =>
    list(
      http,
      `/scheduled_events/${encodeURIComponent(uuidOf(event.uri))}/invitees?status=active`,
      inviteeSchema,
      'invitee list',
    );

  return {
    async check(config, context) {
      const http = httpOf(config);
      const user = await currentUser(http);
      const callbackUrl = `${publicUrl}/webhooks/integrations/calendly/${encodeURIComponent(context.integrationId)}`;
      return { ...config, signing_key: await subscribeToInvitees(http, user, callbackUrl) };
    },

    async catalog(config) {
      const user = await currentUser(httpOf(config));
      return { states: [], professionals: [{ id: user.uri, name: user.name }], branches: [] };
    },

    async pull(config, range, context) {
      const http = httpOf(config);
      const user = await currentUser(http);
      const query = new URLSearchParams({
        user: user.uri,
        min_start_time: zonedInstant(range.from, '00:00', context.timeZone).toISOString(),
        max_start_time: zonedInstant(addDays(range.to, 1), '00:00', context.timeZone).toISOString(),
        status: 'active',
        count: '100',
      });
      const events = await list(http, `/scheduled_events?${query.toString()}`, eventSchema, 'event list');
      const appointments: PulledAppointment[] = [];
      for (const event of events) {
        for (const invitee of await inviteesOf(http, event)) {
          appointments.push(calendlyAppointment(calendlyInvitee(invitee, event)));
        }
      }
      return appointments;
    },

    async writeBack(config, target, answer) {
      if (answer === 'confirm') return false;
      const uuid = uuidOf(target.agendaId);
      if (!uuid) throw new SchedulingCallError('the appointment has no Calendly event to cancel', false);
      await httpOf(config)(`/scheduled_events/${encodeURIComponent(uuid)}/cancellation`, {
        method: 'POST',
        json: { reason: CANCELLATION_REASON },
      });
      return true;
    },
  };
};
