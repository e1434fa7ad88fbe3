import type { Extraction } from '@conversa/domain';
import { Box, Chip, type ChipProps, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type ExtractionState, stateOf } from '../extraction-state';

const COLORS: Record<ExtractionState, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
  expired: 'default',
};

/** The extraction's status, with its progress bar while it writes the file and the reason if it failed. */
export const ExtractionStatus = ({ extraction }: { extraction: Extraction }) => {
  const { t } = useTranslation();
  const state = stateOf(extraction);
  const isWorking = state === 'queued' || state === 'running';
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 120 }} data-testid="extraction-status">
      <Chip
        size="small"
        label={t(`extractions.status.${state}`)}
        color={COLORS[state]}
        title={state === 'failed' ? extraction.error : undefined}
        sx={{ justifySelf: 'start' }}
      />
      {isWorking && (
        <LinearProgress
          variant="determinate"
          value={extraction.progress}
          aria-label={t('extractions.progress', { percent: extraction.progress })}
        />
      )}
    </Box>
  );
};
