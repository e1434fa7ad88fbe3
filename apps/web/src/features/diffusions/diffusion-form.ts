import {
  type AudienceModule,
  type Diffusion,
  type DiffusionCreateInput,
  diffusionCreateSchema,
  type Logical,
  MODULE_FIELDS,
} from '@conversa/domain';
import { draftOf, type FilterDraft, filtersOf } from '../../shared/records/filter-values';

export const PACING_KEYS = [
  'min_interval',
  'max_interval',
  'min_batch',
  'max_batch',
  'min_pause',
  'max_pause',
] as const;
export type PacingKey = (typeof PACING_KEYS)[number];

export const DEFAULT_PACING: Record<PacingKey, number> = {
  min_interval: 5,
  max_interval: 15,
  min_batch: 20,
  max_batch: 40,
  min_pause: 60,
  max_pause: 180,
};

/** What the diffusion form holds: numbers as typed, filters as the builder's drafts, the schedule as a choice. */
export type DiffusionForm = {
  name: string;
  device_id: string;
  audience: { module: AudienceModule; drafts: FilterDraft[]; logical: Logical; list_ids: string[] };
  message: { type: 'chat' | 'template'; body: string; template_id: string; parameters: string[] };
  schedule: 'now' | 'later';
  /** A datetime-local value, in the person's own clock. */
  scheduled_at: string;
  send_window: { from: string; to: string; days: number[] };
  pacing: Record<PacingKey, string>;
  max_monthly_responses: string;
};

/** Where an error shows: the first two parts of its path (`pacing.max_interval`, `message.parameters`…). */
export type FormErrors = Record<string, string>;

export const emptyForm = (deviceId = ''): DiffusionForm => ({
  name: '',
  device_id: deviceId,
  audience: { module: 'contact', drafts: [], logical: 'and', list_ids: [] },
  message: { type: 'chat', body: '', template_id: '', parameters: [] },
  schedule: 'now',
  scheduled_at: '',
  send_window: { from: '09:00', to: '20:00', days: [1, 2, 3, 4, 5] },
  pacing: Object.fromEntries(PACING_KEYS.map((key) => [key, String(DEFAULT_PACING[key])])) as Record<
    PacingKey,
    string
  >,
  max_monthly_responses: '0',
});

/** A moment as a datetime-local input shows it, in the person's own clock. */
const localInput = (iso: string): string => {
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};

export const formOf = (diffusion: Diffusion): DiffusionForm => {
  const fields = MODULE_FIELDS[diffusion.audience.module];
  return {
    name: diffusion.name,
    device_id: diffusion.device_id,
    audience: {
      module: diffusion.audience.module,
      drafts: diffusion.audience.filters.map((filter) =>
        draftOf(filter, fields.find((field) => field.key === filter.key)?.type ?? 'text'),
      ),
      logical: diffusion.audience.logical ?? 'and',
      list_ids: diffusion.audience.list_ids,
    },
    message: { ...diffusion.message },
    schedule: diffusion.scheduled_at ? 'later' : 'now',
    scheduled_at: diffusion.scheduled_at ? localInput(diffusion.scheduled_at) : '',
    send_window: { ...diffusion.send_window },
    pacing: Object.fromEntries(PACING_KEYS.map((key) => [key, String(diffusion.pacing[key])])) as Record<
      PacingKey,
      string
    >,
    max_monthly_responses: String(diffusion.max_monthly_responses),
  };
};

/** A typed number; what is not a whole number goes as NaN so the domain's rule names the field. */
const numberOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

const momentOf = (local: string): string => {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

/** The audience as the server takes it: the filters the drafts make, and the smart lists. */
export const audienceOf = (audience: DiffusionForm['audience']): Diffusion['audience'] => ({
  module: audience.module,
  filters: audience.drafts.flatMap((draft) => filtersOf(draft)),
  logical: audience.logical,
  list_ids: audience.list_ids,
});

export const inputOf = (form: DiffusionForm): DiffusionCreateInput => ({
  name: form.name,
  device_id: form.device_id,
  audience: audienceOf(form.audience),
  message:
    form.message.type === 'chat'
      ? { type: 'chat', body: form.message.body, template_id: '', parameters: [] }
      : { ...form.message, body: '' },
  scheduled_at: form.schedule === 'later' ? momentOf(form.scheduled_at) : null,
  send_window: form.send_window,
  pacing: Object.fromEntries(PACING_KEYS.map((key) => [key, numberOf(form.pacing[key])])) as Record<
    PacingKey,
    number
  >,
  max_monthly_responses: numberOf(form.max_monthly_responses),
});

/** Our messages are i18n keys; zod's own (a number out of range) show as a generic invalid value. */
const keyOf = (message: string): string =>
  message.startsWith('validation.') ? message : 'validation.invalid';

export const errorKey = (path: readonly PropertyKey[]): string => path.slice(0, 3).map(String).join('.');

/** The domain's rule over the form: each field's first error, by path. */
export const validate = (form: DiffusionForm): FormErrors => {
  const result = diffusionCreateSchema.safeParse(inputOf(form));
  const errors: FormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const at = errorKey(issue.path);
    errors[at] ??= keyOf(issue.message);
  }
  return errors;
};
