import type { Integration } from '@conversa/domain';
import { Box, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import CheckCircleOutline from '../../../shared/icons/CheckCircleOutline';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import HelpOutline from '../../../shared/icons/HelpOutline';

const CHIP_LOOKS = {
  unchecked: { color: 'default', icon: <HelpOutline /> },
  connected: { color: 'success', icon: <CheckCircleOutline /> },
  error: { color: 'error', icon: <ErrorOutline /> },
} as const;

/**
 * Whether the provider answered the last call, and if not, what it said; a bot nobody has tested yet
 * says so, since nothing has proved its settings.
 */
export const StatusCell = ({ integration }: { integration: Integration }) => {
  const { t } = useTranslation();
  const looks = CHIP_LOOKS[integration.status];
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', maxWidth: 280 }}>
      <Chip
        size="small"
        variant="outlined"
        color={looks.color}
        icon={looks.icon}
        label={t(`settings.integrations.status.${integration.status}`)}
        data-testid="integration-status"
        data-status={integration.status}
      />
      {integration.status === 'unchecked' && (
        <Typography variant="caption" color="text.secondary" data-testid="integration-unchecked">
          {t('settings.integrations.uncheckedHint')}
        </Typography>
      )}
      {integration.status === 'error' && integration.error && (
        <Typography
          variant="caption"
          color="error"
          title={integration.error}
          dir="auto"
          data-testid="integration-error"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {integration.error}
        </Typography>
      )}
    </Box>
  );
};
