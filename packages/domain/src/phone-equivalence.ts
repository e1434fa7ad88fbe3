import { normalizePhone } from './countries';

/**
 * Brazil (55) added a ninth digit, a leading 9, to every mobile number; WhatsApp still names many older
 * accounts by the eight-digit form. 55 + a two-digit area code (no zero in either digit) + 8 digits, or the
 * same with a 9 before the 8 digits.
 */
const BRAZIL_EIGHT_DIGITS = /^55([1-9]{2})(\d{8})$/;
const BRAZIL_NINE_DIGITS = /^55([1-9]{2})9(\d{8})$/;

/**
 * The other way the same phone may be written (API.md part 3, "WhatsApp ids that differ from the saved
 * phone"), or undefined when it has none: for a Brazilian mobile, the form with the ninth digit when it
 * lacks it, and without it when it has it. Both phones are compared as stored (digits only, see
 * normalizePhone), so `+`, spaces and dashes never make two numbers differ.
 */
export const alternativePhoneOf = (phone: string): string | undefined => {
  const digits = normalizePhone(phone);
  const eight = BRAZIL_EIGHT_DIGITS.exec(digits);
  if (eight) return `55${eight[1]}9${eight[2]}`;
  const nine = BRAZIL_NINE_DIGITS.exec(digits);
  if (nine) return `55${nine[1]}${nine[2]}`;
  return undefined;
};

/** Whether two written phones are the same number: equal digits, or Brazil's two forms of one mobile. */
export const isSamePhone = (a: string, b: string): boolean => {
  const left = normalizePhone(a);
  const right = normalizePhone(b);
  return left === right || alternativePhoneOf(left) === right;
};
