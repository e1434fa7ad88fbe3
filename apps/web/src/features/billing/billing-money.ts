import {
  type Client,
  type Currency,
  defaultCurrency,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  PROVIDER_CURRENCIES,
} from '@conversa/domain';
import { formatDecimal } from '../../shared/records/number-format';

/**
 * The currency a company pays in: Chilean pesos for a Chilean company (its country in the account
 * bundle), dollars for every other, since the platform sells only in CLP and USD.
 */
export const billingCurrencyOf = (client: Pick<Client, 'country'>): Currency =>
  client.country.toUpperCase() === 'CL' ? 'CLP' : 'USD';

/** CLP is sold in whole pesos, USD in dollars and cents. */
const CURRENCY_DECIMALS: Record<Currency, number> = { CLP: 0, USD: 2 };

/** What a plan or a feature costs in a currency. */
export const priceIn = (item: { price_clp: number; price_usd: number }, currency: Currency): number =>
  currency === 'CLP' ? item.price_clp : item.price_usd;

/**
 * An amount with the company's separators, the currency's decimals and the currency's code; the
 * company's own prefix and suffix only when the amount is in the currency they stand for (a CL
 * company's "$" is pesos, so a dollar amount shows the code alone).
 */
export const billingMoney = (
  amount: number,
  currency: Currency,
  client: Pick<Client, 'country' | 'number_format'>,
): string => {
  const format = client.number_format;
  const body = formatDecimal(amount, format, CURRENCY_DECIMALS[currency]);
  const isOwnCurrency = defaultCurrency(client.country) === currency;
  return isOwnCurrency ? `${format.prefix}${body}${format.suffix} ${currency}` : `${body} ${currency}`;
};

/**
 * The providers offered for a currency: those the platform has credentials for (`offered`) that take it
 * (PayPal has no CLP, Flow takes only CLP, Rebill both).
 */
export const providersFor = (currency: Currency, offered: readonly PaymentProvider[]): PaymentProvider[] =>
  PAYMENT_PROVIDERS.filter(
    (provider) => offered.includes(provider) && PROVIDER_CURRENCIES[provider].includes(currency),
  );

/** Providers by their own names, the same in every language. */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  paypal: 'PayPal',
  flow: 'Flow',
  rebill: 'Rebill',
};
