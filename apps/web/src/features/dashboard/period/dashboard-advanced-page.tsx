import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { AgentsChart } from './agents-chart';
import { ChannelsTable } from './channels-table';
import { ActivityChart, DealsChart, SpeedChart, TasksChart } from './day-charts';
import { HeatMap } from './heat-map';
import { PeriodDashboard } from './period-dashboard';

const TWO_COLUMNS = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
};

/**
 * /app/dashboard/advanced (dashboard.advanced): the whole company's period, or one device's or one
 * person's: every figure by day, by agent, by channel, and when customers write.
 */
export const DashboardAdvancedPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.dashboardAdvanced')} subtitle={t('periodDashboard.advancedSubtitle')} />
      <PeriodDashboard
        kind="advanced"
        hasDeviceFilter
        hasUserFilter
        charts={(answer) => (
          <>
            <Box sx={TWO_COLUMNS}>
              <ActivityChart days={answer.series} />
              <SpeedChart days={answer.series} />
              <DealsChart days={answer.series} totals={answer.totals} />
              <TasksChart days={answer.series} totals={answer.totals} />
            </Box>
            <AgentsChart agents={answer.agents} />
            <ChannelsTable channels={answer.channels} />
            <HeatMap cells={answer.heatmap} />
          </>
        )}
      />
    </>
  );
};
