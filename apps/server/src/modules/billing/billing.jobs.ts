import { defineJob } from '../../core/jobs/job-types';

/**
 * Reads a purchase's payment from its provider and settles it (Flow's confirmation, a payer's return).
 * Keyed by the purchase and re-armed by each notification, so a burst of them is one read.
 */
export const settleJob = defineJob<{ purchaseId: string; paymentId: string }>('billing.settle', {
  maxAttempts: 8,
});
