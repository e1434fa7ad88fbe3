import type { Currency, Plan, PlanQuantities, QuotaType } from '@conversa/domain';
import { formatCount, QUOTA_TYPES } from '@conversa/domain';
import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import { billingMoney, priceIn } from '../billing-money';

/** The quantities a card lists: the plan's own, leaving out the bots and PBX it does not include. */
const shownQuotas = (quantities: PlanQuantities): QuotaType[] =>
  QUOTA_TYPES.filter(
    (type) => quantities[type] > 0 || type === 'user' || type === 'device' || type === 'message',
  );

/**
 * A public plan of the Marketplace: price in the company's currency and number format, duration, what it
 * includes and, for the company's current plan, when it expires.
 */
export const PlanCard = ({
  plan,
  currency,
  moduleNames,
  isCurrent,
  onBuy,
}: {
  plan: Plan;
  currency: Currency;
  /** The names of the modules the plan opens. */
  moduleNames: string[];
  isCurrent: boolean;
  onBuy: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  const format = formattersFor(i18n.language);
  return (
    <Card
      variant="outlined"
      data-testid="plan-card"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: isCurrent ? 'primary.main' : undefined,
        borderWidth: isCurrent ? 2 : undefined,
      }}
    >
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {plan.name}
          </Typography>
          {isCurrent && <Chip color="primary" size="small" label={t('billing.currentPlan')} />}
        </Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="plan-price">
          {billingMoney(priceIn(plan, currency), currency, client)}
        </Typography>
        <Typography color="text.secondary" data-testid="plan-duration">
          {t('billing.duration', { count: plan.duration_days })}
        </Typography>
        {isCurrent && client.plan_expires_at && (
          <Typography variant="body2" data-testid="plan-expiry">
            {t('billing.expiresOn', { date: format.date(client.plan_expires_at) })}
          </Typography>
        )}
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="plan-quantities">
          {shownQuotas(plan.quantities).map((type) => (
            <Typography component="li" variant="body2" key={type}>
              {t(`billing.quota.${type}`, {
                amount: formatCount(plan.quantities[type], client.number_format),
              })}
            </Typography>
          ))}
        </Box>
        {moduleNames.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="plan-access">
            {t('billing.access', { modules: moduleNames.join(' · ') })}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant={isCurrent ? 'outlined' : 'contained'}
          fullWidth
          onClick={onBuy}
          data-testid="plan-buy"
        >
          {t(isCurrent ? 'billing.renew' : 'billing.buy')}
        </Button>
      </CardActions>
    </Card>
  );
};
