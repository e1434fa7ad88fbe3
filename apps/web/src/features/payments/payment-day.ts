/** A calendar day of the API (YYYY-MM-DD) as the person's own day (new Date('2026-04-15') is midnight in London). */
export const localDay = (value: string): Date => {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, day ?? 1);
};
