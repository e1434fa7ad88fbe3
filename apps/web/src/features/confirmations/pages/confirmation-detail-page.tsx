import { Alert, Box, Button, Card, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { formatDay } from '../../../shared/format/day-format';
import ArrowBack from '../../../shared/icons/ArrowBack';
import { useSchedulingIntegrations } from '../../../shared/scheduling/scheduling-integrations';
import { PageHeader } from '../../../shared/ui/page-header';
import { useRun } from '../api/confirmations';
import { RunActions } from '../components/run-actions';
import { RunRowsTable } from '../components/run-rows-table';
import { RunStatusChip } from '../components/run-status-chip';
import { RunSummary } from '../components/run-summary';
import { RunTotals } from '../components/run-totals';
import { useConfirmationsLive } from '../confirmations-live';

const LIST_PATH = '/app/confirmations';

/**
 * One run (/app/confirmations/{id}): its state and last error, its answers so far, what it sends and
 * until when, the actions its state allows, and its table of appointments, all kept live.
 */
export const ConfirmationDetailPage = () => {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useRun(id);
  const integrations = useSchedulingIntegrations();
  useConfirmationsLive();
  const run = detail.data;

  const back = (
    <Button
      component={RouterLink}
      to={LIST_PATH}
      startIcon={<ArrowBack sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />}
      sx={{ mb: 1, justifySelf: 'start' }}
    >
      {t('confirmations.detail.back')}
    </Button>
  );
  if (!run) {
    return (
      <Box sx={{ display: 'grid' }}>
        {back}
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }
  const integration = integrations.data?.find((item) => item.id === run.integration_id);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid' }}>
        {back}
        <PageHeader
          title={t('confirmations.detail.title', {
            day: formatDay(i18n.language, run.date, { dateStyle: 'full' }),
          })}
          subtitle={integration?.name}
          actions={<RunActions run={run} size="medium" onDeleted={() => navigate(LIST_PATH)} />}
        />
        <Box>
          <RunStatusChip status={run.status} />
        </Box>
      </Box>
      {run.error && (
        <Alert severity="error" data-testid="run-detail-error">
          <span dir="auto">{run.error}</span>
        </Alert>
      )}
      <Card variant="outlined" sx={{ p: 2 }}>
        <RunTotals totals={run.totals} isWide />
      </Card>
      <RunSummary run={run} />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t('confirmations.rows.title')}
        </Typography>
        <RunRowsTable runId={run.id} />
      </Box>
    </Box>
  );
};
