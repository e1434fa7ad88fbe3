import {
  type ClientCreateInput,
  clientCreateSchema,
  DEFAULTS,
  type Locale,
  NUMBER_FORMATS,
} from '@conversa/domain';
import type { NumberFormatCode } from '../../settings/company/number-format';

/** The create dialog as the master fills it in; dates are the day the plan ends. */
export type ClientCreateForm = {
  company: string;
  email: string;
  nameuser: string;
  /** Mail the owner a link to choose a password instead of setting one. */
  isInvite: boolean;
  password: string;
  plan_id: string;
  expiresOn: string;
  timezone: string;
  language: Locale;
  format: NumberFormatCode;
};

export const EMPTY_CLIENT_FORM: ClientCreateForm = {
  company: '',
  email: '',
  nameuser: '',
  isInvite: false,
  password: '',
  plan_id: '',
  expiresOn: '',
  timezone: DEFAULTS.timezone,
  language: DEFAULTS.language,
  format: 'CL',
};

/** The end of the chosen day in the browser's time, as the instant the server stores; empty: none. */
export const expiryOf = (day: string): string | null =>
  day ? new Date(`${day}T23:59:59`).toISOString() : null;

/** The day an expiry instant falls on, for the date field. */
export const dayOf = (instant: string | null): string => {
  if (!instant) return '';
  const date = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

export const toCreateInput = (form: ClientCreateForm): ClientCreateInput => ({
  company: form.company,
  email: form.email,
  nameuser: form.nameuser,
  ...(form.isInvite ? {} : { password: form.password }),
  plan_id: form.plan_id,
  plan_expires_at: expiryOf(form.expiresOn),
  timezone: form.timezone,
  language: form.language,
  number_format: NUMBER_FORMATS[form.format],
  country: form.format === 'US' ? 'US' : 'CL',
});

const FORM_FIELD: Record<string, keyof ClientCreateForm> = {
  company: 'company',
  email: 'email',
  nameuser: 'nameuser',
  password: 'password',
  plan_id: 'plan_id',
  plan_expires_at: 'expiresOn',
  timezone: 'timezone',
  language: 'language',
};

/** The first problem of each field, as i18n keys, checked with the server's own rule. */
export const validateClientForm = (
  form: ClientCreateForm,
): Partial<Record<keyof ClientCreateForm, string>> => {
  const result = clientCreateSchema.safeParse(toCreateInput(form));
  const errors: Partial<Record<keyof ClientCreateForm, string>> = {};
  if (!form.isInvite && !form.password) errors.password = 'validation.required';
  for (const issue of result.error?.issues ?? []) {
    const field = FORM_FIELD[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};

/** Where a server's field error belongs in the form. */
export const formFieldOf = (path: string): keyof ClientCreateForm | undefined => FORM_FIELD[path];
