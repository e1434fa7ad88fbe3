import type { Filter, Logical } from '@conversa/domain';
import { Box, Chip, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { formatNumber } from '../../../shared/records/number-format';
import { usePaymentTotals } from '../api/payments';
import { paymentMoney } from '../payment-money';

/** How many payments the table's filters find and their sum in each currency, in the company's format. */
export const PaymentTotalsStrip = ({ filters, logical }: { filters: Filter[]; logical: Logical }) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const totals = usePaymentTotals({ filters, logical });
  const data = totals.data;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('payments.totals.label')}
      aria-live="polite"
      data-testid="payment-totals"
      sx={{ px: 2, py: 1, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      {totals.isError && (
        <Typography variant="body2" color="error">
          {t('payments.totals.loadFailed')}
        </Typography>
      )}
      {data && (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
            <Typography variant="body2" color="text.secondary">
              {t('payments.totals.count')}
            </Typography>
            <Typography variant="subtitle1" component="span" data-testid="payment-totals-count">
              {formatNumber(data.count, client.number_format)}
            </Typography>
          </Box>
          {data.totals.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('payments.totals.none')}
            </Typography>
          ) : (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">
                {t('payments.totals.sum')}
              </Typography>
              {data.totals.map((total) => (
                <Chip
                  key={total.currency}
                  color="primary"
                  variant="outlined"
                  label={paymentMoney(total.amount, total.currency, client)}
                  data-testid={`payment-total-${total.currency}`}
                  sx={{ fontWeight: 600, direction: 'ltr' }}
                />
              ))}
            </Box>
          )}
        </>
      )}
    </Paper>
  );
};
