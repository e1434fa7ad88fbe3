import { CONFIRMATION_ROW_STATES, type ConfirmationRow, isLocale } from '@conversa/domain';
import { Box, Chip, Link, MenuItem, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { formattersFor, intlLocale } from '../../../shared/format/intl-format';
import PeopleOutline from '../../../shared/icons/PeopleOutline';
import { ROW_STATE_TONE } from '../../../shared/scheduling/confirmation-tones';
import { NEW_TAB } from '../../../shared/ui/new-tab';
import { PagedTable, usePaging } from '../../../shared/ui/paged-table';
import { wideOnly } from '../../../shared/ui/table-styles';
import { useDebounced } from '../../../shared/use-debounced';
import { useRunRows } from '../api/confirmations';

const COLUMNS = ['patient', 'time', 'professional', 'state', 'answer', 'writeback'] as const;
/** What a phone leaves out: the state's chip already says the answer. */
const WIDE_ONLY_COLUMNS: readonly string[] = ['professional', 'answer', 'writeback'];
const SEARCH_PAUSE_MS = 900;
const WRITEBACK_TONE = { none: 'default', pending: 'info', done: 'success', failed: 'error' } as const;

/** The patient, linked to their contact when there is one and the person may open it. */
const PatientCell = ({ row }: { row: ConfirmationRow }) => {
  const can = useCan();
  const name = row.patient_name || `+${row.phone}`;
  return (
    <TableCell>
      <Box sx={{ display: 'grid' }}>
        {row.contact_id && can('contact.view') ? (
          <Link component={RouterLink} to={`/app/contacts/detail/${row.contact_id}`} {...NEW_TAB}>
            {name}
          </Link>
        ) : (
          <Typography variant="body2">{name}</Typography>
        )}
        <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ justifySelf: 'start' }}>
          {row.phone ? `+${row.phone}` : '-'}
        </Typography>
      </Box>
    </TableCell>
  );
};

/**
 * A run's table: one row per appointment asked, with its time on the company's clock, professional and
 * branch, what was asked and answered, the write-back to the clinic's system and any error; found by
 * state and phone, and read again live as answers arrive.
 */
export const RunRowsTable = ({ runId }: { runId: string }) => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  const formatters = formattersFor(i18n.language);
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(intlLocale(isLocale(i18n.language) ? i18n.language : 'es'), {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: client.timezone,
      }),
    [i18n.language, client.timezone],
  );
  const paging = usePaging();
  const [state, setState] = useState('');
  const [phone, setPhone] = useState('');
  const searched = useDebounced(phone, SEARCH_PAUSE_MS);
  const query = useRunRows(runId, { page: paging.page, offset: paging.offset, state, phone: searched });
  const rows = query.data?.rows ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('confirmations.rows.state')}
          value={state}
          onChange={(event) => {
            setState(event.target.value);
            paging.restart();
          }}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rows-state-filter' } as object } }}
        >
          <MenuItem value="">{t('confirmations.list.all')}</MenuItem>
          {CONFIRMATION_ROW_STATES.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`confirmations.rowState.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('confirmations.rows.phone')}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            paging.restart();
          }}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel', 'data-testid': 'rows-phone' } }}
        />
      </Box>
      <PagedTable
        query={query}
        paging={paging}
        rowCount={rows.length}
        total={query.data?.total ?? 0}
        label={t('confirmations.rows.label')}
        testId="rows-table"
        columns={COLUMNS.length}
        head={COLUMNS.map((column) => (
          <TableCell key={column} sx={WIDE_ONLY_COLUMNS.includes(column) ? wideOnly : undefined}>
            {t(`confirmations.rows.${column}`)}
          </TableCell>
        ))}
        texts={{
          loadFailed: t('confirmations.rows.loadFailed'),
          rowsPerPage: t('confirmations.list.rowsPerPage'),
        }}
        empty={{
          icon: PeopleOutline,
          title: t(state || searched ? 'confirmations.rows.noMatch' : 'confirmations.rows.empty'),
        }}
      >
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="confirmation-row" data-state={row.state}>
            <PatientCell row={row} />
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{time.format(new Date(row.meet_date))}</TableCell>
            <TableCell sx={wideOnly}>
              <Box sx={{ display: 'grid' }}>
                <span>{row.specialist_name || '-'}</span>
                <Typography variant="caption" color="text.secondary">
                  {row.branch_name}
                </Typography>
              </Box>
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
                <Chip
                  size="small"
                  color={ROW_STATE_TONE[row.state]}
                  label={t(`confirmations.rowState.${row.state}`)}
                />
                {row.error && (
                  <Typography variant="caption" color="error" dir="auto" data-testid="row-error">
                    {row.error}
                  </Typography>
                )}
              </Box>
            </TableCell>
            <TableCell sx={wideOnly}>
              {row.answer ? (
                <Box sx={{ display: 'grid' }}>
                  <span>{t(`confirmations.answer.${row.answer}`)}</span>
                  {row.answered_at && (
                    <Typography variant="caption" color="text.secondary">
                      {formatters.dateTime(row.answered_at)}
                    </Typography>
                  )}
                </Box>
              ) : (
                '-'
              )}
            </TableCell>
            <TableCell sx={wideOnly}>
              <Chip
                size="small"
                variant="outlined"
                color={WRITEBACK_TONE[row.writeback]}
                label={t(`confirmations.writeback.${row.writeback}`)}
              />
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Box>
  );
};
