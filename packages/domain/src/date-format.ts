/**
 * Date formatters kept once built: `new Intl.DateTimeFormat` costs far more than formatting with one
 * (a fraction of a millisecond each), and the hot paths ask for the same few: every outbound message's
 * quota check reads the company's local day, every confirmation request its local date and time.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter for a locale and options, built on first use; the options' key order is the call's own. */
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
};
