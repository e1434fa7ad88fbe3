import type { DashboardAdvanced, DashboardMain } from '@conversa/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api, firstOf } from '../../../shared/api-client';
import { type DashboardFilters, dashboardBody, type Period, previousPeriod } from './period';

export type DashboardKind = 'main' | 'advanced';
export type AnswerOf<Kind extends DashboardKind> = Kind extends 'advanced'
  ? DashboardAdvanced
  : DashboardMain;

const dashboardQuery = <Kind extends DashboardKind>(
  kind: Kind,
  period: Period,
  filters: DashboardFilters,
) => {
  const body = dashboardBody(period, filters);
  return {
    queryKey: ['dashboard', kind, body],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      firstOf(
        // The page shows the error itself: on the date field when the server names it, else with a retry.
        await api.request<AnswerOf<Kind>>(`dashboard/${kind}`, {
          method: 'POST',
          body,
          signal,
          errors: 'caller',
        }),
      ),
    placeholderData: keepPreviousData,
  };
};

/**
 * The figures of the period and of the previous period of the same length, which the cards compare with.
 * The previous one only feeds the changes: while it loads (or if it fails) the cards show no change.
 */
export const useDashboard = <Kind extends DashboardKind>(kind: Kind, filters: DashboardFilters) => {
  const current = useQuery(dashboardQuery(kind, filters, filters));
  const previous = useQuery({
    ...dashboardQuery('main', previousPeriod(filters), filters),
    enabled: current.isSuccess,
  });
  return { current, previous: previous.data };
};

/** The server's word on a date field of the period (`from` or `to`), when it refused the period. */
export const periodFieldError = (error: Error | null, field: 'from' | 'to'): string | undefined =>
  error instanceof ApiError && error.status === 400
    ? error.errors.find((issue) => issue.path === field)?.message
    : undefined;
