import { Box, Button, Skeleton } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import ShoppingCartOutlined from '../../../shared/icons/ShoppingCartOutlined';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useMarketplaceFeatures } from '../api/billing';
import { billingCurrencyOf, priceIn } from '../billing-money';
import { BillingLinks } from '../components/billing-links';
import { cardGridSx } from '../components/card-grid';
import { CheckoutDialog, type CheckoutTarget } from '../components/checkout-dialog';
import { FeatureCard } from '../components/feature-card';

/** The add-ons (`/app/billing/features`): message bags, extra devices and users, bot quotas. */
export const BillingFeaturesPage = () => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const features = useMarketplaceFeatures();
  const currency = billingCurrencyOf(client);
  const [target, setTarget] = useState<CheckoutTarget | null>(null);

  return (
    <Box>
      <PageHeader
        title={t('nav.billingFeatures')}
        subtitle={t('modules.billingFeatures')}
        actions={<BillingLinks current="features" />}
      />
      {features.isError ? (
        <EmptyState
          icon={ErrorOutline}
          title={t('billing.loadFailed')}
          action={<Button onClick={() => void features.refetch()}>{t('common.retry')}</Button>}
        />
      ) : features.isPending ? (
        <Box sx={cardGridSx}>
          {[1, 2, 3].map((key) => (
            <Skeleton key={key} variant="rounded" height={240} />
          ))}
        </Box>
      ) : features.data.length === 0 ? (
        <EmptyState icon={ShoppingCartOutlined} title={t('billing.noFeatures')} />
      ) : (
        <Box sx={cardGridSx} data-testid="feature-cards">
          {features.data.map((feature) => (
            <FeatureCard
              key={feature.id}
              feature={feature}
              currency={currency}
              onBuy={() =>
                setTarget({
                  item: { feature_id: feature.id },
                  name: feature.name,
                  unitPrice: priceIn(feature, currency),
                  hasQuantity: true,
                })
              }
            />
          ))}
        </Box>
      )}
      {target && <CheckoutDialog target={target} currency={currency} onClose={() => setTarget(null)} />}
    </Box>
  );
};
