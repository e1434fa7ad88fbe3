import { Alert, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../../shared/account/use-account';
import Add from '../../../shared/icons/Add';
import BarChartOutlined from '../../../shared/icons/BarChartOutlined';
import { useSchedulingIntegrations } from '../../../shared/scheduling/scheduling-integrations';
import { PageHeader } from '../../../shared/ui/page-header';
import { RunDialog } from '../components/run-dialog';
import { RunsList } from '../components/runs-list';
import { useConfirmationsLive } from '../confirmations-live';

/**
 * /app/confirmations: the runs that ask a day's patients to confirm or cancel, kept live as they send and
 * answers arrive, with New run, and the way to the confirmations' dashboard.
 */
export const ConfirmationsPage = () => {
  const { t } = useTranslation();
  const can = useCan();
  const integrations = useSchedulingIntegrations();
  const [isCreating, setIsCreating] = useState(false);
  useConfirmationsLive();
  const list = integrations.data ?? null;
  const hasConnected = list?.some((integration) => integration.status === 'connected') ?? false;

  return (
    // minmax(0, 1fr): the page is as wide as the screen; a wide table scrolls inside its own card.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader
        title={t('nav.confirmations')}
        subtitle={t('confirmations.subtitle')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {can('dashboard.confirmation') && (
              <Button
                component={RouterLink}
                to="/app/dashboard/confirmations"
                startIcon={<BarChartOutlined />}
              >
                {t('confirmations.dashboardLink')}
              </Button>
            )}
            {can('confirmation.create') && list && (
              <Button
                variant="contained"
                startIcon={<Add />}
                disabled={!hasConnected}
                onClick={() => setIsCreating(true)}
                data-testid="new-run"
              >
                {t('confirmations.new')}
              </Button>
            )}
          </Box>
        }
      />
      {can('confirmation.create') && list && !hasConnected && (
        <Alert severity="info" data-testid="runs-no-integration">
          {t('confirmations.noIntegration')}
        </Alert>
      )}
      <RunsList integrations={list} />
      {isCreating && list && <RunDialog integrations={list} onClose={() => setIsCreating(false)} />}
    </Box>
  );
};
