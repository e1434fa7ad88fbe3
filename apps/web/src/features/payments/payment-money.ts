import { defaultCurrency, type NumberFormat } from '@conversa/domain';
import { formatDecimal, formatMoney } from '../../shared/records/number-format';

/**
 * An amount in the company's number format: in the company's currency with its prefix and suffix, in
 * another currency with that currency's code instead (a CLP company's "300 USD", not "$300").
 */
export const paymentMoney = (
  amount: number,
  currency: string,
  client: { country: string; number_format: NumberFormat },
): string => {
  const format = client.number_format;
  if (!currency || currency === defaultCurrency(client.country)) return formatMoney(amount, format);
  return `${formatDecimal(amount, format, format.decimalscale)} ${currency}`;
};
