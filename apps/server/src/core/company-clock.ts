import { DEFAULT_LOCALE, DEFAULTS, isLocale, isTimeZone, type Locale } from '@conversa/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from './db/database';
import { clients } from './db/schema';
import { type MessageKey, translate } from './i18n/i18n';

/** A company's time zone and language, as companyClock reads them. */
export type CompanyClock = { timeZone: string; locale: Locale };

/** The company's time zone (its agenda's days and hours, its exports' dates) and language (what its patients are sent). */
export const companyClock = async (db: Executor, clientId: string): Promise<CompanyClock> => {
  const rows = await db
    .select({ timezone: clients.timezone, language: clients.language })
    .from(clients)
    .where(eq(clients.id, clientId));
  const zone = rows[0]?.timezone ?? '';
  const language = rows[0]?.language ?? '';
  return {
    timeZone: isTimeZone(zone) ? zone : DEFAULTS.timezone,
    locale: isLocale(language) ? language : DEFAULT_LOCALE,
  };
};

/** The company's time zone: the one its agenda's days and hours are read in. */
export const companyTimeZone = async (db: Executor, clientId: string): Promise<string> =>
  (await companyClock(db, clientId)).timeZone;

/**
 * A text of ours stored for the company's people to read later (a confirmation row's or run's error): in
 * the company's language, as its screens show it.
 */
export const companyText = async (db: Executor, clientId: string, key: MessageKey): Promise<string> =>
  translate((await companyClock(db, clientId)).locale, key);
