import type { ConfirmationDashboard } from '@conversa/domain';
import { Box, Card, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDashboardNumbers } from './dashboard-format';

type Totals = ConfirmationDashboard['totals'];
type Rates = ConfirmationDashboard['rates'];

/** The figures shown as cards: each count, with its rate of the appointments where it has one. */
const CARDS: { key: keyof Totals; rate?: keyof Rates; color?: string }[] = [
  { key: 'appointments' },
  { key: 'sent' },
  { key: 'confirmed', rate: 'confirmed', color: 'success.main' },
  { key: 'cancelled', rate: 'cancelled', color: 'error.main' },
  { key: 'no_reply', rate: 'no_reply', color: 'warning.main' },
  { key: 'failed', color: 'grey.700' },
  { key: 'attended', rate: 'attended', color: 'secondary.main' },
  { key: 'no_show', rate: 'no_show', color: 'warning.dark' },
];

/** The period's totals, one card each, the rates as percentages of the appointments asked. */
export const TotalsCards = ({ data }: { data: ConfirmationDashboard }) => {
  const { t } = useTranslation();
  const numbers = useDashboardNumbers();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
      }}
    >
      {CARDS.map((card) => (
        <Card
          key={card.key}
          variant="outlined"
          sx={{ p: 1.5, borderInlineStart: 4, borderInlineStartColor: card.color ?? 'primary.main' }}
          data-testid={`dashboard-total-${card.key}`}
        >
          <Typography variant="caption" color="text.secondary" component="h3">
            {t(`confirmationsDashboard.totals.${card.key}`)}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="dashboard-count">
            {numbers.count(data.totals[card.key])}
          </Typography>
          {card.rate && (
            <Typography variant="body2" color="text.secondary" data-testid="dashboard-rate">
              {t('confirmationsDashboard.rate', { rate: numbers.rate(data.rates[card.rate]) })}
            </Typography>
          )}
        </Card>
      ))}
    </Box>
  );
};
