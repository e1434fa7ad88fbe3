import type { Currency, PaymentProvider, PurchaseStatus } from '@conversa/domain';

/** What a provider is asked to charge: one purchase, and where it sends the payer and its notifications. */
export type PaymentRequest = {
  purchaseId: string;
  /** What the payer reads on the provider's page (the plan's or the feature's name). */
  description: string;
  amount: number;
  currency: Currency;
  payerEmail: string;
  /** Where the payer comes back to after paying (or giving up). */
  returnUrl: string;
  cancelUrl: string;
  /** Where the provider posts its notification (Flow takes it per payment; the others from their settings). */
  notifyUrl: string;
};

/** Where to send the payer, and the provider's id of the payment (purchases.provider_ref). */
export type PaymentLink = { url: string; ref: string };

/** What the provider says of a payment when asked, the only thing a purchase is settled on. */
export type PaymentState = {
  /** The provider's id of the payment as checkout stored it (Flow's token, PayPal's order, Rebill's link). */
  ref: string;
  status: PurchaseStatus;
  amount: number;
  currency: string;
  /** The provider's own words (status, reason), kept on the purchase and shown with a refusal. */
  info: Record<string, unknown>;
};

/** A provider notification as it arrived. */
export type PaymentNotice = {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

/** A provider call that failed; a retryable one (429, 5xx, no answer) may work a moment later. */
export class PaymentCallError extends Error {
  readonly isRetryable: boolean;
  constructor(message: string, isRetryable: boolean) {
    super(message);
    this.name = 'PaymentCallError';
    this.isRetryable = isRetryable;
  }
}

/**
 * A notification refused before anything is read further: 401 when it did not prove it came from the
 * provider, 400 when it names no payment.
 */
export class NoticeRefused extends Error {
  readonly status: 400 | 401;
  constructor(message: string, status: 400 | 401 = 401) {
    super(message);
    this.name = 'NoticeRefused';
    this.status = status;
  }
}

/** One payment provider behind the shape every provider shares; adding a provider is adding a folder. */
export type PaymentAdapter = {
  /** Whether the platform has credentials for it; one without is not offered (412 at checkout). */
  isConfigured: () => boolean;
  /** Creates the payment at the provider: where the payer goes, and the provider's id of it. */
  create: (request: PaymentRequest) => Promise<PaymentLink>;
  /**
   * Proves a notification came from the provider (throws NoticeRefused otherwise) and names the payment it
   * is about, as `read` takes it; null for a notification about something else (acknowledged, ignored).
   */
  noticeOf: (notice: PaymentNotice) => Promise<string | null>;
  /**
   * The payment's state read from the provider. `id` is what noticeOf named or the purchase's ref; PayPal
   * captures an order the payer approved, so what is read is final.
   */
  read: (id: string) => Promise<PaymentState>;
  /**
   * Whether `read` takes the purchase's own ref (Flow's token, PayPal's order), so a payer coming back can
   * settle it; Rebill's ref is the link, its payments are named only by its notifications.
   */
  canReadRef: boolean;
};

export type PaymentRegistry = Record<PaymentProvider, PaymentAdapter>;
