/** The browser's time zones, with the selected one first when the browser does not know it. */
export const timeZones = (selected: string): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(selected) ? zones : [selected, ...zones];
};
