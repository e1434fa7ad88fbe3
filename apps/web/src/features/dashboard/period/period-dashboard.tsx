import { DASHBOARD_FIGURES, type DashboardFigures } from '@conversa/domain';
import { Box, Button, LinearProgress, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import InsightsOutlined from '../../../shared/icons/InsightsOutlined';
import { EmptyState } from '../../../shared/ui/empty-state';
import { type AnswerOf, type DashboardKind, periodFieldError, useDashboard } from './dashboard-api';
import { FigureCards } from './figure-cards';
import { PeriodFilters } from './period-filters';
import { useDashboardFilters } from './use-dashboard-filters';

/** Nothing happened: every figure the person may see is 0 (or an average without samples). */
const isQuiet = (totals: DashboardFigures) => DASHBOARD_FIGURES.every((key) => !totals[key]);

/**
 * A dashboard of a period: its filters, then the figures as cards with their change and the charts the
 * page draws from the answer; a skeleton while the first answer comes, a retry when it fails, and a
 * quiet-period notice instead of empty charts.
 */
export const PeriodDashboard = <Kind extends DashboardKind>({
  kind,
  hasDeviceFilter,
  hasUserFilter,
  charts,
}: {
  kind: Kind;
  hasDeviceFilter: boolean;
  hasUserFilter: boolean;
  charts: (answer: AnswerOf<Kind>) => ReactNode;
}) => {
  const { t } = useTranslation();
  const [addressed, setFilters] = useDashboardFilters();
  // A filter the page does not offer is not sent even when a link names it: a staff member's own view
  // answers 403 to another person's user_id.
  const { device_id, user_id, ...period } = addressed;
  const filters = {
    ...period,
    ...(hasDeviceFilter && device_id ? { device_id } : {}),
    ...(hasUserFilter && user_id ? { user_id } : {}),
  };
  const { current, previous } = useDashboard(kind, filters);
  const errors = { from: periodFieldError(current.error, 'from'), to: periodFieldError(current.error, 'to') };
  const isRefusedPeriod = Boolean(errors.from || errors.to);
  const data = current.data;

  const body = () => {
    if (isRefusedPeriod) return null;
    if (current.isError && !data) {
      return (
        <EmptyState
          icon={ErrorOutline}
          title={t('periodDashboard.loadFailed')}
          action={<Button onClick={() => void current.refetch()}>{t('common.retry')}</Button>}
        />
      );
    }
    if (!data) {
      return (
        <Box sx={{ display: 'grid', gap: 1.5 }} aria-busy="true" data-testid="dashboard-loading">
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={280} />
        </Box>
      );
    }
    return (
      <Box sx={{ display: 'grid', gap: 3, position: 'relative', minWidth: 0 }} aria-busy={current.isFetching}>
        {current.isFetching && (
          <LinearProgress
            sx={{ position: 'absolute', top: -12, insetInline: 0 }}
            aria-label={t('common.loading')}
          />
        )}
        <FigureCards totals={data.totals} previous={previous?.totals} />
        {isQuiet(data.totals) ? (
          <EmptyState icon={InsightsOutlined} title={t('periodDashboard.empty')} />
        ) : (
          charts(data)
        )}
      </Box>
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <PeriodFilters
        filters={filters}
        onChange={setFilters}
        errors={errors}
        hasDeviceFilter={hasDeviceFilter}
        hasUserFilter={hasUserFilter}
      />
      {body()}
    </Box>
  );
};
