import { COUNTRIES, DEFAULTS } from '@conversa/domain';

/** Country options with names in the interface language, sorted as a reader of that language expects. */
export const countryOptions = (locale: string): { code: string; name: string; dial: string }[] => {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRIES.map((country) => ({
    code: country.code,
    dial: country.dial,
    name: names.of(country.code) ?? country.code,
  })).sort((a, b) => a.name.localeCompare(b.name, locale));
};

/** The browser's own time zone, falling back to the product default. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULTS.timezone;
  } catch {
    return DEFAULTS.timezone;
  }
};

/** Every IANA zone the browser knows, always including the preselected one. */
export const timeZoneOptions = (selected: string): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(selected) ? zones : [selected, ...zones];
};
