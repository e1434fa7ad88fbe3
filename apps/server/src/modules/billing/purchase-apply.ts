import type { Executor } from '../../core/db/database';
import type { PurchaseRow } from '../../core/db/schema/billing';
import { createBillingRepository } from './billing.repository';

const DAY_MS = 86_400_000;

/**
 * What a paid purchase gives, inside the transaction that sets its applied_at (ISSUE15 rules): a plan sets
 * the company's plan and extends its expiry by duration_days per unit from the current expiry (from now
 * when past, or for another plan, which starts a new period and brings its access list); a message bag
 * adds a bag; other features add units to the company's extra quantities. Answers the invoice's text.
 */
export const applyPurchase = async (tx: Executor, purchase: PurchaseRow, now: Date): Promise<string> => {
  const repo = createBillingRepository(tx);
  const units = purchase.quantity;
  if (purchase.item === 'plan') {
    const plan = purchase.plan_id ? await repo.plan(purchase.plan_id) : undefined;
    const company = await repo.lockClient(purchase.client_id);
    if (!plan || !company) throw new Error(`purchase ${purchase.id} names a plan or company that is gone`);
    const isSamePlan = company.plan_id === plan.id;
    const expiry = company.plan_expires_at;
    const isRunning = isSamePlan && expiry !== null && expiry > now;
    const from = isRunning && expiry ? expiry : now;
    await repo.setPlan(purchase.client_id, {
      plan_id: plan.id,
      plan_expires_at: new Date(from.getTime() + plan.duration_days * units * DAY_MS),
      ...(isRunning ? {} : { plan_started_at: now }),
      ...(isSamePlan && company.access.length > 0 ? {} : { access: plan.access }),
    });
    return units > 1 ? `${plan.name} × ${units}` : plan.name;
  }
  const feature = purchase.feature_id ? await repo.feature(purchase.feature_id) : undefined;
  if (!feature) throw new Error(`purchase ${purchase.id} names a feature that is gone`);
  if (feature.kind === 'message_bag') {
    await repo.addBag(purchase.client_id, purchase.id, units * feature.quantity);
  } else {
    await repo.addExtra(purchase.client_id, feature.kind, units * feature.quantity);
  }
  return units > 1 ? `${feature.name} × ${units}` : feature.name;
};
