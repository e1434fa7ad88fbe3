import type { DiffusionTotals } from '@conversa/domain';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { progressOf } from '../diffusion-status';

/** Recipients done with (sent, skipped or failed) out of all of them, as a bar and in words. */
export const DiffusionProgress = ({
  totals,
  isWide = false,
}: {
  totals: DiffusionTotals;
  isWide?: boolean;
}) => {
  const { t } = useTranslation();
  const { done, percent } = progressOf(totals);
  return (
    <Box sx={{ minWidth: isWide ? undefined : 140 }} data-testid="diffusion-progress" data-percent={percent}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('diffusions.progress.label')}
        sx={{ height: isWide ? 10 : 6, borderRadius: 1 }}
      />
      <Typography variant="caption" color="text.secondary">
        {t('diffusions.progress.text', { done, total: totals.recipients, percent })}
      </Typography>
    </Box>
  );
};
