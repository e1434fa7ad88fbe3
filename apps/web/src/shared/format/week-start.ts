/** 1 Monday … 7 Sunday, as Intl's week info counts them. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

type WeekInfoLocale = Intl.Locale & {
  getWeekInfo?: () => { firstDay: Weekday };
  weekInfo?: { firstDay: Weekday };
};

/**
 * The first day of the week where the company is (its language and country, e.g. es-CL: Monday; en-US:
 * Sunday; ar-EG: Saturday). Monday when the browser cannot tell.
 */
export const firstDayOfWeek = (language: string, region?: string): Weekday => {
  try {
    const locale = new Intl.Locale(language, region ? { region } : {}) as WeekInfoLocale;
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    return info?.firstDay ?? 1;
  } catch {
    return 1;
  }
};
