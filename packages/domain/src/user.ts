import { z } from 'zod';
import { NOTIFICATION_MODULES, USER_NOTIFICATIONS } from './alerts';
import { LOCALES } from './locales';
import type { AccountType } from './permissions';
import { isPermissionKey } from './permissions';
import { INITIALS_MAX_CHARS } from './security';
import { emailField, MESSAGES, passwordField, requiredText } from './validation';

const accessList = z.array(z.string().refine(isPermissionKey, { error: MESSAGES.invalid })).max(200);
const idList = z.array(z.string().min(1).max(64)).max(500);
const moduleList = z.array(z.enum(NOTIFICATION_MODULES)).max(NOTIFICATION_MODULES.length);

/** What a person sees of a user: never the password hash. */
export type User = {
  id: string;
  client_id: string;
  name: string;
  /** Chosen for the avatar; empty means the initials of the name. */
  initials: string;
  email: string;
  phone: string;
  account: AccountType;
  /** False once deactivated: such a user can neither sign in nor keep a session. */
  active: boolean;
  /** Whether the user signs in with a second factor. */
  two_factor: boolean;
  language: string;
  online: boolean;
  last_login: string | null;
  sound: boolean;
  notify: boolean;
  analytics: boolean;
  custom_views: Record<string, unknown>;
  fixed: string[];
  access: string[];
  answer: boolean;
  push_notification: string[];
  notifications: string[];
  sound_notification: string[];
  create_date: string;
};

export const userCreateSchema = z.object({
  name: requiredText().min(3, MESSAGES.min3).max(120),
  email: emailField(),
  phone: z.string().trim().max(32).default(''),
  password: passwordField(),
  language: z.enum(LOCALES).default('es'),
  access: accessList.default([]),
  answer: z.boolean().default(true),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

/** Every field is optional: updateone changes what it is given (the user's own preferences included). */
export const userUpdateSchema = z
  .object({
    name: requiredText().min(3, MESSAGES.min3).max(120),
    initials: z
      .string()
      .trim()
      .max(INITIALS_MAX_CHARS, MESSAGES.initials)
      .regex(/^[\p{L}\p{N}]*$/u, { error: MESSAGES.initials })
      .transform((value) => value.toUpperCase()),
    phone: z.string().trim().max(32),
    language: z.enum(LOCALES),
    fixed: idList,
    custom_views: z.record(z.string(), z.unknown()),
    sound: z.boolean(),
    notify: z.boolean(),
    analytics: z.boolean(),
    access: accessList,
    answer: z.boolean(),
    active: z.boolean(),
    push_notification: moduleList,
    notifications: z.array(z.enum(USER_NOTIFICATIONS)).max(USER_NOTIFICATIONS.length),
    sound_notification: moduleList,
  })
  .partial()
  .strict();
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** Fields only the company owner or the master may change on another user. */
export const USER_ADMIN_FIELDS = ['access', 'answer', 'active'] as const;

/**
 * A new password. `current_password` is required when the password is one's own (the server answers 400
 * on it when missing or wrong); an admin resetting another user's password does not know it.
 */
export const passwordUpdateSchema = z.object({
  password: passwordField(),
  current_password: z.string().max(128).optional(),
});
export type PasswordUpdateInput = z.input<typeof passwordUpdateSchema>;

/** The profile's change-password form: the current password, the new one twice. */
export const passwordChangeFormSchema = z
  .object({
    current_password: z.string().min(1, MESSAGES.currentPassword).max(128),
    password: passwordField(),
    passwordConfirm: z.string(),
  })
  .refine((form) => form.password === form.passwordConfirm, {
    error: MESSAGES.passwordsMustMatch,
    path: ['passwordConfirm'],
  });
export type PasswordChangeForm = z.input<typeof passwordChangeFormSchema>;
