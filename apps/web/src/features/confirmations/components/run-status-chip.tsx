import type { ConfirmationRunStatus } from '@conversa/domain';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RUN_STATUS_TONE } from '../../../shared/scheduling/confirmation-tones';

/** A run's state as a coloured chip. */
export const RunStatusChip = ({ status }: { status: ConfirmationRunStatus }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={RUN_STATUS_TONE[status]}
      variant={status === 'draft' || status === 'cancelled' ? 'outlined' : 'filled'}
      label={t(`confirmations.status.${status}`)}
      data-testid="run-status"
      data-status={status}
    />
  );
};
