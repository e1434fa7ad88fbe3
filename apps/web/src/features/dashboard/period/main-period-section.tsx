import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { ActivityChart } from './day-charts';
import { PeriodDashboard } from './period-dashboard';

/**
 * The main dashboard's period figures: cards and the day chart. The owner and those holding
 * dashboard.advanced may look at one colleague; anyone else sees their own figures (the server answers
 * only those), so they get no user filter.
 */
export const MainPeriodSection = () => {
  const { t } = useTranslation();
  const account = useAccount();
  const can = useCan();
  const hasUserFilter = account.user.account === 'client' || can('dashboard.advanced');
  return (
    <section aria-labelledby="main-period-title">
      <Typography id="main-period-title" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
        {hasUserFilter ? t('periodDashboard.companyTitle') : t('periodDashboard.ownTitle')}
      </Typography>
      <PeriodDashboard
        kind="main"
        hasDeviceFilter={false}
        hasUserFilter={hasUserFilter}
        charts={(answer) => <ActivityChart days={answer.series} />}
      />
    </section>
  );
};
