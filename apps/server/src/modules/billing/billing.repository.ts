import type { PaymentProvider, QuotaType } from '@conversa/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, features, invoices, messageBags, plans, purchases, users } from '../../core/db/schema';
import type { PurchaseRow } from '../../core/db/schema/billing';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const INVOICE_SEARCH_FIELDS: SearchWhitelist = {
  number: { column: invoices.number, type: 'number' },
  client_id: { column: sql`${invoices.client_id}::text`, type: 'text' },
  client_name: { column: clients.name, type: 'text' },
  description: { column: invoices.description, type: 'text' },
  provider: { column: invoices.provider, type: 'text' },
  currency: { column: invoices.currency, type: 'text' },
  amount: { column: invoices.amount, type: 'number' },
  create_date: { column: invoices.create_date, type: 'date' },
};

export type PurchaseValues = Omit<typeof purchases.$inferInsert, 'id' | 'create_date' | 'update_date'>;
export type PurchaseChange = Partial<Pick<PurchaseRow, 'status' | 'provider_info' | 'applied_at'>>;

/** Purchases, invoices and what a paid purchase changes on the company. */
export const createBillingRepository = (db: Executor) => ({
  /** A plan or a feature the Marketplace offers (public ones only). */
  publicPlan: async (id: string) =>
    (
      await db
        .select()
        .from(plans)
        .where(and(eq(plans.id, id), eq(plans.is_public, true)))
    )[0],
  publicFeature: async (id: string) =>
    (
      await db
        .select()
        .from(features)
        .where(and(eq(features.id, id), eq(features.is_public, true)))
    )[0],
  plan: async (id: string) => (await db.select().from(plans).where(eq(plans.id, id)))[0],
  feature: async (id: string) => (await db.select().from(features).where(eq(features.id, id)))[0],

  /** What checkout needs of the buyer: the company's country and language, the user's e-mail. */
  async buyer(clientId: string, userId: string) {
    const [row] = await db
      .select({
        country: clients.country,
        language: clients.language,
        email: users.email,
        company: clients.email,
      })
      .from(clients)
      .leftJoin(users, and(eq(users.id, userId), eq(users.client_id, clients.id)))
      .where(eq(clients.id, clientId));
    return row;
  },

  languageOf: async (clientId: string) =>
    (await db.select({ language: clients.language }).from(clients).where(eq(clients.id, clientId)))[0]
      ?.language,

  async insertPurchase(values: PurchaseValues): Promise<PurchaseRow> {
    const [row] = await db.insert(purchases).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async setRef(id: string, ref: string): Promise<void> {
    await db
      .update(purchases)
      .set({ provider_ref: ref, update_date: new Date() })
      .where(eq(purchases.id, id));
  },

  byRef: async (provider: PaymentProvider, ref: string) =>
    (
      await db
        .select()
        .from(purchases)
        .where(and(eq(purchases.provider, provider), eq(purchases.provider_ref, ref)))
    )[0],
  byId: async (id: string) => (await db.select().from(purchases).where(eq(purchases.id, id)))[0],

  /** The purchase locked until the transaction ends, so two notifications settle it one after the other. */
  lock: async (id: string) =>
    (await db.select().from(purchases).where(eq(purchases.id, id)).for('update'))[0],

  async change(id: string, change: PurchaseChange): Promise<PurchaseRow> {
    const [row] = await db
      .update(purchases)
      .set({ ...change, update_date: new Date() })
      .where(eq(purchases.id, id))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },

  lockClient: async (clientId: string) =>
    (
      await db
        .select({
          plan_id: clients.plan_id,
          plan_expires_at: clients.plan_expires_at,
          access: clients.access,
        })
        .from(clients)
        .where(eq(clients.id, clientId))
        .for('update')
    )[0],

  async setPlan(
    clientId: string,
    values: { plan_id: string; plan_expires_at: Date; plan_started_at?: Date; access?: string[] },
  ): Promise<void> {
    await db
      .update(clients)
      .set({ ...values, is_paid: true })
      .where(eq(clients.id, clientId));
  },

  async addExtra(clientId: string, kind: QuotaType, units: number): Promise<void> {
    await db
      .update(clients)
      .set({
        extra_quantities: sql`jsonb_set(${clients.extra_quantities}, ${`{${kind}}`}::text[],
          to_jsonb(coalesce((${clients.extra_quantities} ->> ${kind})::int, 0) + ${units}::int))`,
      })
      .where(eq(clients.id, clientId));
  },

  async addBag(clientId: string, purchaseId: string, quantity: number): Promise<void> {
    await db.insert(messageBags).values({ client_id: clientId, purchase_id: purchaseId, quantity });
  },

  async insertInvoice(values: Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'create_date'>) {
    const [row] = await db.insert(invoices).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Invoices with their company's name; `clientId` null is the master's view of every company. */
  async searchInvoices(clientId: string | null, query: SearchQuery) {
    const where = and(clientId === null ? undefined : eq(invoices.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select({ invoice: invoices, client_name: clients.name })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.client_id))
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db
        .select({ total: count() })
        .from(invoices)
        .innerJoin(clients, eq(clients.id, invoices.client_id))
        .where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },
});
