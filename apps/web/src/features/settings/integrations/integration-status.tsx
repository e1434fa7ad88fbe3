import type { Integration } from '@conversa/domain';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { Box, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Whether the provider answered the last call, and if not, what it said. */
export const StatusCell = ({ integration }: { integration: Integration }) => {
  const { t } = useTranslation();
  const isConnected = integration.status === 'connected';
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', maxWidth: 280 }}>
      <Chip
        size="small"
        variant="outlined"
        color={isConnected ? 'success' : 'error'}
        icon={isConnected ? <CheckCircleOutline /> : <ErrorOutline />}
        label={t(`settings.integrations.status.${integration.status}`)}
        data-testid="integration-status"
        data-status={integration.status}
      />
      {!isConnected && integration.error && (
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
