import { defaultCurrency, type NumberFormat } from '@conversa/domain';
import { formatMoney } from '../../shared/records/number-format';

/**
 * An amount in the company's number format; a deal in another currency than the company's says which.
 * `isCompact` shortens big column totals (12,3M).
 */
export const dealMoney = (
  amount: number,
  currency: string,
  client: { country: string; number_format: NumberFormat },
  isCompact = false,
): string => {
  const text = formatMoney(amount, client.number_format, isCompact);
  return currency && currency !== defaultCurrency(client.country) ? `${text} ${currency}` : text;
};
