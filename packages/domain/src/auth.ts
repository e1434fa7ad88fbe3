import { z } from 'zod';
import { DEFAULTS, INDUSTRIES } from './constants';
import { checkPhoneOfCountry, normalizePhone } from './countries';
import { INPUT_MESSAGES, isTimeZone } from './input-limits';
import { LOCALES } from './locales';
import { emailField, MESSAGES, passwordField, requiredText } from './validation';

export const signinSchema = z.object({
  email: emailField(),
  password: z.string({ error: MESSAGES.password }).min(1, MESSAGES.password),
});
export type SigninInput = z.infer<typeof signinSchema>;

export const restoreSchema = z.object({ email: emailField() });
export type RestoreInput = z.infer<typeof restoreSchema>;

export const restoreConfirmSchema = z.object({
  token: requiredText(),
  password: passwordField(),
});
export type RestoreConfirmInput = z.infer<typeof restoreConfirmSchema>;

/** The fields of the sign-up form as the person fills them in (spec sections 3 and 5). */
export const signupFields = {
  company: requiredText().min(3, MESSAGES.min3).max(120),
  email: emailField(),
  country: z.string().trim().min(2).max(2).default(DEFAULTS.country),
  phone: requiredText().max(32),
  timezone: requiredText()
    .max(64)
    .refine(isTimeZone, { error: INPUT_MESSAGES.timezone })
    .default(DEFAULTS.timezone),
  language: z.enum(LOCALES, { error: MESSAGES.required }).default(DEFAULTS.language),
  industry: z.enum(INDUSTRIES, { error: MESSAGES.required }).default(DEFAULTS.industry),
  quantityemple: z.coerce
    .number({ error: MESSAGES.number })
    .int(MESSAGES.number)
    .positive(MESSAGES.positive)
    .min(1, MESSAGES.positive)
    .max(100_000),
  nameuser: requiredText().min(3, MESSAGES.min3).max(120),
  password: passwordField(),
};

/** What the server accepts on POST signup; it derives the subdomain and cleans the phone itself. */
export const signupSchema = z
  .object(signupFields)
  .superRefine(checkPhoneOfCountry)
  .transform((input) => ({
    ...input,
    phone: normalizePhone(input.phone),
    subdomain: subdomainOf(input.company),
  }));
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

/** Forms that choose a password ask for it twice; the confirmation is dropped before sending. */
const isPasswordConfirmed = (form: { password: string; passwordConfirm: string }) =>
  form.password === form.passwordConfirm;
const PASSWORDS_MUST_MATCH = { error: MESSAGES.passwordsMustMatch, path: ['passwordConfirm'] };

export const signupFormSchema = z
  .object({ ...signupFields, passwordConfirm: z.string() })
  .superRefine(checkPhoneOfCountry)
  .refine(isPasswordConfirmed, PASSWORDS_MUST_MATCH);
export type SignupForm = z.input<typeof signupFormSchema>;

/** The new-password form opened by the e-mailed reset link. */
export const restoreConfirmFormSchema = restoreConfirmSchema
  .extend({ passwordConfirm: z.string() })
  .refine(isPasswordConfirmed, PASSWORDS_MUST_MATCH);
export type RestoreConfirmForm = z.input<typeof restoreConfirmFormSchema>;

/** The company's subdomain is its name without any whitespace. */
export const subdomainOf = (company: string): string => company.replace(/\s+/g, '');

/** Data of a successful login: the opaque token and who it belongs to. */
export type LoginData = { access_token: string; clientid: string; userid: string };

/** The session of a sign-in finished with an enrollment carries the recovery codes, shown once. */
export type SecondFactorLoginData = LoginData & { recovery_codes?: string[] };
