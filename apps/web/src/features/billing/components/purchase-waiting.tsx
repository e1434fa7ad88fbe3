import { Alert, CircularProgress } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePurchaseInvoice } from '../api/billing';
import { showPaymentOutcome, usePurchaseSettled } from '../payment-outcome-store';

/**
 * A payer back from the provider's page: waits for the purchase's outcome. The realtime notification
 * opens the dialogs; if it was sent while the payer was away, the purchase's invoice tells it was paid.
 */
export const PurchaseWaiting = ({ purchaseId }: { purchaseId: string }) => {
  const { t } = useTranslation();
  const isSettled = usePurchaseSettled(purchaseId);
  const invoice = usePurchaseInvoice(purchaseId, !isSettled);

  useEffect(() => {
    if (invoice.data) showPaymentOutcome({ purchase_id: purchaseId, status_codes: 200, info: '' });
  }, [invoice.data, purchaseId]);

  if (isSettled) return null;
  return (
    <Alert
      severity="info"
      icon={<CircularProgress size={20} aria-hidden="true" />}
      role="status"
      data-testid="purchase-waiting"
      sx={{ mb: 3 }}
    >
      {t('billing.waiting')}
    </Alert>
  );
};
