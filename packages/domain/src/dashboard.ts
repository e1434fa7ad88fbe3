import { z } from 'zod';
import { calendarDay } from './scheduling';

/** The longest period a dashboard answers, both ends counted (API.md part 3, Dashboards). */
export const DASHBOARD_MAX_DAYS = 366;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** `dashboard/main` and `dashboard/advanced`: local calendar days of the company, both included. */
export const dashboardQuerySchema = z
  .strictObject({
    from: calendarDay(),
    to: calendarDay(),
    device_id: z.string().trim().min(1).max(64).optional(),
    user_id: z.string().trim().min(1).max(64).optional(),
  })
  .superRefine((range, ctx) => {
    if (range.to < range.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range' });
    } else if (daysBetween(range.from, range.to) > DASHBOARD_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.periodTooLong' });
    }
  });
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/**
 * The fourteen figures of a dashboard, in `totals`, every `series` day and every agent row. Averages are
 * seconds, `null` when their count is 0; `deals_*` are `null` without `deal.view`, `tasks_*` without `task.view`.
 */
export type DashboardFigures = {
  conversations_opened: number;
  conversations_closed: number;
  messages_in: number;
  messages_out: number;
  first_response_count: number;
  first_response_avg_seconds: number | null;
  resolution_count: number;
  resolution_avg_seconds: number | null;
  deals_won: number | null;
  deals_won_amount: number | null;
  deals_lost: number | null;
  deals_lost_amount: number | null;
  tasks_done: number | null;
  tasks_overdue: number | null;
};
export const DASHBOARD_FIGURES = [
  'conversations_opened',
  'conversations_closed',
  'messages_in',
  'messages_out',
  'first_response_count',
  'first_response_avg_seconds',
  'resolution_count',
  'resolution_avg_seconds',
  'deals_won',
  'deals_won_amount',
  'deals_lost',
  'deals_lost_amount',
  'tasks_done',
  'tasks_overdue',
] as const satisfies readonly (keyof DashboardFigures)[];

/** Deals in a currency other than the company's: counted in `deals_won`/`deals_lost`, their amounts here. */
export type OtherCurrencyAmounts = { currency: string; deals_won_amount: number; deals_lost_amount: number };

/** `dashboard/main`'s answer (`data[0]`). */
export type DashboardMain = {
  from: string;
  to: string;
  timezone: string;
  currency: string;
  totals: DashboardFigures & { other_currencies?: OtherCurrencyAmounts[] };
  series: (DashboardFigures & { date: string })[];
};

/** The channel figures: the conversation and message ones of DashboardFigures. */
export type DashboardChannelFigures = Pick<
  DashboardFigures,
  | 'conversations_opened'
  | 'conversations_closed'
  | 'messages_in'
  | 'messages_out'
  | 'first_response_count'
  | 'first_response_avg_seconds'
  | 'resolution_count'
  | 'resolution_avg_seconds'
>;

/** `dashboard/advanced`'s answer: the main one plus agents, channels and the weekday-by-hour heat map. */
export type DashboardAdvanced = DashboardMain & {
  agents: (DashboardFigures & { user_id: string; name: string })[];
  channels: (DashboardChannelFigures & { device_id: string; name: string; type: string })[];
  /** Exactly 168 cells, ISO weekday (1 Monday) then hour 0-23. */
  heatmap: { weekday: number; hour: number; messages_in: number }[];
};
