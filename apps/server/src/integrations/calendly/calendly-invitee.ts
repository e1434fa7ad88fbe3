import { z } from 'zod';
import type { PulledAppointment } from '../scheduling-adapter';
import { optionalText } from '../scheduling-http';

/** A scheduled event as Calendly answers it (the list, and `payload.scheduled_event` of a webhook). */
export const eventSchema = z.looseObject({
  uri: z.string().min(1),
  name: optionalText(),
  start_time: z.iso.datetime({ offset: true }),
  end_time: z.iso.datetime({ offset: true }),
  event_memberships: z
    .array(z.looseObject({ user: optionalText(), user_name: optionalText() }))
    .nullish()
    .transform((memberships) => memberships ?? []),
});
export type CalendlyEvent = z.output<typeof eventSchema>;

/** An invitee as Calendly answers it (the list, and the `payload` of a webhook). */
export const inviteeSchema = z.looseObject({
  uri: z.string().min(1),
  name: optionalText(),
  status: optionalText(),
  text_reminder_number: optionalText(),
  questions_and_answers: z
    .array(z.looseObject({ question: optionalText(), answer: optionalText() }))
    .nullish()
    .transform((answers) => answers ?? []),
});
export type CalendlyInviteeResource = z.output<typeof inviteeSchema>;

/** One invitee of one event: what an appointment is made of. */
export type CalendlyInvitee = {
  uri: string;
  name: string;
  phone: string;
  start: Date;
  end: Date;
  eventUri: string;
  /** The host's user URI: the appointment's specialist. */
  hostUri: string;
  hostName: string;
  eventName: string;
  isCanceled: boolean;
};

/** A booking question about the phone, in the clinic's Spanish or in English, read without accents. */
const PHONE_QUESTION = /telefono|phone|celular|whatsapp/i;
const asksForPhone = (question: string) =>
  PHONE_QUESTION.test(question.normalize('NFD').replace(/\p{M}/gu, ''));

/** The SMS reminder number, else the answer to a booking question that asks for the phone. */
const phoneOfInvitee = (invitee: CalendlyInviteeResource): string =>
  invitee.text_reminder_number ||
  (invitee.questions_and_answers.find((entry) => asksForPhone(entry.question) && entry.answer)?.answer ?? '');

export const calendlyInvitee = (invitee: CalendlyInviteeResource, event: CalendlyEvent): CalendlyInvitee => {
  const host = event.event_memberships[0];
  return {
    uri: invitee.uri,
    name: invitee.name,
    phone: phoneOfInvitee(invitee),
    start: new Date(event.start_time),
    end: new Date(event.end_time),
    eventUri: event.uri,
    hostUri: host?.user ?? '',
    hostName: host?.user_name ?? '',
    eventName: event.name,
    isCanceled: invitee.status === 'canceled',
  };
};

/** An invitee as the agenda keeps it (API.md part 3 §2.1): the invitee's and the event's URIs as ids. */
export const calendlyAppointment = (invitee: CalendlyInvitee): PulledAppointment => ({
  externalId: invitee.uri,
  agendaId: invitee.eventUri,
  accountId: '',
  treatmentId: '',
  patientName: invitee.name,
  phone: invitee.phone,
  meetDate: invitee.start,
  duration: Math.max(0, Math.round((invitee.end.getTime() - invitee.start.getTime()) / 60_000)),
  specialist: invitee.hostUri,
  specialistName: invitee.hostName,
  branch: '',
  branchName: '',
  specialty: invitee.eventName,
  status: invitee.isCanceled ? 'cancelled' : 'scheduled',
});

/** The last segment of a Calendly URI (`…/scheduled_events/{uuid}`), which its sub-resources are under. */
export const uuidOf = (uri: string): string => {
  const path = URL.canParse(uri) ? new URL(uri).pathname : uri;
  return path.split('/').filter(Boolean).at(-1) ?? '';
};
