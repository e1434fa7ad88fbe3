import { CONFIRMATION_RUN_STATUSES, type ConfirmationRun } from '@conversa/domain';
import {
  Box,
  Link,
  MenuItem,
  TableCell,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { formatDay } from '../../../shared/format/day-format';
import MarkChatReadOutlined from '../../../shared/icons/MarkChatReadOutlined';
import type { SchedulingIntegration } from '../../../shared/scheduling/scheduling-integrations';
import { NEW_TAB } from '../../../shared/ui/new-tab';
import { PagedTable, usePaging } from '../../../shared/ui/paged-table';
import { wideOnly } from '../../../shared/ui/table-styles';
import { useRunList } from '../api/confirmations';
import { RunActions } from './run-actions';
import { RunStatusChip } from './run-status-chip';
import { RunTotals } from './run-totals';

const COLUMNS = ['date', 'integration', 'device', 'status', 'totals', 'actions'] as const;

/**
 * The company's runs, the latest day first: the day asked, its agenda and device, its state and last
 * error, its answers so far, and the actions its state allows; found by agenda and state. On a phone each
 * run is one stacked cell: its six columns side by side were wider than the screen.
 */
export const RunsList = ({ integrations }: { integrations: readonly SchedulingIntegration[] | null }) => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const paging = usePaging();
  const [integrationId, setIntegrationId] = useState('');
  const [status, setStatus] = useState('');
  const query = useRunList({ page: paging.page, offset: paging.offset, integrationId, status });
  const rows = query.data?.rows ?? [];
  const integrationName = (id: string) => integrations?.find((item) => item.id === id)?.name ?? '-';
  const deviceName = (id: string) =>
    account.list_device.filter(isAccountDevice).find((device) => device.id === id)?.name ?? '-';
  const isFiltered = integrationId !== '' || status !== '';
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  const dayOf = (run: ConfirmationRun) => (
    <Link component={RouterLink} to={`/app/confirmations/${run.id}`} {...NEW_TAB} data-testid="run-link">
      {formatDay(i18n.language, run.date)}
    </Link>
  );
  const errorOf = (run: ConfirmationRun) =>
    run.error && (
      <Typography variant="caption" color="error" dir="auto" data-testid="run-error">
        {run.error}
      </Typography>
    );

  return (
    // minmax(0, 1fr): the table's width stays inside its own scroll, never the page's.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {integrations && integrations.length > 1 && (
          <TextField
            select
            size="small"
            label={t('confirmations.list.integration')}
            value={integrationId}
            onChange={(event) => {
              setIntegrationId(event.target.value);
              paging.restart();
            }}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t('confirmations.list.all')}</MenuItem>
            {integrations.map((integration) => (
              <MenuItem key={integration.id} value={integration.id}>
                {integration.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label={t('confirmations.list.status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            paging.restart();
          }}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'runs-status-filter' } as object } }}
        >
          <MenuItem value="">{t('confirmations.list.all')}</MenuItem>
          {CONFIRMATION_RUN_STATUSES.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`confirmations.status.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <PagedTable
        query={query}
        paging={paging}
        rowCount={rows.length}
        total={query.data?.total ?? 0}
        label={t('confirmations.list.label')}
        testId="runs-table"
        columns={isPhone ? 1 : COLUMNS.length}
        head={
          isPhone ? (
            <TableCell>{t('confirmations.list.label')}</TableCell>
          ) : (
            COLUMNS.map((column) => (
              <TableCell
                key={column}
                align={column === 'actions' ? 'right' : undefined}
                sx={column === 'device' || column === 'integration' ? wideOnly : undefined}
              >
                {t(`confirmations.list.${column}`)}
              </TableCell>
            ))
          )
        }
        texts={{
          loadFailed: t('confirmations.list.loadFailed'),
          rowsPerPage: t('confirmations.list.rowsPerPage'),
        }}
        empty={{
          icon: MarkChatReadOutlined,
          title: t(isFiltered ? 'confirmations.list.noMatch' : 'confirmations.list.empty'),
          description: isFiltered ? undefined : t('confirmations.list.emptyHelp'),
        }}
      >
        {rows.map((run) =>
          isPhone ? (
            <TableRow key={run.id} data-testid="run-row" data-id={run.id}>
              <TableCell>
                <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    {dayOf(run)}
                    <RunStatusChip status={run.status} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {integrationName(run.integration_id)} · {deviceName(run.device_id)}
                  </Typography>
                  {errorOf(run)}
                  <RunTotals totals={run.totals} />
                  <RunActions run={run} />
                </Box>
              </TableCell>
            </TableRow>
          ) : (
            <TableRow key={run.id} data-testid="run-row" data-id={run.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayOf(run)}</TableCell>
              <TableCell sx={wideOnly}>{integrationName(run.integration_id)}</TableCell>
              <TableCell sx={wideOnly}>{deviceName(run.device_id)}</TableCell>
              <TableCell>
                <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', maxWidth: 260 }}>
                  <RunStatusChip status={run.status} />
                  {errorOf(run)}
                </Box>
              </TableCell>
              <TableCell>
                <RunTotals totals={run.totals} />
              </TableCell>
              <TableCell align="right">
                <RunActions run={run} />
              </TableCell>
            </TableRow>
          ),
        )}
      </PagedTable>
    </Box>
  );
};
