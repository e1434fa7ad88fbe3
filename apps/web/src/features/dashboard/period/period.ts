import { addDays, daysBetween, isCalendarDay, localDayAndTime } from '@conversa/domain';

/** The periods the picker offers; `custom` is the two dates the person typed. */
export const PERIOD_PRESETS = ['today', 'last7', 'last30', 'thisMonth', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export type Period = { from: string; to: string };

/** What the dashboard shows, as the address keeps it so a reload or a shared link shows the same. */
export type DashboardFilters = Period & { preset: PeriodPreset; device_id?: string; user_id?: string };

const isPreset = (value: string | null): value is PeriodPreset =>
  PERIOD_PRESETS.some((preset) => preset === value);

/**
 * A preset's days on the company's clock (the server counts every event on the company's local day):
 * "last 7 days" ends today and counts today as one of the seven.
 */
export const presetPeriod = (preset: Exclude<PeriodPreset, 'custom'>, timeZone: string, now = new Date()) => {
  const today = localDayAndTime(now, timeZone).day;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth': {
      const from = `${today.slice(0, 8)}01`;
      const nextMonth = addDays(from, 32);
      return { from, to: addDays(`${nextMonth.slice(0, 8)}01`, -1) };
    }
  }
};

/** The period of the same length that ends the day before this one starts: what the changes compare with. */
export const previousPeriod = ({ from, to }: Period): Period => {
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
};

/** The filters an address asks for; a missing or unknown period is the last 7 days. */
export const readFilters = (params: URLSearchParams, timeZone: string): DashboardFilters => {
  const period = params.get('period');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const device_id = params.get('device_id') || undefined;
  const user_id = params.get('user_id') || undefined;
  const narrowing = { ...(device_id ? { device_id } : {}), ...(user_id ? { user_id } : {}) };
  if (period === 'custom' && isCalendarDay(from) && isCalendarDay(to)) {
    return { preset: 'custom', from, to, ...narrowing };
  }
  const preset = isPreset(period) && period !== 'custom' ? period : 'last7';
  return { preset, ...presetPeriod(preset, timeZone), ...narrowing };
};

/** The address of the filters: dates only for a custom period, so "today" stays today tomorrow. */
export const writeFilters = (filters: DashboardFilters): URLSearchParams => {
  const params = new URLSearchParams({ period: filters.preset });
  if (filters.preset === 'custom') {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  if (filters.device_id) params.set('device_id', filters.device_id);
  if (filters.user_id) params.set('user_id', filters.user_id);
  return params;
};

/** The body of `dashboard/main` and `dashboard/advanced` for a period and the filters. */
export const dashboardBody = (period: Period, filters: DashboardFilters) => ({
  from: period.from,
  to: period.to,
  ...(filters.device_id ? { device_id: filters.device_id } : {}),
  ...(filters.user_id ? { user_id: filters.user_id } : {}),
});

/** A figure's change against the previous period as a fraction; none when there was nothing to compare. */
export const changeOf = (current: number | null, previous: number | null | undefined): number | null =>
  current === null || !previous ? null : (current - previous) / previous;
