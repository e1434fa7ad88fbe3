import {
  auditChanges,
  type Checkout,
  type CheckoutAnswer,
  checkoutAmount,
  checkoutCurrency,
  hasAccess,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type SearchBody,
} from '@conversa/domain';
import {
  NoticeRefused,
  PaymentCallError,
  type PaymentNotice,
  type PaymentRegistry,
} from '../../billing/payment-adapter';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database } from '../../core/db/database';
import { invoices } from '../../core/db/schema';
import { AppError, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import type { JobQueue } from '../../core/jobs/job-queue';
import { settleJob } from './billing.jobs';
import { toInvoice } from './billing.mapper';
import { createBillingRepository, INVOICE_SEARCH_FIELDS } from './billing.repository';
import { PURCHASE_MODULE, type PurchaseSettlement } from './purchase-settlement';

type Deps = {
  db: Database;
  queue: JobQueue;
  providers: PaymentRegistry;
  settle: PurchaseSettlement;
  publicUrl: string;
};

/** Where the payer comes back to, and where the provider posts its notifications. */
export const billingUrls = (publicUrl: string, provider: PaymentProvider, purchaseId: string) => ({
  returnUrl: `${publicUrl}/billing/return/${provider}?purchase=${purchaseId}`,
  cancelUrl: `${publicUrl}/billing/return/${provider}?purchase=${purchaseId}&cancelled=1`,
  notifyUrl: `${publicUrl}/webhooks/payments/${provider}`,
});

/** A provider that failed: 502 with its words (a retryable failure asks a provider to deliver again). */
const providerFailed = (error: PaymentCallError) =>
  new AppError(502, 'info.paymentProviderFailed', undefined, { error: error.message });

/**
 * The Marketplace's checkout (a purchase at a provider), the providers' notifications and the payer's
 * return, and the invoices. A purchase is settled only on what its provider answers when asked.
 */
export const createBillingService = ({ db, queue, providers, settle, publicUrl }: Deps) => {
  const repo = createBillingRepository(db);

  /** Reads the payment again in a durable job (retried while the provider is unreachable). */
  const settleLater = async (purchaseId: string, paymentId: string) => {
    await db.transaction((tx) =>
      queue.enqueue(
        tx,
        settleJob.job({ purchaseId, paymentId }, { key: `billing.settle:${purchaseId}`, replace: true }),
      ),
    );
    queue.kick();
  };

  return {
    /**
     * A company's owner buys a public plan or feature: the purchase is stored pending with its amount in the
     * provider's currency, then the provider is asked where to send the payer. 412 for a provider the
     * platform has no credentials for, 404 for an item that is not offered.
     */
    async checkout(auth: AuthContext, input: Checkout): Promise<CheckoutAnswer> {
      if (auth.account !== 'client') throw forbidden();
      const provider = providers[input.provider];
      if (!provider.isConfigured()) {
        throw new AppError(412, 'info.paymentProviderNotConfigured', undefined, { provider: input.provider });
      }
      const item = input.plan_id
        ? await repo.publicPlan(input.plan_id)
        : await repo.publicFeature(input.feature_id ?? '');
      if (!item) throw notFound();
      const buyer = await repo.buyer(auth.clientId, auth.userId);
      if (!buyer) throw notFound();
      const currency = checkoutCurrency(input.provider, buyer.country);
      const amount = checkoutAmount(item, input.quantity, currency);
      if (amount <= 0) throw new AppError(406, 'info.paymentNoPrice', undefined, { currency });
      const purchase = await db.transaction(async (tx) => {
        const row = await createBillingRepository(tx).insertPurchase({
          client_id: auth.clientId,
          user_id: auth.userId,
          provider: input.provider,
          item: input.plan_id ? 'plan' : 'feature',
          plan_id: input.plan_id ?? null,
          feature_id: input.feature_id ?? null,
          quantity: input.quantity,
          currency,
          amount,
        });
        const { id, item: kind, plan_id, feature_id, quantity, provider: name, status } = row;
        await writeAuditLog(tx, auth, [
          {
            action: 'create',
            module: PURCHASE_MODULE,
            recordId: id,
            changes: auditChanges(null, {
              item: kind,
              plan_id,
              feature_id,
              quantity,
              provider: name,
              currency,
              amount,
              status,
            }),
          },
        ]);
        return row;
      });
      try {
        const link = await provider.create({
          purchaseId: purchase.id,
          description: input.quantity > 1 ? `${item.name} × ${input.quantity}` : item.name,
          amount,
          currency,
          payerEmail: buyer.email ?? buyer.company,
          ...billingUrls(publicUrl, input.provider, purchase.id),
        });
        await repo.setRef(purchase.id, link.ref);
        return { url: link.url, purchase_id: purchase.id };
      } catch (error) {
        if (!(error instanceof PaymentCallError)) throw error;
        await repo.change(purchase.id, { status: 'cancelled', provider_info: { error: error.message } });
        throw providerFailed(error);
      }
    },

    /**
     * A provider's notification. It proves itself first (PayPal's verify-webhook-signature: 401 and nothing
     * read otherwise); a purchase unknown here answers 404. Flow's is answered at once and read back in a
     * job (Flow wants its 200 within seconds); PayPal's and Rebill's are read back and settled before the
     * answer, so a failure makes them deliver again.
     */
    async receive(providerName: PaymentProvider, notice: PaymentNotice): Promise<void> {
      const provider = providers[providerName];
      let paymentId: string | null;
      try {
        paymentId = await provider.noticeOf(notice);
      } catch (error) {
        if (error instanceof NoticeRefused) {
          throw error.status === 401
            ? new AppError(401, 'info.invalidToken')
            : new AppError(400, 'info.invalidData');
        }
        if (error instanceof PaymentCallError) throw providerFailed(error);
        throw error;
      }
      if (paymentId === null) return;
      const known = provider.canReadRef ? await repo.byRef(providerName, paymentId) : undefined;
      if (provider.canReadRef && !known) throw notFound();
      if (providerName === 'flow' && known) return settleLater(known.id, paymentId);
      let state: Awaited<ReturnType<typeof provider.read>>;
      try {
        state = await provider.read(paymentId);
      } catch (error) {
        if (!(error instanceof PaymentCallError)) throw error;
        if (!error.isRetryable && error.message.startsWith('404')) throw notFound();
        throw providerFailed(error);
      }
      const purchase = known ?? (state.ref ? await repo.byRef(providerName, state.ref) : undefined);
      if (!purchase) throw notFound();
      await settle(purchase, state);
    },

    /**
     * The payer came back from the provider: a purchase whose payment can be read by its own ref is read
     * again in a job (a lost notification does not leave it pending). Nothing is decided on the return itself.
     */
    async returned(providerName: PaymentProvider, purchaseId: string): Promise<void> {
      const purchase = await repo.byId(purchaseId);
      if (!purchase || purchase.provider !== providerName || purchase.provider_ref === '') return;
      if (purchase.status !== 'pending' || !providers[providerName].canReadRef) return;
      await settleLater(purchase.id, purchase.provider_ref);
    },

    /** The job's work: the payment read from its provider, then settled. */
    async settleNow(purchaseId: string, paymentId: string): Promise<void> {
      const purchase = await repo.byId(purchaseId);
      if (!purchase) return;
      const state = await providers[purchase.provider].read(paymentId);
      await settle(purchase, state);
    },

    /** The providers the platform has credentials for, the only ones the Marketplace offers. */
    offeredProviders(): PaymentProvider[] {
      return PAYMENT_PROVIDERS.filter((name) => providers[name].isConfigured());
    },

    /** A company's invoices; the master's view is every company's. */
    async invoices(auth: AuthContext, body: SearchBody) {
      const isMaster = auth.account === 'master';
      if (!isMaster && !hasAccess(auth, 'billing.view')) throw forbidden();
      const query = buildSearchQuery(body, INVOICE_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: invoices.id,
      });
      const { rows, total } = await repo.searchInvoices(isMaster ? null : auth.clientId, query);
      return { data: rows.map(toInvoice), pagination: query.pagination(total) };
    },
  };
};

export type BillingService = ReturnType<typeof createBillingService>;
