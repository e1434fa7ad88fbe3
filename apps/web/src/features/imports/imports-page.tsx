import { Button, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../shared/account/use-account';
import { formattersFor } from '../../shared/format/intl-format';
import UploadFileOutlined from '../../shared/icons/UploadFileOutlined';
import { PageHeader } from '../../shared/ui/page-header';
import { PagedTable, usePaging } from '../../shared/ui/paged-table';
import { wideOnly } from '../../shared/ui/table-styles';
import { useImports } from './api/imports';
import { ImportCounts } from './components/import-counts';
import { ImportReportDialog } from './components/import-report-dialog';
import { ImportStatus } from './components/import-status';
import { useImportsRealtime } from './realtime';

/** The history of the company's imports, live while one runs; each opens its report of refused lines. */
export const ImportsPage = () => {
  const { t, i18n } = useTranslation();
  const { list_user: users } = useAccount();
  const paging = usePaging();
  const [openId, setOpenId] = useState<string | null>(null);
  const imports = useImports(paging.page + 1, paging.offset);
  useImportsRealtime();
  const format = formattersFor(i18n.language);
  const jobs = imports.data?.jobs ?? [];
  const whoOf = (userId: string | null) =>
    users.find((user) => user.id === userId)?.name ?? t('imports.unknownUser');

  return (
    <>
      <PageHeader title={t('nav.imports')} subtitle={t('imports.subtitle')} />
      <PagedTable
        query={imports}
        paging={paging}
        rowCount={jobs.length}
        total={imports.data?.pagination.total ?? 0}
        label={t('imports.tableLabel')}
        testId="imports-table"
        columns={5}
        texts={{ loadFailed: t('imports.loadFailed'), rowsPerPage: t('imports.rowsPerPage') }}
        empty={{ icon: UploadFileOutlined, title: t('imports.empty'), description: t('imports.emptyHelp') }}
        head={
          <>
            <TableCell>{t('imports.column.file')}</TableCell>
            <TableCell sx={wideOnly}>{t('imports.column.who')}</TableCell>
            <TableCell sx={wideOnly}>{t('imports.column.when')}</TableCell>
            <TableCell>{t('imports.column.status')}</TableCell>
            <TableCell sx={wideOnly}>{t('imports.column.counts')}</TableCell>
          </>
        }
      >
        {jobs.map((job) => (
          <TableRow
            key={job.id}
            hover
            onClick={() => setOpenId(job.id)}
            sx={{ cursor: 'pointer' }}
            data-testid="import-row"
          >
            <TableCell sx={{ maxWidth: 320 }}>
              <Button
                variant="text"
                onClick={(event) => {
                  event.stopPropagation();
                  setOpenId(job.id);
                }}
                sx={{
                  p: 0,
                  minWidth: 0,
                  textTransform: 'none',
                  justifyContent: 'flex-start',
                  maxWidth: 1,
                }}
                aria-label={t('imports.openReport', {
                  name: job.filename || t('imports.noFilename'),
                })}
              >
                <Typography noWrap sx={{ fontWeight: 500 }}>
                  {job.filename || t('imports.noFilename')}
                </Typography>
              </Button>
              <Typography variant="body2" color="text.secondary">
                {t(`imports.module.${job.module}`, { defaultValue: job.module })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
                {whoOf(job.user_id)} · {format.dateTime(job.create_date)}
              </Typography>
            </TableCell>
            <TableCell sx={wideOnly}>{whoOf(job.user_id)}</TableCell>
            <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>
              {format.dateTime(job.create_date)}
            </TableCell>
            <TableCell>
              <ImportStatus job={job} />
            </TableCell>
            <TableCell sx={wideOnly}>
              <ImportCounts job={job} />
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      {openId && <ImportReportDialog id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
};
