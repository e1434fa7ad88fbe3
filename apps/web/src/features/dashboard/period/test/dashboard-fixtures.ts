import type { DashboardAdvanced, DashboardFigures } from '@conversa/domain';
import { addDays } from '@conversa/domain';

/** Figures of a quiet period, with the given ones changed. */
export const figures = (overrides: Partial<DashboardFigures> = {}): DashboardFigures => ({
  conversations_opened: 0,
  conversations_closed: 0,
  messages_in: 0,
  messages_out: 0,
  first_response_count: 0,
  first_response_avg_seconds: null,
  resolution_count: 0,
  resolution_avg_seconds: null,
  deals_won: 0,
  deals_won_amount: 0,
  deals_lost: 0,
  deals_lost_amount: 0,
  tasks_done: 0,
  tasks_overdue: 0,
  ...overrides,
});

/** An advanced answer for a period: the totals on its last day, the other days quiet. */
export const answerFor = (
  period: { from: string; to: string },
  totals: DashboardFigures,
  extra: Partial<Pick<DashboardAdvanced, 'agents' | 'channels'>> = {},
): DashboardAdvanced => {
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.push(day);
  const quiet = figures({
    deals_won: totals.deals_won === null ? null : 0,
    deals_won_amount: totals.deals_won_amount === null ? null : 0,
    deals_lost: totals.deals_lost === null ? null : 0,
    deals_lost_amount: totals.deals_lost_amount === null ? null : 0,
    tasks_done: totals.tasks_done === null ? null : 0,
    tasks_overdue: totals.tasks_overdue === null ? null : 0,
  });
  return {
    ...period,
    timezone: 'America/Santiago',
    currency: 'CLP',
    totals,
    series: days.map((date) => ({ date, ...(date === period.to ? totals : quiet) })),
    agents: extra.agents ?? [],
    channels: extra.channels ?? [],
    heatmap: Array.from({ length: 168 }, (_, index) => ({
      weekday: Math.floor(index / 24) + 1,
      hour: index % 24,
      // Mondays at 10 are busy, everything else is quiet.
      messages_in: index === 10 ? totals.messages_in : 0,
    })),
  };
};
