import type { StorageUsage } from '@conversa/domain';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/byte-size';

/** Past this share of the plan the bar turns to the warning colour, before uploads start to be refused. */
const WARNING_SHARE = 0.9;

/** The company's files against the plan's storage: "1.2 GB of 5 GB" over a bar. */
export const UsageBar = ({ usage }: { usage: StorageUsage }) => {
  const { t, i18n } = useTranslation();
  const share = usage.limit > 0 ? usage.used / usage.limit : 1;
  const percent = Math.min(100, Math.round(share * 100));
  const text = t('storage.usage', {
    used: formatBytes(usage.used, i18n.language),
    limit: formatBytes(usage.limit, i18n.language),
  });
  return (
    <Box sx={{ display: 'grid', gap: 0.5, mb: 2, maxWidth: 480 }} data-testid="storage-usage">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">{text}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('storage.usagePercent', { percent })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={share > WARNING_SHARE ? 'warning' : 'primary'}
        aria-label={text}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
};
