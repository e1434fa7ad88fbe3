import { z } from 'zod';
import { DEFAULTS } from './constants';
import { dateFormat } from './date-format';
import { isTimeZone } from './input-limits';
import { requiredText } from './validation';

/**
 * Scheduling (API.md part 3, "Scheduling and confirmations, in full"): the clinic's own appointment
 * system (Dentalink, Medilink, Dentalsoft, Calendly) or the product's Standard agenda, its appointments
 * kept in the agenda, and the rules both the server and the screens read.
 */
export const SCHEDULING_INTEGRATION_TYPES = [
  'dentalink',
  'medilink',
  'dentalsoft',
  'calendly',
  'standard',
] as const;
export type SchedulingIntegrationType = (typeof SCHEDULING_INTEGRATION_TYPES)[number];
export const isSchedulingIntegrationType = (type: string): type is SchedulingIntegrationType =>
  (SCHEDULING_INTEGRATION_TYPES as readonly string[]).includes(type);

/** The appointment's state, as the clinic's system or an answer leaves it (API.md part 3 §2.1). */
export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'cancelled', 'attended', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** A sync or a pull reads at most this many days at once. */
export const MAX_SYNC_DAYS = 31;
/** What a sync without a range reads: today and the next seven days. */
export const DEFAULT_SYNC_DAYS = 7;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export const isCalendarDay = (value: string): boolean => {
  if (!DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
export const calendarDay = () =>
  z.string({ error: 'validation.required' }).refine(isCalendarDay, { error: 'validation.date' });
export const clockTime = () =>
  z.string({ error: 'validation.required' }).regex(TIME_PATTERN, { error: 'validation.time' });

/** The day `days` after `day` (both YYYY-MM-DD). */
export const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const zoneOf = (timeZone: string) => (isTimeZone(timeZone) ? timeZone : DEFAULTS.timezone);

/** The wall-clock parts of an instant in a time zone. */
const wallClock = (at: Date, timeZone: string) => {
  const parts: Record<string, string> = Object.fromEntries(
    dateFormat('en-GB', {
      timeZone: zoneOf(timeZone),
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    ms: Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  };
};

/**
 * The instant a clinic's local day and time name (`2026-03-10`, `09:30`) in its time zone: what a
 * provider's `fecha` + `hora_inicio` mean. Two passes settle the zone's offset, a daylight-saving change
 * included (a time the clock skips lands an hour later, as the clock does).
 */
export const zonedInstant = (day: string, time: string, timeZone: string): Date => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const asUtc = Date.parse(`${day}T00:00:00Z`) + (hours * 60 + minutes) * 60_000;
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const offset = wallClock(new Date(guess), timeZone).ms - guess;
    guess = asUtc - offset;
  }
  return new Date(guess);
};

/** The local day and `HH:mm` of an instant in a time zone. */
export const localDayAndTime = (at: Date, timeZone: string): { day: string; time: string } => {
  const { day, time } = wallClock(at, timeZone);
  return { day, time };
};

/**
 * An instant as a spreadsheet shows a wall clock: a Date whose UTC fields are the time in the zone, so a
 * file's reader sees the company's own hour whatever the reader's zone (an export's date and time cells).
 */
export const wallClockDate = (at: Date, timeZone: string): Date => new Date(wallClock(at, timeZone).ms);

/** A provider's appointment date, `DD/MM/AAAA` from some accounts and `AAAA-MM-DD` from others, as YYYY-MM-DD. */
export const readProviderDay = (value: string): string | undefined => {
  const trimmed = value.trim().slice(0, 10);
  const slashed = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed);
  const day = slashed ? `${slashed[3]}-${slashed[2]}-${slashed[1]}` : trimmed;
  return isCalendarDay(day) ? day : undefined;
};

/** A provider's `HH:MM` or `HH:MM:SS` as `HH:MM`. */
export const readProviderTime = (value: string): string | undefined => {
  const match = /^(\d{1,2}):(\d{2})(:\d{2})?$/.exec(value.trim());
  if (!match) return undefined;
  const time = `${match[1]?.padStart(2, '0')}:${match[2]}`;
  return TIME_PATTERN.test(time) ? time : undefined;
};

/** Phones compare as digits only (`+`, spaces, dashes and parentheses removed). */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

const stateId = () => z.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(0);
const providerIds = () =>
  z.array(z.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(0)).max(200);

/**
 * The daily run (API.md part 3 §3.2.9): each day at `time` the run for today + `days_before` is made and
 * started from `device_id`, answers taken until `reply_until` on the day before the appointments.
 */
export const autoConfirmationSchema = z.strictObject({
  enabled: z.boolean().default(false),
  time: clockTime().default('10:00'),
  days_before: z
    .number()
    .int()
    .min(1, { error: 'validation.range' })
    .max(7, { error: 'validation.range' })
    .default(1),
  device_id: z.string().trim().max(64).default(''),
  message: z.string().max(1024).default(''),
  template_id: z.string().trim().max(64).default(''),
  parameters: z.array(z.string().max(1024)).max(20).default([]),
  reply_until: clockTime().default('22:00'),
});
export type AutoConfirmation = z.output<typeof autoConfirmationSchema>;

const autoConfirmation = { auto_confirmation: autoConfirmationSchema.optional() };

/** Dentalink: the account's token and its own state ids for a confirmed and a cancelled appointment. */
export const dentalinkConfigSchema = z.strictObject({
  api_token: requiredText().max(500),
  confirmed_state_id: stateId(),
  cancelled_state_id: stateId(),
  /** [] reads every branch. */
  branch_ids: providerIds().default([]),
  ...autoConfirmation,
});
export type DentalinkConfig = z.output<typeof dentalinkConfigSchema>;

export const MEDILINK_API_VERSIONS = ['v1', 'v5'] as const;
export const medilinkConfigSchema = dentalinkConfigSchema.extend({
  api_version: z.enum(MEDILINK_API_VERSIONS, { error: 'validation.badValue' }).default('v1'),
});
export type MedilinkConfig = z.output<typeof medilinkConfigSchema>;

export const dentalsoftConfigSchema = z.strictObject({
  client_id: requiredText().max(200),
  client_secret: requiredText().max(500),
  clinic_id: z.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(0),
  branch_ids: providerIds().min(1, { error: 'validation.required' }),
  ...autoConfirmation,
});
export type DentalsoftConfig = z.output<typeof dentalsoftConfigSchema>;

/** Calendly: a personal access token; the server adds the webhook subscription's `signing_key`. */
export const calendlyConfigSchema = z.strictObject({
  api_token: requiredText().max(2000),
  signing_key: z.string().max(200).optional(),
  ...autoConfirmation,
});
export type CalendlyConfig = z.output<typeof calendlyConfigSchema>;

const entryId = () => requiredText().max(64);
export const standardProfessionalSchema = z.strictObject({
  id: entryId(),
  name: requiredText().max(120),
  specialty: z.string().trim().max(120).optional(),
});
export const standardBranchSchema = z.strictObject({ id: entryId(), name: requiredText().max(120) });

const uniqueIds = (entries: { id: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (seen.has(entry.id))
      ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'validation.duplicate' });
    seen.add(entry.id);
  });
};

