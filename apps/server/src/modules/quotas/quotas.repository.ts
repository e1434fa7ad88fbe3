import type { PlanQuantities, QuotaType, SpentQuotaType } from '@conversa/domain';
import { and, asc, eq, isNotNull, lt, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, messageBags, plans, quotaUsage } from '../../core/db/schema';
import { createDevicesRepository } from '../devices/devices.repository';
import { createUsersRepository } from '../users/users.repository';

/** What the quotas of a company depend on: its plan's quantities, what it bought on top, its period. */
export type CompanyQuotaState = {
  clientId: string;
  planId: string | null;
  isPaid: boolean | null;
  expiresAt: Date | null;
  timezone: string;
  /** The start of the current plan period (the company's creation when it was never set). */
  periodStart: Date;
  extra: Partial<Record<QuotaType, number>>;
  plan: PlanQuantities | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export const createQuotasRepository = (db: Executor) => ({
  async companyOf(clientId: string): Promise<CompanyQuotaState | undefined> {
    const rows = await db
      .select({
        clientId: clients.id,
        planId: clients.plan_id,
        isPaid: clients.is_paid,
        expiresAt: clients.plan_expires_at,
        timezone: clients.timezone,
        periodStart: sql<Date>`coalesce(${clients.plan_started_at}, ${clients.create_date})`.mapWith(
          clients.create_date,
        ),
        extra: clients.extra_quantities,
        user: plans.users,
        device: plans.devices,
        message: plans.messages,
        chatgpt: plans.chatgpt,
        dialogflow: plans.dialogflow,
        yeastar: plans.yeastar,
      })
      .from(clients)
      .leftJoin(plans, eq(plans.id, clients.plan_id))
      .where(eq(clients.id, clientId));
    const row = rows[0];
    if (!row) return undefined;
    const { user, device, message, chatgpt, dialogflow, yeastar, ...company } = row;
    const plan =
      user === null || device === null || message === null || chatgpt === null || dialogflow === null
        ? null
        : { user, device, message, chatgpt, dialogflow, yeastar: yeastar ?? 0 };
    return { ...company, plan };
  },

  /** Serialises the company's changes of one counted quota (new users, new devices) until the transaction ends. */
  async lockQuota(clientId: string, type: QuotaType): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`quota:${type}:${clientId}`}))`);
  },

  activeUsers: (clientId: string) => createUsersRepository(db).countActiveOfClient(clientId),
  devices: (clientId: string) => createDevicesRepository(db).countOfClient(clientId),

  async spentInPeriod(clientId: string, periodStart: Date): Promise<Partial<Record<SpentQuotaType, number>>> {
    const rows = await db
      .select({ kind: quotaUsage.kind, used: quotaUsage.used })
      .from(quotaUsage)
      .where(and(eq(quotaUsage.client_id, clientId), eq(quotaUsage.period_start, periodStart)));
    return Object.fromEntries(rows.map((row) => [row.kind, row.used]));
  },

  /**
   * Takes `units` of the plan's quota for the period, all or none: the conflict update only runs while
   * they fit under the limit, and a concurrent spend waits for the other's row and re-checks, so the last
   * unit goes once.
   */
  async spendPlanUnits(
    clientId: string,
    kind: SpentQuotaType,
    periodStart: Date,
    limit: number,
    units: number,
  ) {
    const result = await db.execute(
      sql`insert into ${quotaUsage} (client_id, kind, period_start, used)
        select ${clientId}::uuid, ${kind}, ${periodStart.toISOString()}::timestamptz, ${units}::integer
          where ${units}::integer <= ${limit}
        on conflict (client_id, kind, period_start)
          do update set used = ${quotaUsage}.used + ${units}::integer
          where ${quotaUsage}.used + ${units}::integer <= ${limit}
        returning used`,
    );
    return rowsOf<{ used: number }>(result).length > 0;
  },

  /**
   * Takes one message of the oldest bag with room. A bag another transaction holds is skipped; when every
   * bag with room is held, this waits for one (a rechecked bag may have filled meanwhile: try again).
   */
  async spendBagUnit(clientId: string): Promise<boolean> {
    for (const lock of [sql`for update skip locked`, sql`for update`, sql`for update skip locked`]) {
      const result = await db.execute(
        sql`update ${messageBags} set used = used + 1
          where id = (select id from ${messageBags}
            where client_id = ${clientId}::uuid and used < quantity
            order by create_date, id limit 1 ${lock})
          returning id`,
      );
      if (rowsOf(result).length > 0) return true;
      const open = await db
        .select({ id: messageBags.id })
        .from(messageBags)
        .where(and(eq(messageBags.client_id, clientId), lt(messageBags.used, messageBags.quantity)))
        .orderBy(asc(messageBags.create_date))
        .limit(1);
      if (open.length === 0) return false;
    }
    return false;
  },

  /** A bag bought outside the product (given by the master): no purchase behind it. */
  async addBag(clientId: string, quantity: number): Promise<string> {
    const [bag] = await db
      .insert(messageBags)
      .values({ client_id: clientId, quantity })
      .returning({ id: messageBags.id });
    if (!bag) throw new Error('message bag not stored');
    return bag.id;
  },

  async bagsOf(clientId: string): Promise<{ total: number; used: number }> {
    const rows = await db
      .select({
        total: sum(messageBags.quantity).mapWith(Number),
        used: sum(messageBags.used).mapWith(Number),
      })
      .from(messageBags)
      .where(eq(messageBags.client_id, clientId));
    return { total: rows[0]?.total ?? 0, used: rows[0]?.used ?? 0 };
  },

  /** Companies that may have run past their plan (the precise, per-zone rule is the caller's). */
  async paidPastExpiry(now: Date) {
    return db
      .select({
        id: clients.id,
        isPaid: clients.is_paid,
        expiresAt: clients.plan_expires_at,
        timezone: clients.timezone,
      })
      .from(clients)
      .where(
        and(
          isNotNull(clients.plan_id),
          lt(clients.plan_expires_at, now),
          sql`${clients.is_paid} is distinct from false`,
        ),
      );
  },

  /** Marks the company unpaid unless a payment moved its expiry meanwhile; answers whether it changed. */
  async markUnpaid(clientId: string, expiresAt: Date): Promise<boolean> {
    const rows = await db
      .update(clients)
      .set({ is_paid: false })
      .where(
        and(
          eq(clients.id, clientId),
          eq(clients.plan_expires_at, expiresAt),
          sql`${clients.is_paid} is distinct from false`,
        ),
      )
      .returning({ id: clients.id });
    return rows.length > 0;
  },
});

export type QuotasRepository = ReturnType<typeof createQuotasRepository>;
