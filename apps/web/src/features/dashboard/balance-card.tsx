import { Button, Card, CardActions, CardContent, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBalance } from '../../shared/account/api/get-balance';
import { BalanceLines } from '../../shared/account/balance-lines';
import { useAccount } from '../../shared/account/use-account';
import ShoppingCartOutlined from '../../shared/icons/ShoppingCartOutlined';
import { PATHS } from '../../shared/paths';

/**
 * The message balance card (spec section 2): plan and bags with what was spent and its share; the buy
 * button to the features page only for a company owner (client account) with a subscription id.
 */
export const BalanceCard = () => {
  const { t } = useTranslation();
  const { client, user } = useAccount();
  const balance = useBalance(client.id, Boolean(client.plan_id));
  const canBuy = user.account === 'client' && client.subscribe_id.length > 0;
  return (
    <Card data-testid="balance-card" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('header.balance')}
        </Typography>
        {balance.isLoading ? (
          <CircularProgress size={24} aria-label={t('common.loading')} />
        ) : (
          <BalanceLines balance={balance.data} />
        )}
      </CardContent>
      {canBuy && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            component={RouterLink}
            to={PATHS.billingFeatures}
            size="small"
            variant="contained"
            startIcon={<ShoppingCartOutlined />}
            data-testid="balance-buy"
          >
            {t('header.balanceBuy')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
};
