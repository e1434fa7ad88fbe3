/** The special characters the password rule of spec section 5 accepts. */
export const PASSWORD_SPECIALS = '!@#$%^&*()-_=+{};:,<.>';
export const PASSWORD_MIN_LENGTH = 8;

const escaped = PASSWORD_SPECIALS.replace(/[-\\^$*+?.()|[\]{}]/g, '\\$&');
const special = new RegExp(`[${escaped}]`);

/** At least 8 characters with a special character, a digit, a lowercase and an uppercase letter. */
export const isStrongPassword = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH &&
  special.test(password) &&
  /\d/.test(password) &&
  /[a-z]/.test(password) &&
  /[A-Z]/.test(password);
