import type { DiffusionTotals as Totals } from '@conversa/domain';
import { Box, Card, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';

const COUNTERS = [
  'recipients',
  'pending',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
  'replied',
] as const;

/** The live counters of a diffusion, one card each. */
export const DiffusionTotals = ({ totals }: { totals: Totals }) => {
  const { t, i18n } = useTranslation();
  const formatters = formattersFor(i18n.language);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', lg: 'repeat(8, 1fr)' },
      }}
    >
      {COUNTERS.map((counter) => (
        <Card key={counter} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="caption" color="text.secondary">
            {t(`diffusions.totals.${counter}`)}
          </Typography>
          <Typography variant="h5" component="p" data-testid={`diffusion-total-${counter}`}>
            {formatters.number(totals[counter])}
          </Typography>
        </Card>
      ))}
    </Box>
  );
};
