import { CONFIRMATION_RUN_STATUSES } from '@conversa/domain';
import MarkChatReadOutlined from '@mui/icons-material/MarkChatReadOutlined';
import { Box, Link, MenuItem, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isAccountDevice, useAccount } from '../../../shared/account/use-account';
import { formatDay } from '../../../shared/format/day-format';
import type { SchedulingIntegration } from '../../../shared/scheduling/scheduling-integrations';
import { PagedTable, usePaging } from '../../../shared/ui/paged-table';
import { wideOnly } from '../../../shared/ui/table-styles';
import { useRunList } from '../api/confirmations';
import { RunActions } from './run-actions';
import { RunStatusChip } from './run-status-chip';
import { RunTotals } from './run-totals';

const COLUMNS = ['date', 'integration', 'device', 'status', 'totals', 'actions'] as const;

/**
 * The company's runs, the latest day first: the day asked, its agenda and device, its state and last
 * error, its answers so far, and the actions its state allows; found by agenda and state.
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

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
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
        columns={COLUMNS.length}
        head={COLUMNS.map((column) => (
          <TableCell
            key={column}
            align={column === 'actions' ? 'right' : undefined}
            sx={column === 'device' || column === 'integration' ? wideOnly : undefined}
          >
            {t(`confirmations.list.${column}`)}
          </TableCell>
        ))}
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
        {rows.map((run) => (
          <TableRow key={run.id} data-testid="run-row" data-id={run.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Link component={RouterLink} to={`/app/confirmations/${run.id}`} data-testid="run-link">
                {formatDay(i18n.language, run.date)}
              </Link>
            </TableCell>
            <TableCell sx={wideOnly}>{integrationName(run.integration_id)}</TableCell>
            <TableCell sx={wideOnly}>{deviceName(run.device_id)}</TableCell>
            <TableCell>
              <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', maxWidth: 260 }}>
                <RunStatusChip status={run.status} />
                {run.error && (
                  <Typography variant="caption" color="error" dir="auto" data-testid="run-error">
                    {run.error}
                  </Typography>
                )}
              </Box>
            </TableCell>
            <TableCell>
              <RunTotals totals={run.totals} />
            </TableCell>
            <TableCell align="right">
              <RunActions run={run} />
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Box>
  );
};
