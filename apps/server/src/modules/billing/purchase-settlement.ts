import {
  auditChanges,
  isLocale,
  type Locale,
  PAYMENT_OUTCOME_ACTION,
  type PurchaseStatus,
} from '@conversa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentState } from '../../billing/payment-adapter';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database } from '../../core/db/database';
import type { PurchaseRow } from '../../core/db/schema/billing';
import type { EventBus } from '../../core/events';
import { AppError } from '../../core/http/app-error';
import { translate } from '../../core/i18n/i18n';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { outcomeOf } from './billing.mapper';
import { createBillingRepository } from './billing.repository';
import { applyPurchase } from './purchase-apply';

export const PURCHASE_MODULE = 'purchase';
export const PAYMENT_MODULE = 'payment';

/** The outcome's status_codes: 200 paid; a refusal by the provider 402; a payment given up 410. */
const OUTCOME_STATUS: Record<Exclude<PurchaseStatus, 'pending'>, number> = {
  paid: 200,
  rejected: 402,
  cancelled: 410,
};

/** Cents of tolerance: the providers answer dollars as decimal text. */
const AMOUNT_TOLERANCE = 0.005;

const reasonOf = (state: PaymentState): string => {
  const reason = state.info.reason ?? state.info.status ?? state.info.order_status ?? state.status;
  return String(reason ?? state.status);
};

/**
 * Settles a purchase on what its provider answered when asked, never on what a notification claimed:
 * a paid one is applied exactly once (the row locked, applied_at set in the same transaction, its invoice
 * written); a refused or given-up pending one is marked so; anything else (still pending, already applied,
 * a refusal arriving after the payment) changes nothing. A payment whose amount or currency is not the
 * purchase's is refused (400) and logged. The buyer's company hears the outcome (notification `payment`).
 */
export const createPurchaseSettlement = (deps: {
  db: Database;
  events: EventBus;
  logger: FastifyBaseLogger;
}) => {
  const { db, events, logger } = deps;

  const localeOf = async (clientId: string): Promise<Locale> => {
    const language = await createBillingRepository(db).languageOf(clientId);
    return language && isLocale(language) ? language : 'es';
  };

  return async (purchase: PurchaseRow, state: PaymentState): Promise<PurchaseStatus> => {
    if (state.ref !== purchase.provider_ref) throw new AppError(404, 'info.notFound');
    if (state.status === 'pending') return purchase.status;
    const isSameMoney =
      state.currency.toUpperCase() === purchase.currency &&
      Math.abs(state.amount - purchase.amount) < AMOUNT_TOLERANCE;
    if (state.status === 'paid' && !isSameMoney) {
      logger.warn(
        {
          purchaseId: purchase.id,
          provider: purchase.provider,
          expected: { amount: purchase.amount, currency: purchase.currency },
          paid: { amount: state.amount, currency: state.currency },
        },
        'payment refused: it does not match its purchase',
      );
      throw new AppError(400, 'info.paymentMismatch');
    }
    const locale = await localeOf(purchase.client_id);
    const now = new Date();
    const settled = await db.transaction(async (tx) => {
      const repo = createBillingRepository(tx);
      const current = await repo.lock(purchase.id);
      if (!current || current.applied_at) return null;
      // Money received is honoured even after a refusal; a refusal never undoes a payment.
      const isPayment = state.status === 'paid';
      if (!isPayment && current.status !== 'pending') return null;
      const status = state.status as Exclude<PurchaseStatus, 'pending'>;
      const changed = await repo.change(current.id, {
        status,
        provider_info: state.info,
        ...(isPayment ? { applied_at: now } : {}),
      });
      if (isPayment) {
        const description = await applyPurchase(tx, current, now);
        await repo.insertInvoice({
          client_id: current.client_id,
          purchase_id: current.id,
          description,
          provider: current.provider,
          currency: current.currency,
          amount: current.amount,
        });
      }
      await writeAuditLog(tx, { clientId: current.client_id, userId: current.user_id ?? '' }, [
        {
          action: 'update',
          module: PURCHASE_MODULE,
          recordId: current.id,
          changes: auditChanges({ status: current.status }, { status, provider_info: state.info }),
        },
      ]);
      const info = isPayment
        ? translate(locale, 'info.paymentApplied')
        : translate(locale, status === 'rejected' ? 'info.paymentRejected' : 'info.paymentCancelled', {
            reason: reasonOf(state),
          });
      const outcome = outcomeOf(current.id, OUTCOME_STATUS[status], info);
      const notification = await createRealtimeEventsRepository(tx).record(current.client_id, {
        module: PAYMENT_MODULE,
        action: PAYMENT_OUTCOME_ACTION,
        data: [outcome],
        msg: info,
        ref: current.id,
        ...(current.user_id ? { targetUserId: current.user_id } : {}),
      });
      return { row: changed, notification };
    });
    if (!settled) return (await createBillingRepository(db).byId(purchase.id))?.status ?? purchase.status;
    events.emit('record.changed', {
      clientId: purchase.client_id,
      module: PAYMENT_MODULE,
      notifications: [settled.notification],
    });
    return settled.row.status;
  };
};

export type PurchaseSettlement = ReturnType<typeof createPurchaseSettlement>;
