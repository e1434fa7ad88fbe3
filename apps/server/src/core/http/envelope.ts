import type { Envelope, FieldError, Locale, Pagination } from '@conversa/domain';
import { type MessageKey, translate } from '../i18n/i18n';

/** Builds the one answer shape of the API; `status_codes` always equals the HTTP status. */
export const envelope = <T>(
  status: number,
  info: string,
  data: T[] = [],
  extra: { pagination?: Pagination; errors?: FieldError[] } = {},
): Envelope<T> => ({
  status_codes: status,
  data,
  ...(extra.pagination ? { pagination: extra.pagination } : {}),
  info,
  ...(extra.errors ? { errors: extra.errors } : {}),
});

/** A 200 envelope with a localized `info` ('Success' unless the route says otherwise). */
export const ok = <T>(
  locale: Locale,
  data: T[],
  options: { pagination?: Pagination; info?: MessageKey } = {},
): Envelope<T> =>
  envelope(
    200,
    translate(locale, options.info ?? 'info.ok'),
    data,
    options.pagination ? { pagination: options.pagination } : {},
  );
