import { AUDIT_ACTIONS, AUDIT_MODULES } from '@conversa/domain';
import { Box, Button, TableCell, TextField, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import FilterAltOff from '../../../shared/icons/FilterAltOff';
import HistoryOutlined from '../../../shared/icons/HistoryOutlined';
import { PagedTable, usePaging } from '../../../shared/ui/paged-table';
import { wideOnly } from '../../../shared/ui/table-styles';
import { useAuditLog } from '../api/audit-log';
import { type AuditFilterForm, auditSearchFilters, EMPTY_AUDIT_FILTERS } from './audit-filters';
import { AuditRow } from './audit-row';

/** Who did what, when and from where (log.view); read only, newest first, filtered by user, module, action and days. */
export const AuditTab = () => {
  const { t } = useTranslation();
  const { list_user: users } = useAccount();
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTERS);
  const paging = usePaging();
  const filters = useMemo(() => auditSearchFilters(form), [form]);
  const log = useAuditLog({ page: paging.page + 1, offset: paging.offset, filters });
  const entries = log.data?.entries ?? [];
  const isFiltered = filters.length > 0;
  const theme = useTheme();
  // On a phone the user goes under the date, so the action and the module keep their room.
  const isNarrow = useMediaQuery(theme.breakpoints.down('md'));

  const setField = (key: keyof AuditFilterForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    paging.restart();
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
            paging.restart();
          }}
          sx={{ justifySelf: 'start' }}
        >
          {t('settings.audit.clear')}
        </Button>
      </Box>
      <PagedTable
        query={log}
        paging={paging}
        rowCount={entries.length}
        total={log.data?.pagination.total ?? 0}
        label={t('settings.audit.tableLabel')}
        testId="audit-table"
        columns={7}
        texts={{ loadFailed: t('settings.audit.loadFailed'), rowsPerPage: t('settings.audit.rowsPerPage') }}
        empty={{
          icon: HistoryOutlined,
          title: t(isFiltered ? 'settings.audit.noMatch' : 'settings.audit.empty'),
          description: t('settings.audit.emptyHelp'),
        }}
        head={
          <>
            <TableCell padding="checkbox" />
            <TableCell>{t('settings.audit.column.date')}</TableCell>
            {!isNarrow && <TableCell>{t('settings.audit.column.user')}</TableCell>}
            <TableCell>{t('settings.audit.column.action')}</TableCell>
            <TableCell>{t('settings.audit.column.module')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.audit.column.record')}</TableCell>
            <TableCell sx={wideOnly}>{t('settings.audit.column.ip')}</TableCell>
          </>
        }
      >
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} isNarrow={isNarrow} />
        ))}
      </PagedTable>
    </Box>
  );
};
