import { AUDIT_ACTIONS } from '@conversa/domain';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import FilterAltOff from '@mui/icons-material/FilterAltOff';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import {
  Box,
  Button,
  Card,
  LinearProgress,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useAuditLog } from '../api/audit-log';
import { pagerSx, wideOnly } from '../table-styles';
import {
  AUDIT_MODULES,
  type AuditFilterForm,
  auditSearchFilters,
  EMPTY_AUDIT_FILTERS,
} from './audit-filters';
import { AuditRow } from './audit-row';

const PAGE_SIZES = [25, 50, 100];

/** Who did what, when and from where (log.view); read only, newest first, filtered by user, module, action and days. */
export const AuditTab = () => {
  const { t } = useTranslation();
  const { list_user: users } = useAccount();
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTERS);
  const [page, setPage] = useState(0);
  const [offset, setOffset] = useState(25);
  const filters = useMemo(() => auditSearchFilters(form), [form]);
  const log = useAuditLog({ page: page + 1, offset, filters });
  const entries = log.data?.entries ?? [];
  const isFiltered = filters.length > 0;
  const theme = useTheme();
  // On a phone the user goes under the date, so the action and the module keep their room.
  const isNarrow = useMediaQuery(theme.breakpoints.down('md'));

  const setField = (key: keyof AuditFilterForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setPage(0);
  };
  const selectProps = (key: 'user_id' | 'module' | 'action') => ({
    select: true,
    size: 'small' as const,
    id: `audit-filter-${key}`,
    label: t(`settings.audit.filter.${key}`),
    value: form[key],
    onChange: setField(key),
    slotProps: {
      select: { native: true },
      inputLabel: { shrink: true },
      htmlInput: { 'data-testid': `audit-filter-${key}` },
    },
  });
  const dateProps = (key: 'from' | 'to') => ({
    type: 'date',
    size: 'small' as const,
    id: `audit-filter-${key}`,
    label: t(`settings.audit.filter.${key}`),
    value: form[key],
    onChange: setField(key),
    slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': `audit-filter-${key}` } },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        component="fieldset"
        sx={{
          border: 0,
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr)) auto' },
          alignItems: 'center',
        }}
        aria-label={t('settings.audit.filters')}
      >
        <TextField {...selectProps('user_id')}>
          <option value="">{t('settings.audit.any')}</option>
          {users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name}
            </option>
          ))}
        </TextField>
        <TextField {...selectProps('module')}>
          <option value="">{t('settings.audit.any')}</option>
          {AUDIT_MODULES.map((module) => (
            <option key={module} value={module}>
              {t(`settings.audit.module.${module}`)}
            </option>
          ))}
        </TextField>
        <TextField {...selectProps('action')}>
          <option value="">{t('settings.audit.any')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`settings.audit.action.${action}`)}
            </option>
          ))}
        </TextField>
        <TextField {...dateProps('from')} />
        <TextField {...dateProps('to')} />
        <Button
          startIcon={<FilterAltOff />}
          disabled={!isFiltered}
          onClick={() => {
            setForm(EMPTY_AUDIT_FILTERS);
            setPage(0);
          }}
          sx={{ justifySelf: 'start' }}
        >
          {t('settings.audit.clear')}
        </Button>
      </Box>
      {log.isError ? (
        <EmptyState
          icon={ErrorOutline}
          title={t('settings.audit.loadFailed')}
          action={<Button onClick={() => void log.refetch()}>{t('common.retry')}</Button>}
        />
      ) : log.isSuccess && entries.length === 0 ? (
        <EmptyState
          icon={HistoryOutlined}
          title={t(isFiltered ? 'settings.audit.noMatch' : 'settings.audit.empty')}
          description={t('settings.audit.emptyHelp')}
        />
      ) : (
        <Card variant="outlined" sx={{ position: 'relative' }}>
          {log.isFetching && !log.isPending && (
            <LinearProgress
              sx={{ position: 'absolute', top: 0, insetInline: 0 }}
              aria-label={t('common.loading')}
            />
          )}
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('settings.audit.tableLabel')} aria-busy={log.isFetching}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{t('settings.audit.column.date')}</TableCell>
                  {!isNarrow && <TableCell>{t('settings.audit.column.user')}</TableCell>}
                  <TableCell>{t('settings.audit.column.action')}</TableCell>
                  <TableCell>{t('settings.audit.column.module')}</TableCell>
                  <TableCell sx={wideOnly}>{t('settings.audit.column.record')}</TableCell>
                  <TableCell sx={wideOnly}>{t('settings.audit.column.ip')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody data-testid="audit-table">
                {log.isPending
                  ? [1, 2, 3, 4].map((key) => (
                      <TableRow key={key}>
                        <TableCell colSpan={7}>
                          <Skeleton height={32} />
                        </TableCell>
                      </TableRow>
                    ))
                  : entries.map((entry) => <AuditRow key={entry.id} entry={entry} isNarrow={isNarrow} />)}
              </TableBody>
            </Table>
          </Box>
          <TablePagination
            component="div"
            count={log.data?.pagination.total ?? 0}
            page={page}
            rowsPerPage={offset}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setOffset(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('settings.audit.rowsPerPage')}
            sx={pagerSx}
          />
        </Card>
      )}
    </Box>
  );
};
