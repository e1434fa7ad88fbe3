import { DEFAULTS } from './constants';
import { dateFormat } from './date-format';
import { isTimeZone } from './input-limits';

/**
 * When a plan is over (issue 15, spec section 4 'plan expired'): a plan that expires on the 26th runs to
 * the end of the 26th in the company's time zone, so the expiry job, the account bundle and the 412 of an
 * unpaid company agree to the minute.
 */

/** The calendar day of an instant in a time zone (the default zone for an unknown one), as YYYY-MM-DD. */
export const localDayOf = (at: Date, timeZone: string): string =>
  dateFormat('en-CA', {
    timeZone: isTimeZone(timeZone) ? timeZone : DEFAULTS.timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/** True once the company's local day is past the plan's last day; a company without an expiry never is. */
export const isPlanOver = (expiresAt: Date | null, timeZone: string, now: Date = new Date()): boolean =>
  expiresAt !== null && localDayOf(now, timeZone) > localDayOf(expiresAt, timeZone);
