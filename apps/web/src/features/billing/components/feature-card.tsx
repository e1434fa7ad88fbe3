import type { Currency, Feature } from '@conversa/domain';
import { formatCount } from '@conversa/domain';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { billingMoney, priceIn } from '../billing-money';

/** An add-on of the Marketplace: what one unit holds and what it costs in the company's currency. */
export const FeatureCard = ({
  feature,
  currency,
  onBuy,
}: {
  feature: Feature;
  currency: Currency;
  onBuy: () => void;
}) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  return (
    <Card variant="outlined" data-testid="feature-card" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography variant="overline" color="text.secondary">
          {t(`billing.kind.${feature.kind}`)}
        </Typography>
        <Typography variant="h6" component="h2">
          {feature.name}
        </Typography>
        <Typography variant="body2" data-testid="feature-quantity">
          {t(`billing.quota.${feature.kind === 'message_bag' ? 'message' : feature.kind}`, {
            amount: formatCount(feature.quantity, client.number_format),
          })}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="feature-price">
          {billingMoney(priceIn(feature, currency), currency, client)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('billing.perUnit')}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" fullWidth onClick={onBuy} data-testid="feature-buy">
          {t('billing.buy')}
        </Button>
      </CardActions>
    </Card>
  );
};
