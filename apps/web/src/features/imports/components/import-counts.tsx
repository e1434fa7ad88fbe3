import type { ImportJob } from '@conversa/domain';
import { formatCount } from '@conversa/domain';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';

/** Created, skipped (already there) and failed lines, each in its colour. */
export const ImportCounts = ({ job, isLarge = false }: { job: ImportJob; isLarge?: boolean }) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const counts = [
    { key: 'created', value: job.created, color: 'success.main' },
    { key: 'skipped', value: job.skipped, color: 'text.secondary' },
    { key: 'failed', value: job.failed, color: job.failed > 0 ? 'error.main' : 'text.secondary' },
  ] as const;
  return (
    <Box sx={{ display: 'flex', gap: isLarge ? 3 : 1.5, flexWrap: 'wrap' }} data-testid="import-counts">
      {counts.map((count) => (
        <Box key={count.key} sx={{ display: 'grid' }}>
          <Typography variant={isLarge ? 'h5' : 'body2'} sx={{ color: count.color, fontWeight: 600 }}>
            {formatCount(count.value, client.number_format)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`imports.count.${count.key}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
