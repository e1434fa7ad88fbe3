import { PAYMENT_OUTCOME_ACTION, type PaymentOutcome } from '@conversa/domain';
import { useSyncExternalStore } from 'react';
import type { Notification } from '../../shared/socket';

/**
 * The purchase outcome on show (the success or the error dialog), shared by the app-wide listener of the
 * realtime `payment` notification and the Marketplace page a payer returns to, which may learn of the
 * outcome first by finding the purchase's invoice.
 */
let current: PaymentOutcome | null = null;
/** Purchases whose outcome was heard on this page: a returning payer's page stops waiting for them. */
const settled = new Set<string>();
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

/** Opens the outcome's dialog, once per purchase however often it is heard. */
export const showPaymentOutcome = (outcome: PaymentOutcome): void => {
  if (settled.has(outcome.purchase_id)) return;
  settled.add(outcome.purchase_id);
  current = outcome;
  emit();
};

export const dismissPaymentOutcome = (): void => {
  current = null;
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const usePaymentOutcome = (): PaymentOutcome | null => useSyncExternalStore(subscribe, () => current);

/** Whether the purchase's outcome has been heard (re-read whenever an outcome arrives). */
export const usePurchaseSettled = (purchaseId: string): boolean =>
  useSyncExternalStore(subscribe, () => settled.has(purchaseId));

/** For tests: a fresh page. */
export const resetPaymentOutcomes = (): void => {
  settled.clear();
  dismissPaymentOutcome();
};

const isOutcome = (value: unknown): value is PaymentOutcome =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PaymentOutcome).purchase_id === 'string' &&
  typeof (value as PaymentOutcome).status_codes === 'number';

/**
 * The outcome a checkout's `payment` notification carries (action PAYMENT_OUTCOME_ACTION, data
 * `[PaymentOutcome]`); the payments (abonos) module's own notifications share the module and give none.
 */
export const outcomeOf = (notification: Notification): PaymentOutcome | null => {
  if (notification.module !== 'payment' || notification.action !== PAYMENT_OUTCOME_ACTION) return null;
  const [first] = Array.isArray(notification.data) ? notification.data : [];
  if (!isOutcome(first)) return null;
  return {
    ...first,
    info: typeof first.info === 'string' && first.info ? first.info : (notification.msg ?? ''),
  };
};
