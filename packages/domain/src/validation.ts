import { z } from 'zod';
import { isStrongPassword } from './password';

/**
 * Validation messages are i18n keys (`validation.*`): the web shows them from its bundles and the server
 * translates them into the request's locale for the `errors` of a 400.
 */
export const MESSAGES = {
  required: 'validation.required',
  email: 'validation.email',
  min3: 'validation.min3',
  password: 'validation.password',
  passwordRule: 'validation.passwordRule',
  passwordsMustMatch: 'validation.passwordsMustMatch',
  positive: 'validation.positive',
  number: 'validation.number',
  phone: 'validation.phone',
  invalid: 'validation.invalid',
  twoFactorCode: 'validation.twoFactorCode',
  currentPassword: 'validation.currentPassword',
  initials: 'validation.initials',
} as const;

/** Standard e-mail with a 2 to 4 letter top-level domain (spec section 5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[a-zA-Z]{2,4}$/;

export const requiredText = () => z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required);

/**
 * Whether a link may be followed or an address called: it starts `http://` or `https://`. A browser runs a
 * `javascript:` or `data:` link in the page that shows it, and the outbound fetch speaks nothing else. The
 * web asks it of links stored before the rule.
 */
export const isHttpUrl = (value: string): boolean => /^https?:\/\//i.test(value.trim());

/** A link people open (a pop-up's), a webhook, a PBX: a well-formed URL that isHttpUrl accepts. */
export const httpUrl = () =>
  z.url({ error: 'validation.url', abort: true }).max(2048).refine(isHttpUrl, { error: 'validation.url' });

export const emailField = () =>
  requiredText()
    .toLowerCase()
    .regex(EMAIL_PATTERN, { error: MESSAGES.email })
    .max(254, { error: MESSAGES.email });

export const passwordField = () =>
  z
    .string({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(128, MESSAGES.passwordRule)
    .refine(isStrongPassword, { error: MESSAGES.passwordRule });
