import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import CheckCircleOutline from '../../../shared/icons/CheckCircleOutline';
import ErrorOutline from '../../../shared/icons/ErrorOutline';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { reloadAfterPurchase } from '../page-navigation';
import {
  dismissPaymentOutcome,
  outcomeOf,
  showPaymentOutcome,
  usePaymentOutcome,
} from '../payment-outcome-store';

/**
 * The outcome of a purchase (spec section 4): the realtime `payment` notification with status 200 opens
 * the success dialog, whose confirmation reloads the page; any other status opens the error dialog with
 * the provider's info.
 */
export const PaymentOutcomeDialogs = () => {
  const { t } = useTranslation();
  const outcome = usePaymentOutcome();
  const titleId = useId();

  useSocketEvent<Notification>('notification', (notification) => {
    const heard = outcomeOf(notification);
    if (heard) showPaymentOutcome(heard);
  });

  if (!outcome) return null;
  const isPaid = outcome.status_codes === 200;
  const Icon = isPaid ? CheckCircleOutline : ErrorOutline;
  return (
    <Dialog
      open
      onClose={isPaid ? undefined : dismissPaymentOutcome}
      aria-labelledby={titleId}
      data-testid={isPaid ? 'payment-success' : 'payment-error'}
      maxWidth="xs"
      fullWidth
    >
      <Box sx={{ display: 'grid', justifyItems: 'center', pt: 3 }}>
        <Icon color={isPaid ? 'success' : 'error'} sx={{ fontSize: 56 }} aria-hidden="true" />
      </Box>
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {t(isPaid ? 'billing.successTitle' : 'billing.errorTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ textAlign: 'center' }} data-testid="payment-outcome-info">
          {isPaid ? t('billing.successText') : outcome.info || t('billing.errorText')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
        {isPaid ? (
          <Button variant="contained" onClick={reloadAfterPurchase} data-testid="payment-success-confirm">
            {t('billing.successConfirm')}
          </Button>
        ) : (
          <Button variant="contained" onClick={dismissPaymentOutcome} data-testid="payment-error-close">
            {t('common.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
