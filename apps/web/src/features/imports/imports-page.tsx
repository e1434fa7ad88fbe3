import ErrorOutline from '@mui/icons-material/ErrorOutline';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Box,
  Button,
  Card,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../shared/account/use-account';
import { formattersFor } from '../../shared/format/intl-format';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageHeader } from '../../shared/ui/page-header';
import { useImports } from './api/imports';
import { ImportCounts } from './components/import-counts';
import { ImportReportDialog } from './components/import-report-dialog';
import { ImportStatus } from './components/import-status';
import { useImportsRealtime } from './realtime';

const wideOnly = { display: { xs: 'none', md: 'table-cell' } };
// A phone keeps the page and its arrows, not the rows-per-page choice.
const pagerSx = {
  '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } },
};

/** The history of the company's imports, live while one runs; each opens its report of refused lines. */
export const ImportsPage = () => {
  const { t, i18n } = useTranslation();
  const { list_user: users } = useAccount();
  const [page, setPage] = useState(0);
  const [offset, setOffset] = useState(25);
  const [openId, setOpenId] = useState<string | null>(null);
  const imports = useImports(page + 1, offset);
  useImportsRealtime();
  const format = formattersFor(i18n.language);
  const jobs = imports.data?.jobs ?? [];
  const whoOf = (userId: string | null) =>
    users.find((user) => user.id === userId)?.name ?? t('imports.unknownUser');

  return (
    <>
      <PageHeader title={t('nav.imports')} subtitle={t('imports.subtitle')} />
      {imports.isError ? (
        <EmptyState
          icon={ErrorOutline}
          title={t('imports.loadFailed')}
          action={<Button onClick={() => void imports.refetch()}>{t('common.retry')}</Button>}
        />
      ) : imports.isSuccess && jobs.length === 0 ? (
        <EmptyState
          icon={UploadFileOutlined}
          title={t('imports.empty')}
          description={t('imports.emptyHelp')}
        />
      ) : (
        <Card variant="outlined">
          <Box sx={{ overflowX: 'auto' }}>
            <Table aria-label={t('imports.tableLabel')} aria-busy={imports.isFetching}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('imports.column.file')}</TableCell>
                  <TableCell sx={wideOnly}>{t('imports.column.who')}</TableCell>
                  <TableCell sx={wideOnly}>{t('imports.column.when')}</TableCell>
                  <TableCell>{t('imports.column.status')}</TableCell>
                  <TableCell sx={wideOnly}>{t('imports.column.counts')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody data-testid="imports-table">
                {imports.isPending
                  ? [1, 2, 3].map((key) => (
                      <TableRow key={key}>
                        <TableCell colSpan={5}>
                          <Skeleton height={40} />
                        </TableCell>
                      </TableRow>
                    ))
                  : jobs.map((job) => (
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
              </TableBody>
            </Table>
          </Box>
          <TablePagination
            component="div"
            count={imports.data?.pagination.total ?? 0}
            page={page}
            rowsPerPage={offset}
            rowsPerPageOptions={[25, 50, 100]}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setOffset(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('imports.rowsPerPage')}
            sx={pagerSx}
          />
        </Card>
      )}
      {openId && <ImportReportDialog id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
};
