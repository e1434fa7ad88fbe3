import {
  auditChanges,
  type ClientAnalytics,
  isPlanOver,
  percentOf,
  QUOTA_TYPES,
  type QuotaType,
  type SpentQuotaType,
} from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import { AppError, notFound, preconditionFailed } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import type { MessageKey } from '../../core/i18n/i18n';
import { type CompanyQuotaState, createQuotasRepository } from './quotas.repository';

/** The 412 text naming each quota (spec section 9's quota types). */
const QUOTA_INFO: Record<QuotaType, MessageKey> = {
  user: 'info.userLimit',
  device: 'info.deviceLimit',
  message: 'info.messageQuota',
  chatgpt: 'info.chatgptQuota',
  dialogflow: 'info.dialogflowQuota',
  yeastar: 'info.yeastarQuota',
};

const quotaUsedUp = (type: QuotaType, used: number, limit: number) =>
  new AppError(412, QUOTA_INFO[type], undefined, { used: String(used), limit: String(limit) });

/** A company's plan ran past its last day (in its time zone) or a payment is due. */
export const isCompanyUnpaid = (
  company: Pick<CompanyQuotaState, 'isPaid' | 'expiresAt' | 'timezone'>,
  now = new Date(),
) => company.isPaid === false || isPlanOver(company.expiresAt, company.timezone, now);

const loadCompany = async (executor: Executor, clientId: string): Promise<CompanyQuotaState> => {
  const company = await createQuotasRepository(executor).companyOf(clientId);
  if (!company) throw notFound();
  return company;
};

/** Spending or adding to a quota needs a plan, and a paid one. */
const assertUsable = (company: CompanyQuotaState) => {
  if (!company.plan) throw preconditionFailed('info.noPlan');
  if (isCompanyUnpaid(company)) throw preconditionFailed('info.planExpired');
};

/** The plan's quantity plus the units bought on top of it; nothing without a plan. */
const limitIn = (company: CompanyQuotaState, type: QuotaType): number =>
  company.plan ? company.plan[type] + (company.extra[type] ?? 0) : 0;

const usageIn = async (executor: Executor, company: CompanyQuotaState, type: QuotaType): Promise<number> => {
  const repo = createQuotasRepository(executor);
  if (type === 'user') return repo.activeUsers(company.clientId);
  if (type === 'device') return repo.devices(company.clientId);
  return (await repo.spentInPeriod(company.clientId, company.periodStart))[type] ?? 0;
};

export const limitOf = async (executor: Executor, clientId: string, type: QuotaType): Promise<number> =>
  limitIn(await loadCompany(executor, clientId), type);

/** Users and devices: what exists (active users); the others: what was spent of the plan this period. */
export const usageOf = async (executor: Executor, clientId: string, type: QuotaType): Promise<number> =>
  usageIn(executor, await loadCompany(executor, clientId), type);

/**
 * Before a user or a device is added (or a user reactivated), inside the caller's transaction: the
 * company's additions of that kind wait for each other until it ends, so two never take the last seat.
 */
export const assertRoom = async (tx: Executor, clientId: string, type: 'user' | 'device'): Promise<void> => {
  await createQuotasRepository(tx).lockQuota(clientId, type);
  const company = await loadCompany(tx, clientId);
  assertUsable(company);
  const [used, limit] = [await usageIn(tx, company, type), limitIn(company, type)];
  if (used >= limit) throw quotaUsedUp(type, used, limit);
};

/**
 * Spends `units` (one message, or a batch of replies) inside the transaction that stores what they pay
 * for (a queued message, a bot answer, a call), so a rolled-back send spends nothing. Messages come from
 * the plan first, then the oldest bag with room; the other quotas from the plan only. 412 naming the
 * quota when none is left. A batch the plan cannot hold whole is spent one unit at a time.
 */
export const spend = async (
  tx: Executor,
  clientId: string,
  type: SpentQuotaType,
  units = 1,
): Promise<void> => {
  const repo = createQuotasRepository(tx);
  const company = await loadCompany(tx, clientId);
  assertUsable(company);
  const limit = limitIn(company, type);
  if (await repo.spendPlanUnits(clientId, type, company.periodStart, limit, units)) return;
  if (units > 1) {
    for (let unit = 0; unit < units; unit += 1) await spend(tx, clientId, type);
    return;
  }
  if (type === 'message' && (await repo.spendBagUnit(clientId))) return;
  if (type !== 'message') throw quotaUsedUp(type, limit, limit);
  const bags = await repo.bagsOf(clientId);
  throw quotaUsedUp(type, limit + bags.used, limit + bags.total);
};

/** Whether one unit is left (a bot checks before it calls its provider; the spend itself decides). */
export const hasRoom = async (
  executor: Executor,
  clientId: string,
  type: SpentQuotaType,
): Promise<boolean> => {
  const company = await loadCompany(executor, clientId);
  if (!company.plan || isCompanyUnpaid(company)) return false;
  if ((await usageIn(executor, company, type)) < limitIn(company, type)) return true;
  if (type !== 'message') return false;
  const bags = await createQuotasRepository(executor).bagsOf(clientId);
  return bags.used < bags.total;
};

/** `GET client/analitics/{id}`: the message balance and every quota; the caller's company, or any for the master. */
export const analyticsOf = async (
  executor: Executor,
  auth: AuthContext,
  id: string,
): Promise<ClientAnalytics> => {
  if (!isUuid(id) || (auth.account !== 'master' && id !== auth.clientId)) throw notFound();
  const company = await loadCompany(executor, id);
  const repo = createQuotasRepository(executor);
  const [spent, users, devices, bags] = await Promise.all([
    repo.spentInPeriod(id, company.periodStart),
    repo.activeUsers(id),
    repo.devices(id),
    repo.bagsOf(id),
  ]);
  const used = (type: QuotaType): number =>
    type === 'user' ? users : type === 'device' ? devices : (spent[type] ?? 0);
  const quotas = Object.fromEntries(
    QUOTA_TYPES.map((type) => [type, { limit: limitIn(company, type), used: used(type) }]),
  ) as ClientAnalytics['quotas'];
  const plan = quotas.message;
  return {
    message: {
      available: {
        plan: { total: plan.limit, used: plan.used, percent: percentOf(plan.used, plan.limit) },
        bags: { total: bags.total, used: bags.used, percent: percentOf(bags.used, bags.total) },
      },
    },
    quotas,
  };
};

/**
 * `messagebag/updateone/{id}` (master): a bag of messages for company `id`, audited in that company's log
 * under the master's name; answers the company's balance with it.
 */
export const grantMessageBag = async (
  db: Database,
  auth: AuthContext,
  clientId: string,
  quantity: number,
): Promise<ClientAnalytics> => {
  if (!isUuid(clientId)) throw notFound();
  await db.transaction(async (tx) => {
    await loadCompany(tx, clientId);
    const bagId = await createQuotasRepository(tx).addBag(clientId, quantity);
    await writeAuditLog(tx, { clientId, userId: auth.userId, ip: auth.ip }, [
      { action: 'create', module: 'messagebag', recordId: bagId, changes: auditChanges(null, { quantity }) },
    ]);
  });
  return analyticsOf(db, auth, clientId);
};
