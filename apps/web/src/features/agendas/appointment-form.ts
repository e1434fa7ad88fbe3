import {
  type AgendaCreateInput,
  agendaCreateSchema,
  isCalendarDay,
  type StandardConfig,
  zonedInstant,
} from '@conversa/domain';
import { clockOf } from './agenda-range';

/** A contact found by the picker; its phone tells two namesakes apart in the list. */
export type ContactOption = { id: string; name: string; phone?: string };

/** What the new appointment's form holds: numbers as typed, the day and time on the company's clock. */
export type AppointmentForm = {
  contactMode: 'existing' | 'new';
  contact: ContactOption | null;
  phone: string;
  name: string;
  day: string;
  time: string;
  duration: string;
  specialist: string;
  branch: string;
  specialty: string;
};

export const emptyAppointmentForm = (
  config: StandardConfig,
  at: { day: string; minutes: number },
): AppointmentForm => {
  const professional = config.professionals.length === 1 ? config.professionals[0] : undefined;
  return {
    contactMode: 'existing',
    contact: null,
    phone: '',
    name: '',
    day: at.day,
    time: clockOf(at.minutes),
    duration: String(config.slot_minutes),
    specialist: professional?.id ?? '',
    branch: config.branches.length === 1 ? (config.branches[0]?.id ?? '') : '',
    specialty: professional?.specialty ?? '',
  };
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The booking as the server takes it; a day or time that is not one goes empty, so the rule names it. */
export const appointmentInputOf = (
  form: AppointmentForm,
  integrationId: string,
  timeZone: string,
): AgendaCreateInput => ({
  integration_id: integrationId,
  ...(form.contactMode === 'existing'
    ? { contact_id: form.contact?.id ?? '' }
    : { phone: form.phone.trim(), name: form.name.trim() }),
  meet_date:
    isCalendarDay(form.day) && TIME.test(form.time)
      ? zonedInstant(form.day, form.time, timeZone).toISOString()
      : '',
  duration: /^\s*\d+\s*$/.test(form.duration) ? Number(form.duration) : Number.NaN,
  specialist: form.specialist,
  branch: form.branch,
  ...(form.specialty.trim() ? { specialty: form.specialty.trim() } : {}),
});

/** Where an error shows: `meet_date` on the day and time, a missing contact on the picker. */
export const fieldOf = (path: string): string => {
  if (path === 'meet_date') return 'day';
  if (path === 'contact_id') return 'contact';
  return path;
};

/** The domain's rule over the form, each field's first message key. */
export const validateAppointment = (
  form: AppointmentForm,
  integrationId: string,
  timeZone: string,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (form.contactMode === 'existing' && !form.contact) errors.contact = 'validation.required';
  const result = agendaCreateSchema.safeParse(appointmentInputOf(form, integrationId, timeZone));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    errors[fieldOf(String(issue.path[0] ?? ''))] ??= issue.message.startsWith('validation.')
      ? issue.message
      : 'validation.invalid';
  }
  return errors;
};
