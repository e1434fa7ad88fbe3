import type { RefinementCtx } from 'zod';
import { MESSAGES } from './validation';

export type Country = {
  code: string;
  /** International dialling code without '+'. */
  dial: string;
  /** Full phone pattern (with country code, digits only) where the country has a known one. */
  phone?: RegExp;
};

/** Countries offered in forms; names are shown with Intl.DisplayNames in the user's language. */
export const COUNTRIES: readonly Country[] = [
  // Nine national digits: a mobile (9), a Santiago landline (2 2… or 2 3…) or a regional one with a
  // two-digit area code in use (32 Valparaíso … 75 Curicó): libphonenumber's geographic ranges, simplified.
  {
    code: 'CL',
    dial: '56',
    phone: /^56(?:9\d{8}|2[23]\d{7}|(?:3[2-5]|4[1-35]|5[1-3578]|6[13-57]|7[1-35])\d{7})$/,
  },
  { code: 'AR', dial: '54' },
  { code: 'BO', dial: '591' },
  { code: 'BR', dial: '55' },
  { code: 'CO', dial: '57' },
  { code: 'CR', dial: '506' },
  { code: 'DO', dial: '1' },
  { code: 'EC', dial: '593' },
  { code: 'ES', dial: '34' },
  { code: 'GT', dial: '502' },
  { code: 'MX', dial: '52' },
  { code: 'PA', dial: '507' },
  { code: 'PE', dial: '51' },
  { code: 'PY', dial: '595' },
  { code: 'US', dial: '1' },
  { code: 'UY', dial: '598' },
  { code: 'VE', dial: '58' },
];

export const findCountry = (code: string): Country | undefined => COUNTRIES.find((c) => c.code === code);

/** Phone numbers are stored as digits with the country code and without '+', spaces or dashes. */
export const normalizePhone = (phone: string): string => phone.replace(/[+\s\-()]/g, '');

/**
 * The forms' phone rule (spec section 5), for an object schema holding `phone` and `country`: the phone,
 * written with its country code, must be plausible for the chosen country. An empty phone is left to the
 * field's own 'required' message.
 */
export const checkPhoneOfCountry = (
  input: { phone: string; country?: string | undefined },
  ctx: RefinementCtx<unknown>,
): void => {
  const phone = normalizePhone(input.phone);
  if (phone !== '' && !isValidPhone(phone, input.country)) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phone });
  }
};

/** Whether a normalised phone is plausible for the country (its pattern, else 8 to 15 digits). */
export const isValidPhone = (phone: string, countryCode?: string): boolean => {
  if (!/^\d{8,15}$/.test(phone)) return false;
  const pattern = countryCode ? findCountry(countryCode)?.phone : undefined;
  return pattern ? pattern.test(phone) : true;
};

const BY_LONGEST_DIAL = [...COUNTRIES].sort((a, b) => b.dial.length - a.dial.length);

/** The country whose dialling code starts a normalised phone (the longest code wins), if any. */
export const countryOfPhone = (phone: string): string | undefined =>
  BY_LONGEST_DIAL.find((country) => phone.startsWith(country.dial))?.code;
