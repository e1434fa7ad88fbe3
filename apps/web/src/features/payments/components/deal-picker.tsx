import type { Deal } from '@conversa/domain';
import { useTranslation } from 'react-i18next';
import { RecordPicker } from '../../../shared/records/components/record-picker';
import { PAYMENT_DEAL_SEARCH } from '../api/payments';

export type PickedDeal = Pick<Deal, 'id' | 'numdeal' | 'name'>;

type DealPickerProps = {
  value: PickedDeal | null;
  onChange: (deal: PickedDeal | null) => void;
  error?: string;
};

/** Picks the deal a payment goes on by typing part of its name; the company's deals are searched, not loaded. */
export const DealPicker = ({ value, onChange, error }: DealPickerProps) => {
  const { t } = useTranslation();
  return (
    <RecordPicker<Deal, PickedDeal>
      search={PAYMENT_DEAL_SEARCH}
      value={value}
      onChange={onChange}
      labelOf={(deal) => t('payments.contact.deal', { numdeal: deal.numdeal, name: deal.name })}
      label={t('payments.dialog.deal')}
      hint={t('payments.dialog.dealHint')}
      noOptionsText={t('payments.dialog.noDeals')}
      error={error}
      isRequired
      testId="payment-deal"
    />
  );
};
