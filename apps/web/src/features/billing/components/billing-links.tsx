import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import ReceiptLongOutlined from '../../../shared/icons/ReceiptLongOutlined';
import ShoppingCartOutlined from '../../../shared/icons/ShoppingCartOutlined';
import StorefrontOutlined from '../../../shared/icons/StorefrontOutlined';

const LINKS = {
  plans: { to: '/app/billing/plans', labelKey: 'nav.billingPlans', icon: StorefrontOutlined },
  features: { to: '/app/billing/features', labelKey: 'nav.billingFeatures', icon: ShoppingCartOutlined },
  invoices: { to: '/app/billing/invoices', labelKey: 'nav.invoices', icon: ReceiptLongOutlined },
} as const;

/** The Marketplace's pages link to each other; the invoices page has no sidebar entry for companies. */
export const BillingLinks = ({ current }: { current: keyof typeof LINKS }) => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {(Object.keys(LINKS) as (keyof typeof LINKS)[])
        .filter((key) => key !== current)
        .map((key) => {
          const { to, labelKey, icon: Icon } = LINKS[key];
          return (
            <Button
              key={key}
              component={Link}
              to={to}
              startIcon={<Icon />}
              data-testid={`billing-link-${key}`}
            >
              {t(labelKey)}
            </Button>
          );
        })}
    </Box>
  );
};
