import {
  type Integration,
  type IntegrationCreateInput,
  type IntegrationUpdateInput,
  integrationCreateSchema,
  isMaskedSecret,
  type SchedulingIntegrationType,
} from '@conversa/domain';
import {
  type AutoForm,
  autoConfigOf,
  autoFormOf,
  emptyAutoForm,
  validateAuto,
} from './auto-confirmation-form';

export type ProfessionalRow = { key: string; id: string; name: string; specialty: string };
export type BranchRow = { key: string; id: string; name: string };

let rowCount = 0;
/** `key` only tells the rows apart on screen while they are added and removed. */
const nextKey = () => {
  rowCount += 1;
  return `row-${rowCount}`;
};
export const newProfessional = (id = '', name = '', specialty = ''): ProfessionalRow => ({
  key: nextKey(),
  id,
  name,
  specialty,
});
export const newBranch = (id = '', name = ''): BranchRow => ({ key: nextKey(), id, name });

/** The first id of the form `{prefix}{n}` not yet taken, for a new row. */
export const freeId = (prefix: string, rows: readonly { id: string }[]): string => {
  let number = rows.length + 1;
  while (rows.some((row) => row.id === `${prefix}${number}`)) number += 1;
  return `${prefix}${number}`;
};

/** What the dialog holds for every scheduling type: numbers and id lists as typed, secrets masked on an edit. */
export type SchedulingForm = {
  type: SchedulingIntegrationType;
  name: string;
  api_token: string;
  confirmed_state_id: string;
  cancelled_state_id: string;
  /** Branch ids separated by commas. */
  branch_ids: string;
  api_version: 'v1' | 'v5';
  client_id: string;
  client_secret: string;
  clinic_id: string;
  /** Calendly's webhook key, kept as the server showed it. */
  signing_key: string;
  professionals: ProfessionalRow[];
  branches: BranchRow[];
  slot_minutes: string;
  auto: AutoForm;
};

export const emptySchedulingForm = (
  type: SchedulingIntegrationType,
  defaultMessage: string,
): SchedulingForm => ({
  type,
  name: '',
  api_token: '',
  confirmed_state_id: '',
  cancelled_state_id: '',
  branch_ids: '',
  api_version: 'v1',
  client_id: '',
  client_secret: '',
  clinic_id: '',
  signing_key: '',
  professionals: type === 'standard' ? [newProfessional('p1')] : [],
  branches: type === 'standard' ? [newBranch('b1')] : [],
  slot_minutes: '30',
  auto: emptyAutoForm(defaultMessage),
});

const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const listOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];

export const schedulingFormOf = (
  integration: Integration & { type: SchedulingIntegrationType },
  defaultMessage: string,
): SchedulingForm => {
  const { config } = integration;
  return {
    ...emptySchedulingForm(integration.type, defaultMessage),
    name: integration.name,
    api_token: textOf(config.api_token),
    confirmed_state_id: textOf(config.confirmed_state_id),
    cancelled_state_id: textOf(config.cancelled_state_id),
    branch_ids: Array.isArray(config.branch_ids) ? config.branch_ids.join(', ') : '',
    api_version: config.api_version === 'v5' ? 'v5' : 'v1',
    client_id: textOf(config.client_id),
    client_secret: textOf(config.client_secret),
    clinic_id: textOf(config.clinic_id),
    signing_key: textOf(config.signing_key),
    professionals: listOf(config.professionals).map((row) =>
      newProfessional(textOf(row.id), textOf(row.name), textOf(row.specialty)),
    ),
    branches: listOf(config.branches).map((row) => newBranch(textOf(row.id), textOf(row.name))),
    slot_minutes: textOf(config.slot_minutes) || '30',
    auto: autoFormOf(config.auto_confirmation, defaultMessage),
  };
};

/** A typed whole number; what is not one goes as NaN, so the domain's rule names the field. */
export const wholeOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const idsOf = (text: string): number[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(wholeOf);

/** The settings each type takes (API.md part 3 §1.1), the daily run with them. */
export const configOf = (form: SchedulingForm): Record<string, unknown> => {
  const common = { auto_confirmation: autoConfigOf(form.auto) };
  switch (form.type) {
    case 'dentalink':
    case 'medilink':
      return {
        api_token: form.api_token.trim(),
        confirmed_state_id: wholeOf(form.confirmed_state_id),
        cancelled_state_id: wholeOf(form.cancelled_state_id),
        branch_ids: idsOf(form.branch_ids),
        ...(form.type === 'medilink' ? { api_version: form.api_version } : {}),
        ...common,
      };
    case 'dentalsoft':
      return {
        client_id: form.client_id.trim(),
        client_secret: form.client_secret.trim(),
        clinic_id: wholeOf(form.clinic_id),
        branch_ids: idsOf(form.branch_ids),
        ...common,
      };
    case 'calendly':
      return {
        api_token: form.api_token.trim(),
        ...(form.signing_key ? { signing_key: form.signing_key } : {}),
        ...common,
      };
    case 'standard':
      return {
        professionals: form.professionals.map((row) => ({
          id: row.id.trim(),
          name: row.name.trim(),
          ...(row.specialty.trim() ? { specialty: row.specialty.trim() } : {}),
        })),
        branches: form.branches.map((row) => ({ id: row.id.trim(), name: row.name.trim() })),
        slot_minutes: wholeOf(form.slot_minutes),
        ...common,
      };
  }
};

export const schedulingInputOf = (form: SchedulingForm): IntegrationCreateInput =>
  ({ type: form.type, name: form.name, config: configOf(form) }) as IntegrationCreateInput;

/** An edit sends every setting back; a secret left masked keeps the stored one. */
export const schedulingUpdateOf = (form: SchedulingForm): IntegrationUpdateInput => ({
  name: form.name,
  config: configOf(form),
});

/** Where an error shows: a list row's own field or a daily run's, else the config key or the name. */
export const fieldOf = (path: string): string => {
  const parts = path.split('.');
  if (parts[0] !== 'config' || parts.length < 2) return parts[0] ?? path;
  if (/^(professionals|branches)$/.test(parts[1] ?? '') && parts.length > 3)
    return parts.slice(0, 4).join('.');
  if (parts[1] === 'auto_confirmation' && parts.length > 2) return parts.slice(0, 3).join('.');
  return parts.slice(0, 2).join('.');
};

/** The domain's messages, and the two it names that the texts call otherwise. */
const keyOf = (message: string): string => {
  if (message === 'validation.time') return 'validation.hourMinute';
  if (message === 'validation.badValue' || !message.startsWith('validation.')) return 'validation.invalid';
  return message;
};

const SECRET_KEYS = ['api_token', 'client_secret'] as const;

/** The domain's rule over the form, each error's message key by where it shows; a masked secret is the stored one. */
export const validateScheduling = (form: SchedulingForm): Record<string, string> => {
  const config = configOf(form);
  for (const key of SECRET_KEYS) {
    if (typeof config[key] === 'string' && isMaskedSecret(config[key])) config[key] = 'kept';
  }
  const errors: Record<string, string> = validateAuto(form.auto);
  const result = integrationCreateSchema.safeParse({ type: form.type, name: form.name, config });
  if (!result.success) {
    for (const issue of result.error.issues)
      errors[fieldOf(issue.path.map(String).join('.'))] ??= keyOf(issue.message);
  }
  return errors;
};
