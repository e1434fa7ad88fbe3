import { FILE_MAX_BYTES } from '@conversa/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api-client';
import DownloadOutlined from '../../icons/DownloadOutlined';
import UploadFileOutlined from '../../icons/UploadFileOutlined';
import { type Notification, useSocketEvent } from '../../socket';
import { SubmitButton } from '../../ui/submit-button';
import {
  downloadSample,
  type ImportProgress,
  isFinished,
  useImportJob,
  useStartImport,
} from '../api/import-records';
import { recordsKey } from '../api/search-records';
import type { RecordModule } from '../record-module';
import { ImportReport } from './import-report';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const isJob = (value: unknown): value is Partial<ImportProgress> & { id: string } =>
  typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string';

/**
 * The import dialog: a CSV or XLSX file (the sample shows the columns), then the job's progress as the
 * server reports it, then its report: created, skipped, failed, and each refused row with its line,
 * field and reason.
 */
export const ImportDialog = ({
  config,
  isOpen,
  onClose,
}: {
  config: RecordModule;
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<ImportProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const startImport = useStartImport(config);
  const report = useImportJob(job?.id);
  // The latest of the two: the notifications are faster, the polled job is certain.
  const shown = report.data && isFinished(report.data) ? report.data : job;
  const isDone = shown !== null && isFinished(shown);
  const isRunning = shown !== null && !isDone;

  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module !== 'import' || !job?.id) return;
    const update = notification.data.filter(isJob).find((item) => item.id === job.id);
    if (!update) return;
    // The done notification carries the report itself.
    setJob((current) => (current ? { ...current, ...update } : current));
  });

  useEffect(() => {
    if (isDone) void queryClient.invalidateQueries({ queryKey: recordsKey(config.module) });
  }, [isDone, queryClient, config.module]);

  const reset = () => {
    setFile(null);
    setJob(null);
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (chosen: File | undefined) => {
    setFailure(chosen && chosen.size > FILE_MAX_BYTES ? t('records.import.tooBig') : null);
    setFile(chosen ?? null);
  };
  const start = () => {
    if (!file) return;
    setFailure(null);
    startImport.mutate(file, {
      onSuccess: setJob,
      onError: (error) =>
        setFailure(
          error instanceof ApiError
            ? [error.info, ...error.errors.map((issue) => issue.message)].filter(Boolean).join(' ')
            : t('errors.generic'),
        ),
    });
  };
  const percent =
    shown && shown.total > 0 ? Math.min(100, Math.round((shown.processed / shown.total) * 100)) : 0;

  return (
    <Dialog
      open={isOpen}
      onClose={isRunning ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('records.import.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {!shown && (
          <>
            <DialogContentText>{t('records.import.help')}</DialogContentText>
            <Box>
              <Button
                size="small"
                startIcon={<DownloadOutlined />}
                onClick={() => void downloadSample(config).catch(() => undefined)}
                data-testid="import-sample"
              >
                {t('records.import.sample')}
              </Button>
            </Box>
            <Box
              component="label"
              sx={{
                display: 'grid',
                justifyItems: 'center',
                gap: 1,
                p: 3,
                border: 2,
                borderStyle: 'dashed',
                borderColor: 'divider',
                borderRadius: 2,
                cursor: 'pointer',
                '&:hover, &:focus-within': { borderColor: 'primary.main' },
              }}
            >
              <UploadFileOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden="true" />
              <Typography>{file ? file.name : t('records.import.choose')}</Typography>
              <Typography variant="caption" color="text.secondary">
                {t('records.import.formats')}
              </Typography>
              <input
                type="file"
                accept={ACCEPT}
                onChange={(event) => choose(event.target.files?.[0])}
                data-testid="import-file"
                style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
                aria-label={t('records.import.choose')}
              />
            </Box>
          </>
        )}
        {failure && (
          <Alert severity="error" data-testid="import-error">
            {failure}
          </Alert>
        )}
        {shown && !isDone && (
          <Box data-testid="import-progress">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {shown.total > 0
                ? t('records.import.progress', { processed: shown.processed, total: shown.total })
                : t('records.import.waiting')}
            </Typography>
            <LinearProgress
              variant={shown.total > 0 ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label={t('records.import.title')}
            />
          </Box>
        )}
        {shown && isDone && <ImportReport job={shown} fields={config.fields} />}
      </DialogContent>
      <DialogActions>
        {isDone ? (
          <>
            <Button onClick={reset}>{t('records.import.again')}</Button>
            <Button variant="contained" onClick={close} data-testid="import-close">
              {t('common.close')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close} disabled={isRunning}>
              {t('common.cancel')}
            </Button>
            {!shown && (
              <SubmitButton
                type="button"
                isPending={startImport.isPending}
                disabled={!file || failure !== null}
                onClick={start}
                data-testid="import-submit"
              >
                {t('records.import.submit')}
              </SubmitButton>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};
