import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import CheckCircleOutline from '../../../shared/icons/CheckCircleOutline';
import { useImport } from '../api/imports';
import { ImportCounts } from './import-counts';
import { ImportStatus } from './import-status';

/** One import's report: its counts and every line that was refused, with the field and the reason. */
export const ImportReportDialog = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const report = useImport(id);
  const job = report.data;
  const errors = job?.errors ?? [];
  const format = formattersFor(i18n.language);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={isPhone}>
      <DialogTitle id={titleId}>
        {t('imports.reportTitle')}
        {job && (
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block' }}
            noWrap
          >
            {job.filename || t('imports.noFilename')} ·{' '}
            {t(`imports.module.${job.module}`, { defaultValue: job.module })} ·{' '}
            {format.dateTime(job.create_date)}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }} data-testid="import-report">
        {!job ? (
          <>
            <Skeleton height={48} />
            <Skeleton height={120} />
          </>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
              <ImportStatus job={job} />
              <ImportCounts job={job} isLarge />
            </Box>
            {errors.length === 0 ? (
              <Alert icon={<CheckCircleOutline />} severity="success">
                {t(job.status === 'done' ? 'imports.noErrors' : 'imports.noErrorsYet')}
              </Alert>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('imports.errorsLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('imports.error.line')}</TableCell>
                      <TableCell>{t('imports.error.field')}</TableCell>
                      <TableCell>{t('imports.error.message')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {errors.map((issue) => (
                      <TableRow key={`${issue.line}-${issue.path}`} data-testid="import-error-row">
                        <TableCell sx={{ fontFamily: 'monospace' }}>{issue.line}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{issue.path || '—'}</TableCell>
                        <TableCell>{issue.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
