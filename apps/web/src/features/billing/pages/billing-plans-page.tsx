import { Alert, Box, Button, Skeleton } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import StorefrontOutlined from '../../../shared/icons/StorefrontOutlined';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useMarketplacePlans } from '../api/billing';
import { billingCurrencyOf, priceIn } from '../billing-money';
import { BillingLinks } from '../components/billing-links';
import { cardGridSx } from '../components/card-grid';
import { CheckoutDialog, type CheckoutTarget } from '../components/checkout-dialog';
import { PlanCard } from '../components/plan-card';
import { PurchaseWaiting } from '../components/purchase-waiting';
import { PURCHASE_PARAM } from '../page-navigation';
import { planModuleNames } from '../plan-modules';

/** The Marketplace (`/app/billing/plans`): the public plans, the company's own marked, and the checkout. */
export const BillingPlansPage = () => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  const [searchParams] = useSearchParams();
  const purchaseId = searchParams.get(PURCHASE_PARAM);
  const plans = useMarketplacePlans();
  const currency = billingCurrencyOf(client);
  const [target, setTarget] = useState<CheckoutTarget | null>(null);
  const format = formattersFor(i18n.language);
  const isCurrentListed = plans.data?.some((plan) => plan.id === client.plan_id) ?? false;

  return (
    <Box>
      <PageHeader
        title={t('nav.billingPlans')}
        subtitle={t('modules.billingPlans')}
        actions={<BillingLinks current="plans" />}
      />
      {purchaseId && <PurchaseWaiting purchaseId={purchaseId} />}
      {!client.plan_id && (
        <Alert severity="warning" data-testid="no-plan" sx={{ mb: 3 }}>
          {t('header.noPlan')}
        </Alert>
      )}
      {client.plan_id && plans.isSuccess && !isCurrentListed && (
        <Alert severity="info" data-testid="current-plan-private" sx={{ mb: 3 }}>
          {client.plan_expires_at
            ? t('billing.privatePlanUntil', { date: format.date(client.plan_expires_at) })
            : t('billing.privatePlan')}
        </Alert>
      )}
      {plans.isError ? (
        <EmptyState
          icon={ErrorOutline}
          title={t('billing.loadFailed')}
          action={<Button onClick={() => void plans.refetch()}>{t('common.retry')}</Button>}
        />
      ) : plans.isPending ? (
        <Box sx={cardGridSx}>
          {[1, 2, 3].map((key) => (
            <Skeleton key={key} variant="rounded" height={320} />
          ))}
        </Box>
      ) : plans.data.length === 0 ? (
        <EmptyState icon={StorefrontOutlined} title={t('billing.noPlans')} />
      ) : (
        <Box sx={cardGridSx} data-testid="plan-cards">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              currency={currency}
              moduleNames={planModuleNames(plan.access, t)}
              isCurrent={plan.id === client.plan_id}
              onBuy={() =>
                setTarget({
                  item: { plan_id: plan.id },
                  name: plan.name,
                  unitPrice: priceIn(plan, currency),
                  hasQuantity: false,
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
