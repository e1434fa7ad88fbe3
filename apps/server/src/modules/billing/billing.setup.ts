import type { FastifyBaseLogger } from 'fastify';
import type { PaymentRegistry } from '../../billing/payment-adapter';
import { PaymentCallError } from '../../billing/payment-adapter';
import type { Database } from '../../core/db/database';
import type { EventBus } from '../../core/events';
import type { JobQueue } from '../../core/jobs/job-queue';
import { RetryLater } from '../../core/jobs/job-types';
import { settleJob } from './billing.jobs';
import { createBillingService } from './billing.service';
import { createPurchaseSettlement } from './purchase-settlement';

/** Billing put together: the settlement, the service and its read-back job. */
export const setUpBilling = (deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  providers: PaymentRegistry;
  publicUrl: string;
  logger: FastifyBaseLogger;
}) => {
  const settle = createPurchaseSettlement(deps);
  const service = createBillingService({ ...deps, settle });
  deps.queue.define(settleJob, {
    run: async ({ purchaseId, paymentId }) => {
      try {
        await service.settleNow(purchaseId, paymentId);
      } catch (error) {
        // A provider that did not answer is asked again; a refusal (a mismatch, an unknown payment) is final.
        if (error instanceof PaymentCallError && error.isRetryable) throw new RetryLater(error.message);
        throw error;
      }
    },
  });
  return service;
};
