import { Box, Button, Chip, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../shared/format/intl-format';
import FilterAltOff from '../../shared/icons/FilterAltOff';
import Replay from '../../shared/icons/Replay';
import TaskAltOutlined from '../../shared/icons/TaskAltOutlined';
import { notify } from '../../shared/notify';
import { PageHeader } from '../../shared/ui/page-header';
import { PagedTable, usePaging } from '../../shared/ui/paged-table';
import { wideOnly } from '../../shared/ui/table-styles';
import { useRetryJob } from './api/retry-job';
import { type Job, useJobs } from './api/search-jobs';
import { DEFAULT_JOB_FILTERS, JOB_STATUSES, type JobFilterForm, jobSearchFilters } from './job-filters';

const STATUS_COLORS = { failed: 'error', pending: 'default', running: 'info', done: 'success' } as const;

const JobRow = ({ job }: { job: Job }) => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const retry = useRetryJob();
  return (
    <TableRow data-testid="job-row">
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {job.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {job.key}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip size="small" color={STATUS_COLORS[job.status]} label={t(`jobs.status.${job.status}`)} />
      </TableCell>
      <TableCell data-testid="job-attempts">
        {t('jobs.attemptsOf', { attempts: job.attempts, max: job.max_attempts })}
      </TableCell>
      <TableCell sx={{ maxWidth: 360 }}>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid="job-error">
          {job.last_error || '—'}
        </Typography>
      </TableCell>
      <TableCell sx={wideOnly}>{format.dateTime(job.create_date)}</TableCell>
      <TableCell sx={wideOnly}>{format.dateTime(job.update_date)}</TableCell>
      <TableCell align="right">
        {job.status === 'failed' && (
          <Button
            size="small"
            startIcon={<Replay />}
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(job.id, {
                onSuccess: () => notify(t('jobs.retried', { name: job.name }), 'success'),
              })
            }
            data-testid="job-retry"
          >
            {t('jobs.retry')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
};

/** The platform's job queue for the master: dead jobs with their last error, run again with Retry. */
export const JobsPage = () => {
  const { t } = useTranslation();
  const [form, setForm] = useState<JobFilterForm>(DEFAULT_JOB_FILTERS);
  const paging = usePaging();
  const filters = useMemo(() => jobSearchFilters(form), [form]);
  const result = useJobs({ page: paging.page + 1, offset: paging.offset, filters });
  const jobs = result.data?.jobs ?? [];

  const setField = (key: keyof JobFilterForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    paging.restart();
  };
  const fieldProps = (key: keyof JobFilterForm) => ({
    size: 'small' as const,
    id: `job-filter-${key}`,
    label: t(`jobs.filter.${key}`),
    value: form[key],
    onChange: setField(key),
    slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': `job-filter-${key}` } },
  });

  return (
    <Box>
      <PageHeader title={t('nav.jobs')} subtitle={t('jobs.subtitle')} />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box
          component="fieldset"
          sx={{
            border: 0,
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr)) auto' },
            alignItems: 'center',
          }}
          aria-label={t('jobs.filters')}
        >
          <TextField
            {...fieldProps('status')}
            select
            slotProps={{ ...fieldProps('status').slotProps, select: { native: true } }}
          >
            <option value="">{t('jobs.anyStatus')}</option>
            {JOB_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`jobs.status.${status}`)}
              </option>
            ))}
          </TextField>
          <TextField {...fieldProps('name')} />
          <TextField {...fieldProps('from')} type="date" />
          <TextField {...fieldProps('to')} type="date" />
          <Button
            startIcon={<FilterAltOff />}
            onClick={() => {
              setForm(DEFAULT_JOB_FILTERS);
              paging.restart();
            }}
            sx={{ justifySelf: 'start' }}
          >
            {t('jobs.clear')}
          </Button>
        </Box>
        <PagedTable
          query={result}
          paging={paging}
          rowCount={jobs.length}
          total={result.data?.pagination.total ?? 0}
          label={t('jobs.tableLabel')}
          testId="jobs-table"
          columns={7}
          texts={{ loadFailed: t('jobs.loadFailed'), rowsPerPage: t('jobs.rowsPerPage') }}
          empty={{
            icon: TaskAltOutlined,
            title: t(form.status === 'failed' ? 'jobs.noneDead' : 'jobs.noMatch'),
            description: t('jobs.emptyHelp'),
          }}
          head={
            <>
              <TableCell>{t('jobs.column.name')}</TableCell>
              <TableCell>{t('jobs.column.status')}</TableCell>
              <TableCell>{t('jobs.column.attempts')}</TableCell>
              <TableCell>{t('jobs.column.lastError')}</TableCell>
              <TableCell sx={wideOnly}>{t('jobs.column.created')}</TableCell>
              <TableCell sx={wideOnly}>{t('jobs.column.updated')}</TableCell>
              <TableCell />
            </>
          }
        >
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </PagedTable>
      </Box>
    </Box>
  );
};