/** The product's own agenda: its professionals, branches and the length of a slot. */
export const standardConfigSchema = z.strictObject({
  professionals: z
    .array(standardProfessionalSchema)
    .min(1, { error: 'validation.required' })
    .max(200)
    .superRefine(uniqueIds),
  branches: z
    .array(standardBranchSchema)
    .min(1, { error: 'validation.required' })
    .max(50)
    .superRefine(uniqueIds),
  slot_minutes: z
    .number()
    .int()
    .min(5, { error: 'validation.range' })
    .max(240, { error: 'validation.range' })
    .default(30),
  ...autoConfirmation,
});
export type StandardConfig = z.output<typeof standardConfigSchema>;

export const SCHEDULING_CONFIG_SCHEMAS = {
  dentalink: dentalinkConfigSchema,
  medilink: medilinkConfigSchema,
  dentalsoft: dentalsoftConfigSchema,
  calendly: calendlyConfigSchema,
  standard: standardConfigSchema,
} as const;

/** The config keys each scheduling type stores encrypted and answers masked. */
export const SCHEDULING_SECRET_KEYS: Record<SchedulingIntegrationType, readonly string[]> = {
  dentalink: ['api_token'],
  medilink: ['api_token'],
  dentalsoft: ['client_secret'],
  calendly: ['api_token', 'signing_key'],
  standard: [],
};

/** `integration/sync`'s optional range, days in the company's time zone. */
export const integrationSyncSchema = z
  .strictObject({ from: calendarDay().optional(), to: calendarDay().optional() })
  .superRefine((range, ctx) => {
    if (!range.from || !range.to) return;
    if (range.to < range.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range' });
    else if (daysBetween(range.from, range.to) > MAX_SYNC_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range' });
  });

/** What a provider offers (`integration/catalog`): ids are the provider's, as strings. */
export type SchedulingCatalog = {
  states: { id: string; name: string; cancellation: boolean }[];
  professionals: { id: string; name: string }[];
  branches: { id: string; name: string }[];
};

/** An appointment (API.md part 3 §2.1); `meet_date` is an ISO instant in UTC. */
export type Appointment = {
  id: string;
  integration_id: string;
  type: SchedulingIntegrationType;
  externalId: string;
  agendaId: string;
  accountId: string;
  treatmentId: string;
  contact_id: string | null;
  patient_name: string;
  phone: string;
  meet_date: string;
  duration: number;
  specialist: string;
  specialist_name: string;
  branch: string;
  branch_name: string;
  specialty: string;
  status: AppointmentStatus;
  create_date: string;
  update_date: string;
};

const instant = () =>
  z.iso
    .datetime({ offset: true, error: 'validation.date' })
    .transform((value) => new Date(value).toISOString());

/** A booking on the Standard agenda: an existing contact, or a phone and name to find or create one. */
export const agendaCreateSchema = z
  .strictObject({
    integration_id: requiredText().max(64),
    contact_id: z.string().trim().max(64).optional(),
    phone: z.string().trim().max(32).optional(),
    name: z.string().trim().max(200).optional(),
    meet_date: instant(),
    duration: z
      .number()
      .int()
      .min(5, { error: 'validation.range' })
      .max(1440, { error: 'validation.range' })
      .optional(),
    specialist: requiredText().max(64),
    branch: requiredText().max(64),
    specialty: z.string().trim().max(120).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.contact_id) return;
    if (!input.phone || phoneDigits(input.phone).length < 8)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.phone' });
    if (!input.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.required' });
  });
export type AgendaCreateInput = z.input<typeof agendaCreateSchema>;

export const agendaUpdateSchema = z.strictObject({
  meet_date: instant().optional(),
  duration: z
    .number()
    .int()
    .min(5, { error: 'validation.range' })
    .max(1440, { error: 'validation.range' })
    .optional(),
  specialist: requiredText().max(64).optional(),
  branch: requiredText().max(64).optional(),
  status: z.enum(APPOINTMENT_STATUSES, { error: 'validation.badValue' }).optional(),
});
export type AgendaUpdateInput = z.input<typeof agendaUpdateSchema>;
