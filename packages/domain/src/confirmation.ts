import { z } from 'zod';
import { calendarDay } from './scheduling';
import { requiredText } from './validation';

/**
 * Confirmation runs (API.md part 3 §3): a day's patients asked over WhatsApp to confirm or cancel, each
 * answer written back to the clinic's system once.
 */
export const CONFIRMATION_RUN_STATUSES = [
  'draft',
  'scheduled',
  'running',
  'completed',
  'cancelled',
  'failed',
] as const;
export type ConfirmationRunStatus = (typeof CONFIRMATION_RUN_STATUSES)[number];

export const CONFIRMATION_ROW_STATES = [
  'pending',
  'sent',
  'confirmed',
  'cancelled',
  'no_reply',
  'failed',
] as const;
export type ConfirmationRowState = (typeof CONFIRMATION_ROW_STATES)[number];

export const WRITEBACK_STATES = ['none', 'pending', 'done', 'failed'] as const;
export type WritebackState = (typeof WRITEBACK_STATES)[number];

/** A patient's answer: the first button (or a yes word) confirms, the second (or a no word) cancels. */
export const CONFIRMATION_ANSWERS = ['confirm', 'cancel'] as const;
export type ConfirmationAnswer = (typeof CONFIRMATION_ANSWERS)[number];

export const CONFIRMATION_MESSAGE_MAX = 1024;

export type ConfirmationTotals = {
  appointments: number;
  sent: number;
  confirmed: number;
  cancelled: number;
  no_reply: number;
  failed: number;
};

export type ConfirmationRun = {
  id: string;
  integration_id: string;
  device_id: string;
  date: string;
  template_id: string | null;
  parameters: string[];
  message: string;
  send_at: string | null;
  reply_deadline: string;
  status: ConfirmationRunStatus;
  error: string;
  totals: ConfirmationTotals;
  started_at: string | null;
  completed_at: string | null;
  create_date: string;
};

/** One appointment asked by a run: the run's table. */
export type ConfirmationRow = {
  id: string;
  agenda_id: string;
  contact_id: string | null;
  phone: string;
  patient_name: string;
  meet_date: string;
  specialist: string;
  specialist_name: string;
  branch: string;
  branch_name: string;
  state: ConfirmationRowState;
  answer: ConfirmationAnswer | '';
  message_id: string | null;
  sent_at: string | null;
  answered_at: string | null;
  writeback: WritebackState;
  error: string;
};

const instant = () =>
  z.iso.datetime({ offset: true, error: 'validation.date' }).transform((value) => new Date(value));

const runFields = {
  message: z.string().max(CONFIRMATION_MESSAGE_MAX, { error: 'validation.tooLong' }).optional(),
  template_id: z.string().trim().max(64).nullish(),
  parameters: z.array(z.string().max(CONFIRMATION_MESSAGE_MAX)).max(20).optional(),
  send_at: instant().nullish(),
  reply_deadline: instant().optional(),
};

export const confirmationCreateSchema = z.strictObject({
  integration_id: requiredText().max(64),
  device_id: requiredText().max(64),
  date: calendarDay(),
  ...runFields,
});
export type ConfirmationCreateInput = z.input<typeof confirmationCreateSchema>;

export const confirmationUpdateSchema = z.strictObject({
  device_id: requiredText().max(64).optional(),
  ...runFields,
});
export type ConfirmationUpdateInput = z.input<typeof confirmationUpdateSchema>;

/** What a confirmation text may name, filled per appointment (besides the diffusions' $fullname, $firstname). */
export type AppointmentContext = {
  patient: string;
  date: string;
  time: string;
  professional: string;
  branch: string;
};

/** `$patient`, `$date` (DD/MM/YYYY), `$time` (HH:mm), `$professional`, `$branch`. */
export const fillAppointmentPlaceholders = (text: string, context: AppointmentContext): string =>
  text
    .replaceAll('$patient', context.patient)
    .replaceAll('$date', context.date)
    .replaceAll('$time', context.time)
    .replaceAll('$professional', context.professional)
    .replaceAll('$branch', context.branch);

const CONFIRM_WORDS = new Set(['si', 'confirmo', 'confirmar', 'confirmado', 'confirmada', 'ok', 'yes']);
const CANCEL_WORDS = new Set(['no', 'cancelar', 'cancelo', 'cancela', 'anular', 'anulo']);

/**
 * What a text answers (API.md part 3 §3.3): its first word, lowercased, accents and `¡!¿?.,;:` removed,
 * is a yes or a no word; anything else is an ordinary message.
 */
export const answerOfText = (text: string): ConfirmationAnswer | undefined => {
  const first = text
    .trim()
    .split(/\s+/)[0]
    ?.toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[¡!¿?.,;:]/g, '');
  if (!first) return undefined;
  if (CONFIRM_WORDS.has(first)) return 'confirm';
  if (CANCEL_WORDS.has(first)) return 'cancel';
  return undefined;
};

/** A request's reply buttons: their ids name the row and the choice, so the id alone is the answer. */
export const confirmationButtonId = (rowId: string, answer: ConfirmationAnswer): string =>
  `cf:${rowId}:${answer}`;
export const readConfirmationButton = (
  payload: string,
): { rowId: string; answer: ConfirmationAnswer } | undefined => {
  const match = /^cf:([0-9a-f-]{36}):(confirm|cancel)$/.exec(payload);
  return match ? { rowId: match[1] as string, answer: match[2] as ConfirmationAnswer } : undefined;
};

/** `dashboard/confirmations`'s body: days of the appointments, inclusive, in the company's time zone. */
export const confirmationDashboardSchema = z
  .strictObject({
    from: calendarDay(),
    to: calendarDay(),
    device_id: z.string().trim().max(64).optional(),
    user_id: z.string().trim().max(64).optional(),
  })
  .superRefine((range, ctx) => {
    if (range.to < range.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range' });
  });
export type ConfirmationDashboardInput = z.input<typeof confirmationDashboardSchema>;

type Counts = {
  appointments: number;
  confirmed: number;
  cancelled: number;
  no_reply: number;
  failed: number;
};

export type ConfirmationDashboard = {
  totals: ConfirmationTotals & { attended: number; no_show: number };
  rates: {
    confirmed: number | null;
    cancelled: number | null;
    no_reply: number | null;
    attended: number | null;
    no_show: number | null;
  };
  by_day: (Counts & { date: string })[];
  by_professional: (Counts & { specialist: string; name: string })[];
  by_branch: (Counts & { branch: string; name: string })[];
};
