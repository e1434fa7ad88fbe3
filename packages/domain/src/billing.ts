/**
 * Plans, features, purchases and quotas (issue 15; API.md "Console and billing"; spec sections 1, 3, 9).
 * Prices: CLP in whole pesos, USD in dollars with two decimals.
 */

/** What a plan limits per company (spec section 9's quota types). */
export const QUOTA_TYPES = ['user', 'message', 'device', 'chatgpt', 'dialogflow', 'yeastar'] as const;
export type QuotaType = (typeof QUOTA_TYPES)[number];

/** The quotas counted as they are spent during a plan period (the others count what exists). */
export const SPENT_QUOTA_TYPES = ['message', 'chatgpt', 'dialogflow', 'yeastar'] as const;
export type SpentQuotaType = (typeof SPENT_QUOTA_TYPES)[number];

export type PlanQuantities = Record<QuotaType, number>;

/** The price of one unit beyond the plan's quantity, in each currency. */
export type UnitPrice = { clp: number; usd: number };
export const EXTRA_PRICE_TYPES = ['device', 'user', 'message'] as const;
export type ExtraPriceType = (typeof EXTRA_PRICE_TYPES)[number];
export type ExtraPrices = Record<ExtraPriceType, UnitPrice>;

/** What a company can buy besides a plan. */
export const FEATURE_KINDS = ['message_bag', 'device', 'user', 'chatgpt', 'dialogflow', 'yeastar'] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];

export const CURRENCIES = ['CLP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PAYMENT_PROVIDERS = ['paypal', 'flow', 'rebill'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The currencies each provider takes: PayPal has no CLP, Flow is Chilean pesos only. */
export const PROVIDER_CURRENCIES: Record<PaymentProvider, readonly Currency[]> = {
  paypal: ['USD'],
  flow: ['CLP'],
  rebill: ['CLP', 'USD'],
};

export const PURCHASE_ITEMS = ['plan', 'feature'] as const;
export type PurchaseItem = (typeof PURCHASE_ITEMS)[number];

/** pending until the provider confirms; paid applies the purchase exactly once (applied_at). */
export const PURCHASE_STATUSES = ['pending', 'paid', 'rejected', 'cancelled'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** A plan as the API answers it (`plan/search`, the Marketplace). */
export type Plan = {
  id: string;
  code: string;
  name: string;
  price_clp: number;
  price_usd: number;
  duration_days: number;
  /** The quotas, plus the company's storage in bytes (not a spent quota: files are counted as they stand). */
  quantities: PlanQuantities & { storage: number };
  extra_prices: ExtraPrices;
  /** Permission keys the plan gives (at least one). */
  access: string[];
  is_public: boolean;
  is_default: boolean;
};

/** A feature: what a company can buy besides a plan (`feature/search`). */
export type Feature = {
  id: string;
  code: string;
  name: string;
  kind: FeatureKind;
  quantity: number;
  price_clp: number;
  price_usd: number;
  is_public: boolean;
};

/** `POST billing/checkout`: the answer is `{ url, purchase_id }`, where to send the payer. */
export type CheckoutAnswer = { url: string; purchase_id: string };

export type Purchase = {
  id: string;
  client_id: string;
  provider: PaymentProvider;
  item: PurchaseItem;
  plan_id: string | null;
  feature_id: string | null;
  quantity: number;
  currency: Currency;
  amount: number;
  status: PurchaseStatus;
  create_date: string;
};

/** `POST invoice/search`: a paid purchase's invoice (the master sees every company's, with its name). */
export type Invoice = {
  id: string;
  number: number;
  client_id: string;
  client_name: string;
  purchase_id: string;
  description: string;
  provider: PaymentProvider;
  currency: Currency;
  amount: number;
  create_date: string;
};

/**
 * The realtime notification a purchase's outcome sends to the buyer's company (module `payment`):
 * 200 opens the success dialog, any other status the error dialog with the provider's `info`.
 */
export type PaymentOutcome = { purchase_id: string; status_codes: number; info: string };

/** One side of the message balance: what it holds, what was spent, and the spent share (two decimals). */
export type BalancePart = { total: number; used: number; percent: number };

/** `GET client/analitics/{id}`: `data[0]`. */
export type ClientAnalytics = {
  message: { available: { plan: BalancePart; bags: BalancePart } };
  /** Every quota of the plan with what the company uses (users, devices: what exists; others: this period). */
  quotas: Record<QuotaType, { limit: number; used: number }>;
};

/** A share in percent with two decimals, 0 when there is nothing to spend. */
export const percentOf = (used: number, total: number): number =>
  total <= 0 ? 0 : Math.round((used / total) * 10_000) / 100;
