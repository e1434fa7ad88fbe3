import type { Currency, NumberFormat } from '@conversa/domain';
import { formatDecimal } from '../../../shared/records/number-format';

/**
 * A catalogue price in the company's separators, its currency named (a CLP and a USD price sit side by side):
 * pesos whole, dollars with cents.
 */
export const catalogueMoney = (amount: number, currency: Currency, format: NumberFormat): string =>
  `${formatDecimal(amount, format, currency === 'CLP' ? 0 : 2)} ${currency}`;
