import type { RecordField } from '@conversa/domain';
import {
  Alert,
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/use-account';
import CheckCircleOutline from '../../icons/CheckCircleOutline';
import ErrorOutline from '../../icons/ErrorOutline';
import SkipNextOutlined from '../../icons/SkipNextOutlined';
import type { SvgIconComponent } from '../../icons/svg-icon-component';
import type { ImportProgress } from '../api/import-records';
import { formatNumber } from '../number-format';

const Figure = ({
  icon: Icon,
  color,
  label,
  value,
  testId,
}: {
  icon: SvgIconComponent;
  color: 'success' | 'warning' | 'error';
  label: string;
  value: string;
  testId: string;
}) => (
  <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5 }}>
    <Icon color={color} aria-hidden="true" />
    <Box>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  </Paper>
);

/** A finished import: how many rows were created, skipped and refused, and why each refused row was. */
export const ImportReport = ({ job, fields }: { job: ImportProgress; fields: readonly RecordField[] }) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const count = (value: number) => formatNumber(value, client.number_format);
  const errors = job.errors ?? [];
  // The report names a column as the file does (a key's last segment); the table's title reads better.
  const titleOf = (path: string) => {
    const field = fields.find((item) => item.key === path || item.key.endsWith(`.${path}`));
    return field ? t(field.i18n) : path;
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="import-report">
      {job.status === 'failed' ? (
        <Alert severity="error">{t('records.import.stopped')}</Alert>
      ) : (
        <Alert severity={job.failed > 0 ? 'warning' : 'success'}>{t('records.import.finished')}</Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Figure
          icon={CheckCircleOutline}
          color="success"
          label={t('records.import.created')}
          value={count(job.created)}
          testId="import-created"
        />
        <Figure
          icon={SkipNextOutlined}
          color="warning"
          label={t('records.import.skipped')}
          value={count(job.skipped)}
          testId="import-skipped"
        />
        <Figure
          icon={ErrorOutline}
          color="error"
          label={t('records.import.failed')}
          value={count(job.failed)}
          testId="import-failed"
        />
      </Box>
      {errors.length > 0 && (
        <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 260 }}>
          <Table size="small" stickyHeader aria-label={t('records.import.errors')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('records.import.line')}</TableCell>
                <TableCell>{t('records.import.field')}</TableCell>
                <TableCell>{t('records.import.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errors.map((issue) => (
                <TableRow key={`${issue.line}-${issue.path}`} data-testid="import-error-row">
                  <TableCell>{issue.line}</TableCell>
                  <TableCell>{titleOf(issue.path)}</TableCell>
                  <TableCell>{issue.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
};
