import { formattersFor } from '../../shared/format/intl-format';

/** A release date (YYYY-MM-DD) in the reader's language; read at noon so no time zone moves its day. */
export const formatReleaseDate = (language: string, date: string): string =>
  formattersFor(language).date(`${date}T12:00:00`);
