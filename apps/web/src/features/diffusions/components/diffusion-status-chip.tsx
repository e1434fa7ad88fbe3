import type { Diffusion } from '@conversa/domain';
import { Box, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isPaused, STATUS_COLOR } from '../diffusion-status';

/** The diffusion's state as a coloured chip and, when it paused, why (WhatsApp's limits or a person). */
export const DiffusionStatusChip = ({
  diffusion,
}: {
  diffusion: Pick<Diffusion, 'status' | 'pause_reason'>;
}) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={STATUS_COLOR[diffusion.status]}
        variant={diffusion.status === 'draft' ? 'outlined' : 'filled'}
        label={t(`diffusions.status.${diffusion.status}`)}
        data-testid="diffusion-status"
        data-status={diffusion.status}
      />
      {isPaused(diffusion) && (
        <Typography variant="caption" color="warning.main" data-testid="diffusion-pause-reason">
          {t(`diffusions.pauseReason.${diffusion.pause_reason}`)}
        </Typography>
      )}
    </Box>
  );
};
