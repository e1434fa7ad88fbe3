import { z } from 'zod';
import { signupFields } from './auth';
import { type Client, numberFormatSchema } from './client';
import { normalizePhone } from './countries';
import { INPUT_MESSAGES, isTimeZone } from './input-limits';
import { CLIENT_PERMISSIONS } from './permissions';
import type { User } from './user';
import { emailField, MESSAGES, passwordField, requiredText } from './validation';

/**
 * A blocked company's users can neither sign in nor keep their sessions (API.md part 2). A deleted one is
 * what `client/deleteone` leaves, so its old sessions answer `Expired Token`; the console never lists it.
 */
export const CLIENT_STATUSES = ['active', 'blocked', 'deleted'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** What a company has used of its plan: seats, devices and messages spent in the current period. */
export type ClientUsage = { users: number; devices: number; messages: number };

/** A company as the master's console lists it. */
export type ConsoleClient = Client & {
  status: ClientStatus;
  plan_name: string | null;
  plan_started_at: string | null;
  usage: ClientUsage;
};

const moment = () =>
  z.iso
    .datetime({ offset: true, error: 'validation.datetime' })
    .transform((value) => new Date(value).toISOString());

const timezoneField = () => requiredText().max(64).refine(isTimeZone, { error: INPUT_MESSAGES.timezone });

/** The access list of a company: client permission keys, at least one. */
const accessField = () =>
  z
    .array(z.enum(CLIENT_PERMISSIONS, { error: 'validation.badValue' }))
    .min(1, { error: 'validation.required' })
    .max(CLIENT_PERMISSIONS.length)
    .transform((keys) => [...new Set(keys)]);

/**
 * `POST client/create` (master): a company with its owner. Without a password the owner is mailed a link
 * to choose one (the same mail a password reset sends).
 */
export const clientCreateSchema = z.strictObject({
  company: signupFields.company,
  email: emailField(),
  nameuser: signupFields.nameuser,
  password: passwordField().optional(),
  phone: z.string().trim().max(32).default('').transform(normalizePhone),
  country: signupFields.country,
  timezone: timezoneField(),
  language: signupFields.language,
  plan_id: z.uuid({ error: MESSAGES.required }),
  plan_expires_at: moment().nullable().default(null),
  number_format: numberFormatSchema.optional(),
});
export type ClientCreateInput = z.input<typeof clientCreateSchema>;
export type ClientCreate = z.output<typeof clientCreateSchema>;

/** `PUT client/updateone/{id}` (master): the changed fields only. */
export const clientUpdateSchema = z
  .strictObject({
    plan_id: z.uuid({ error: MESSAGES.required }),
    plan_expires_at: moment().nullable(),
    access: accessField(),
    number_format: numberFormatSchema,
    timezone: timezoneField(),
  })
  .partial();
export type ClientUpdateInput = z.input<typeof clientUpdateSchema>;
export type ClientUpdate = z.output<typeof clientUpdateSchema>;

/** Who is acting as whom in an impersonation session (the account bundle's `impersonation`). */
export type Impersonation = {
  by: { id: string; name: string; email: string };
  client: { id: string; name: string };
  owner: { id: string; name: string; email: string };
};

/** A user of any company as the master's users admin lists it. */
export type AdminUser = Pick<
  User,
  'id' | 'client_id' | 'name' | 'email' | 'account' | 'active' | 'last_login' | 'create_date'
> & { client_name: string };
