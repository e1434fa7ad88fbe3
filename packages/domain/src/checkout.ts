import { z } from 'zod';
import { type Currency, PAYMENT_PROVIDERS, type PaymentProvider, PROVIDER_CURRENCIES } from './billing';
import { MESSAGES } from './validation';

/** How many units of a plan or a feature one checkout may buy. */
export const CHECKOUT_MAX_QUANTITY = 1000;

/** `POST billing/checkout`: a plan or a feature (exactly one), how many, and who takes the payment. */
export const checkoutInputSchema = z
  .strictObject({
    plan_id: z.uuid({ error: MESSAGES.invalid }).optional(),
    feature_id: z.uuid({ error: MESSAGES.invalid }).optional(),
    quantity: z
      .number({ error: MESSAGES.invalid })
      .int(MESSAGES.invalid)
      .min(1, MESSAGES.invalid)
      .max(CHECKOUT_MAX_QUANTITY, MESSAGES.invalid)
      .default(1),
    provider: z.enum(PAYMENT_PROVIDERS, { error: MESSAGES.invalid }),
  })
  .refine((input) => (input.plan_id === undefined) !== (input.feature_id === undefined), {
    path: ['plan_id'],
    error: MESSAGES.required,
  });
export type CheckoutInput = z.input<typeof checkoutInputSchema>;
export type Checkout = z.output<typeof checkoutInputSchema>;

/**
 * The currency a company pays a provider in: pesos for a Chilean company where the provider takes them,
 * otherwise the provider's other currency (PayPal has no CLP, Flow only CLP).
 */
export const checkoutCurrency = (provider: PaymentProvider, country: string): Currency => {
  const accepted = PROVIDER_CURRENCIES[provider];
  if (country === 'CL' && accepted.includes('CLP')) return 'CLP';
  return accepted.includes('USD') ? 'USD' : (accepted[0] ?? 'USD');
};

/** Price × quantity in the currency's unit: whole pesos, dollars with two decimals. */
export const checkoutAmount = (
  prices: { price_clp: number; price_usd: number },
  quantity: number,
  currency: Currency,
): number =>
  currency === 'CLP'
    ? Math.round(prices.price_clp * quantity)
    : Math.round(prices.price_usd * quantity * 100) / 100;

/** The realtime notification of a purchase's outcome: module `payment`, this action, data `[PaymentOutcome]`. */
export const PAYMENT_OUTCOME_ACTION = 'checkout';
