import type { WebhookEvent } from '@conversa/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { integrations, type WebhookDeliveryRow, webhookDeliveries } from '../../core/db/schema';
import { isUuid } from '../../core/http/route-schemas';
import type { SearchQuery } from '../../core/http/search-query';

export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;
type Settable = Omit<NewWebhookDelivery, 'id' | 'client_id' | 'integration_id' | 'event' | 'payload'>;
/** A change of the row; a value may be SQL (`attempts + 1`, `now()`). */
export type WebhookDeliveryPatch = { [K in keyof Settable]?: Settable[K] | SQL };

/** A company's crmx2 integration as the dispatcher reads it: where it goes and what it asked for. */
export type WebhookSubscription = { id: string; events: WebhookEvent[] };

/** Webhook deliveries and the subscriptions they come from, tenant id first in every statement. */
export const createWebhooksRepository = (db: Executor) => ({
  /** The companies that have at least one crmx2 integration (the dispatcher's cache). */
  async subscribedClients(): Promise<Set<string>> {
    const rows = await db
      .selectDistinct({ client_id: integrations.client_id })
      .from(integrations)
      .where(eq(integrations.type, 'crmx2'));
    return new Set(rows.map((row) => row.client_id));
  },

  /** One company's crmx2 integrations with the events each subscribed to. */
  async subscriptions(clientId: string): Promise<WebhookSubscription[]> {
    const rows = await db
      .select({ id: integrations.id, events: sql<WebhookEvent[] | null>`${integrations.config}->'events'` })
      .from(integrations)
      .where(and(eq(integrations.client_id, clientId), eq(integrations.type, 'crmx2')));
    return rows.map((row) => ({ id: row.id, events: Array.isArray(row.events) ? row.events : [] }));
  },

  async insertMany(values: NewWebhookDelivery[]): Promise<void> {
    if (values.length > 0) await db.insert(webhookDeliveries).values(values);
  },

  async findById(clientId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.client_id, clientId), eq(webhookDeliveries.id, id)));
    return rows[0];
  },

  async update(
    clientId: string,
    id: string,
    patch: WebhookDeliveryPatch,
  ): Promise<WebhookDeliveryRow | undefined> {
    const rows = await db
      .update(webhookDeliveries)
      .set({ ...patch, update_date: sql`now()` })
      .where(and(eq(webhookDeliveries.client_id, clientId), eq(webhookDeliveries.id, id)))
      .returning();
    return rows[0];
  },

  /** One integration's log page, newest first unless the body sorts otherwise. */
  async search(
    clientId: string,
    integrationId: string,
    query: SearchQuery,
  ): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
    const where = and(
      eq(webhookDeliveries.client_id, clientId),
      eq(webhookDeliveries.integration_id, integrationId),
      query.where,
    );
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(
          ...(query.orderBy.length > 0
            ? query.orderBy
            : [desc(webhookDeliveries.create_date), desc(webhookDeliveries.id)]),
        )
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(webhookDeliveries).where(where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  },
});
