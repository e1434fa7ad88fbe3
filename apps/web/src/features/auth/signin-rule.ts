import type { SigninInput } from '@conversa/domain';

/**
 * The sign-in form's check, the same rule as the domain's `signinSchema` (a test holds them equal) written
 * without zod: the sign-in page is the first download of every visit, and zod's classic API is ~37 KiB
 * that cannot be tree-shaken. E-mail: trimmed, lower-cased, the spec's pattern, at most 254 characters;
 * password: not empty (its strength is checked when it is chosen, not when it is typed to sign in).
 */

// The domain's EMAIL_PATTERN and message keys, written here because importing them would load the
// module that also holds the zod schemas; signin-rule.test.ts fails the day they differ.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[a-zA-Z]{2,4}$/;
const MESSAGES = {
  required: 'validation.required',
  email: 'validation.email',
  password: 'validation.password',
};

export const checkSignin = (
  input: SigninInput,
): { values: SigninInput } | { errors: Partial<Record<keyof SigninInput, string>> } => {
  const email = input.email.trim().toLowerCase();
  const errors: Partial<Record<keyof SigninInput, string>> = {};
  if (email === '') errors.email = MESSAGES.required;
  else if (!EMAIL_PATTERN.test(email) || email.length > 254) errors.email = MESSAGES.email;
  if (input.password === '') errors.password = MESSAGES.password;
  return Object.keys(errors).length > 0 ? { errors } : { values: { email, password: input.password } };
};
