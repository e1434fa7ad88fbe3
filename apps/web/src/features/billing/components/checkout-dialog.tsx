import { CHECKOUT_MAX_QUANTITY, type Currency, type PaymentProvider } from '@conversa/domain';
import {
  Alert,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { type CheckoutItem, useCheckout, useOfferedProviders } from '../api/billing';
import { billingMoney, PROVIDER_NAMES, providersFor } from '../billing-money';
import { sendToProvider } from '../page-navigation';

export type CheckoutTarget = {
  item: CheckoutItem;
  name: string;
  /** The price of one unit in the company's currency. */
  unitPrice: number;
  /** Features are bought by the unit; a plan is one. */
  hasQuantity: boolean;
};

/**
 * The checkout (issue 15): the providers the platform can take payments with that take the company's
 * currency (saying so when there is none), the number of units for a feature, then `billing/checkout` and
 * off to the provider's page.
 */
export const CheckoutDialog = ({
  target,
  currency,
  onClose,
}: {
  target: CheckoutTarget;
  currency: Currency;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const offered = useOfferedProviders();
  const providers = providersFor(currency, offered.data ?? []);
  const [chosen, setProvider] = useState<PaymentProvider | null>(null);
  const provider = chosen !== null && providers.includes(chosen) ? chosen : providers[0];
  const [quantityText, setQuantityText] = useState('1');
  const checkout = useCheckout();
  const [failure, setFailure] = useState<string | null>(null);

  const quantity = Number(quantityText);
  const isQuantityValid = Number.isInteger(quantity) && quantity >= 1 && quantity <= CHECKOUT_MAX_QUANTITY;
  // While the provider's page loads the dialog stays busy, so a second click does not buy twice.
  const isBusy = checkout.isPending || checkout.isSuccess;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isQuantityValid || provider === undefined) return;
    setFailure(null);
    checkout.mutate(
      { ...target.item, quantity: target.hasQuantity ? quantity : 1, provider },
      {
        onSuccess: (answer) => sendToProvider(answer.url),
        onError: (error) => setFailure(error instanceof ApiError ? error.info : t('billing.checkoutFailed')),
      },
    );
  };

  return (
    <FormDialog
      isOpen
      title={t('billing.checkoutTitle', { name: target.name })}
      text={t('billing.checkoutText')}
      failure={failure}
      isPending={isBusy}
      canSubmit={isQuantityValid && provider !== undefined}
      submitLabel={t('billing.pay')}
      testId="checkout"
      onClose={onClose}
      onSubmit={submit}
    >
      {offered.isPending ? (
        <Skeleton variant="rounded" height={72} />
      ) : providers.length === 0 ? (
        <Alert severity="info" data-testid="checkout-no-providers">
          {t('billing.noProviders')}
        </Alert>
      ) : (
        <FormControl>
          <FormLabel id="checkout-provider-label">{t('billing.provider')}</FormLabel>
          <RadioGroup
            aria-labelledby="checkout-provider-label"
            value={provider ?? ''}
            onChange={(event) => setProvider(event.target.value as PaymentProvider)}
            data-testid="checkout-providers"
          >
            {providers.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio />}
                label={PROVIDER_NAMES[option]}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {target.hasQuantity && (
        <TextField
          id="checkout-quantity"
          label={t('billing.quantity')}
          type="number"
          value={quantityText}
          onChange={(event) => setQuantityText(event.target.value)}
          error={!isQuantityValid}
          helperText={
            isQuantityValid ? undefined : t('billing.quantityRange', { max: CHECKOUT_MAX_QUANTITY })
          }
          slotProps={{
            htmlInput: { min: 1, max: CHECKOUT_MAX_QUANTITY, step: 1, 'data-testid': 'checkout-quantity' },
          }}
        />
      )}
      <Typography data-testid="checkout-total" sx={{ fontWeight: 600 }}>
        {t('billing.total', {
          amount: billingMoney(
            target.unitPrice * (isQuantityValid && target.hasQuantity ? quantity : 1),
            currency,
            client,
          ),
        })}
      </Typography>
    </FormDialog>
  );
};
