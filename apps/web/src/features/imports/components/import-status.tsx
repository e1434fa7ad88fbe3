import type { ImportJob } from '@conversa/domain';
import { Box, Chip, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isRunning, progressOf } from '../import-progress';

const COLORS = { queued: 'default', running: 'info', done: 'success', failed: 'error' } as const;

/** The job's state; while it runs, a progress bar with the share of lines read. */
export const ImportStatus = ({ job }: { job: ImportJob }) => {
  const { t } = useTranslation();
  const progress = progressOf(job);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 110 }}>
      <Chip
        size="small"
        label={t(`imports.status.${job.status}`)}
        color={COLORS[job.status] ?? 'default'}
        variant={job.status === 'done' ? 'filled' : 'outlined'}
        sx={{ justifySelf: 'start' }}
        data-testid="import-status"
      />
      {isRunning(job) && (
        <LinearProgress
          variant={job.total > 0 ? 'determinate' : 'indeterminate'}
          value={progress}
          aria-label={t('imports.progress', { percent: progress })}
        />
      )}
    </Box>
  );
};
