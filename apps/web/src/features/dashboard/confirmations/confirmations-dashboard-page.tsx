import { addDays, confirmationDashboardSchema, localDayAndTime } from '@conversa/domain';
import { Box, Button, Card, LinearProgress, MenuItem, Skeleton, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { BreakdownTable } from './breakdown-table';
import { useConfirmationDashboard } from './confirmations-dashboard-api';
import { DayChart } from './day-chart';
import { TotalsCards } from './totals-cards';

/** The current month on the company's clock: from its 1st to its last day. */
const thisMonth = (timeZone: string): { from: string; to: string } => {
  const today = localDayAndTime(new Date(), timeZone).day;
  const from = `${today.slice(0, 8)}01`;
  const nextMonth = addDays(from, 32);
  return { from, to: addDays(`${nextMonth.slice(0, 8)}01`, -1) };
};

/**
 * /app/dashboard/confirmations: how the patients answered the confirmation runs of a period (the
 * appointments' days) and, optionally, of one device: totals and rates, each day's answers, and the
 * figures by professional and by branch.
 */
export const ConfirmationsDashboardPage = () => {
  const { t } = useTranslation();
  const account = useAccount();
  const devices = account.list_device.filter(isAccountDevice);
  const [period, setPeriod] = useState(() => thisMonth(account.client.timezone));
  const [deviceId, setDeviceId] = useState('');
  const input = { ...period, ...(deviceId ? { device_id: deviceId } : {}) };
  const isValid = confirmationDashboardSchema.safeParse(input).success;
  const query = useConfirmationDashboard(input, isValid);
  const data = query.data;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PageHeader title={t('nav.dashboardConfirmations')} subtitle={t('confirmationsDashboard.subtitle')} />
      <Box
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '180px 180px 260px' } }}
      >
        <TextField
          type="date"
          size="small"
          label={t('confirmationsDashboard.from')}
          value={period.from}
          onChange={(event) => setPeriod((current) => ({ ...current, from: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dashboard-from' } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('confirmationsDashboard.to')}
          value={period.to}
          error={!isValid}
          helperText={isValid ? undefined : t('confirmationsDashboard.badPeriod')}
          onChange={(event) => setPeriod((current) => ({ ...current, to: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'dashboard-to' } }}
        />
        <TextField
          select
          size="small"
          label={t('confirmationsDashboard.device')}
          value={deviceId}
          onChange={(event) => setDeviceId(event.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'dashboard-device' } as object } }}
        >
          <MenuItem value="">{t('confirmationsDashboard.allDevices')}</MenuItem>
          {devices.map((device) => (
            <MenuItem key={device.id} value={device.id}>
              {device.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {query.isError && !data ? (
        <EmptyState
          icon={ErrorOutline}
          title={t('confirmationsDashboard.loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : !data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3, position: 'relative' }} aria-busy={query.isFetching}>
          {query.isFetching && (
            <LinearProgress
              sx={{ position: 'absolute', top: -12, insetInline: 0 }}
              aria-label={t('common.loading')}
            />
          )}
          <TotalsCards data={data} />
          <Card variant="outlined" sx={{ p: 2 }}>
            <DayChart days={data.by_day} />
          </Card>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } }}>
            <BreakdownTable
              title={t('confirmationsDashboard.byProfessional')}
              nameColumn={t('confirmationsDashboard.column.professional')}
              lines={data.by_professional.map((line) => ({ ...line, id: line.specialist }))}
              testId="by-professional"
            />
            <BreakdownTable
              title={t('confirmationsDashboard.byBranch')}
              nameColumn={t('confirmationsDashboard.column.branch')}
              lines={data.by_branch.map((line) => ({ ...line, id: line.branch }))}
              testId="by-branch"
            />
          </Box>
        </Box>
      )}
    </Box>
  );
};
