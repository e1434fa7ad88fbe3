import type { ConfirmationTotals } from '@conversa/domain';
import { Box, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../../shared/format/intl-format';
import { TOTAL_PARTS, waitingOf } from '../run-status';

/**
 * A run's answers as one stacked bar (confirmed, cancelled, no reply, failed; the rest still waiting) and
 * as counts, which also say it in words to screen readers.
 */
export const RunTotals = ({ totals, isWide = false }: { totals: ConfirmationTotals; isWide?: boolean }) => {
  const { t, i18n } = useTranslation();
  const formatters = formattersFor(i18n.language);
  const { waiting, pending } = waitingOf(totals);
  const counts = [
    ...TOTAL_PARTS.map((part) => ({ key: part.key, value: totals[part.key], color: part.color })),
    { key: 'waiting', value: waiting, color: 'info.light' },
    { key: 'pending', value: pending, color: 'action.disabledBackground' },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 0.75, minWidth: isWide ? undefined : 220 }} data-testid="run-totals">
      <Typography variant="caption" color="text.secondary">
        {t('confirmations.totals.appointments', { value: formatters.number(totals.appointments) })}
      </Typography>
      <Box
        aria-hidden="true"
        sx={{
          display: 'flex',
          height: isWide ? 12 : 8,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        {counts.map(
          (part) =>
            part.value > 0 && (
              <Box key={part.key} sx={{ flexGrow: part.value, bgcolor: part.color }} data-part={part.key} />
            ),
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {counts
          .filter((part) => isWide || part.value > 0)
          .map((part) => (
            <Chip
              key={part.key}
              size="small"
              variant="outlined"
              icon={
                <Box
                  component="span"
                  sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: part.color, marginInlineStart: 1 }}
                />
              }
              label={`${t(`confirmations.totals.${part.key}`)}: ${formatters.number(part.value)}`}
              data-testid={`run-total-${part.key}`}
            />
          ))}
      </Box>
    </Box>
  );
};
