import type { TaskExpiry, TaskPriority } from '@conversa/domain';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

type Tone = NonNullable<ChipProps['color']>;

/** How urgent each expiry state reads: past due in red, today in amber, soon in blue. */
export const EXPIRY_TONE: Record<TaskExpiry, Tone> = {
  expired: 'error',
  overdue: 'error',
  expires_today: 'warning',
  next_to_expire: 'info',
  expires: 'default',
};

export const PRIORITY_TONE: Record<TaskPriority, Tone> = {
  high: 'error',
  medium: 'warning',
  low: 'success',
};

/** The expiry states the notification cards announce (spec section 4). */
export const isExpiring = (expiry: TaskExpiry): boolean =>
  expiry === 'expires_today' || expiry === 'overdue' || expiry === 'next_to_expire';

export const ExpiryChip = ({ expiry, isComplete = false }: { expiry: TaskExpiry; isComplete?: boolean }) => {
  const { t } = useTranslation();
  return isComplete ? (
    <Chip size="small" color="success" variant="outlined" label={t('records.field.complete')} />
  ) : (
    <Chip
      size="small"
      color={EXPIRY_TONE[expiry]}
      variant={expiry === 'expires' ? 'outlined' : 'filled'}
      label={t(`tasks.expiry.${expiry}`)}
      data-testid="task-expiry"
    />
  );
};

export const PriorityChip = ({ priority }: { priority: TaskPriority }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PRIORITY_TONE[priority]}
      label={t(`tasks.priority.${priority}`)}
    />
  );
};
