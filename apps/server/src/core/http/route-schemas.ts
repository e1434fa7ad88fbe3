import { LOCALES } from '@conversa/domain';
import { z } from 'zod';

/** `{locale}` of `/api/v1/{locale}/…`; an unknown one is answered 404 by the auth hook before validation. */
export const localeParams = z.object({ locale: z.enum(LOCALES) });

export const idParams = localeParams.extend({ id: z.string().min(1).max(64) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a record, so it is simply not found. */
export const isUuid = (value: string): boolean => UUID.test(value);
