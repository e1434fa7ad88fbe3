import type { IntegrationLinkModule } from '@conversa/domain';
import { and, asc, count, eq, gt, inArray, like, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { recordset } from '../../core/db/recordset';
import { clients, contacts, integrationLinks, integrations, jobs, leads } from '../../core/db/schema';
import type { ZohoSourceRecord } from '../../integrations/zoho/zoho-records';

/** A link waiting to be sent: its synced_at is this instant, not a real sync time. */
export const PENDING_SYNC_AT = new Date(0);
/** A link a push has taken (a change arriving meanwhile puts it back to PENDING_SYNC_AT). */
export const SENDING_SYNC_AT = new Date(1);

const tableOf = (module: IntegrationLinkModule) => (module === 'contact' ? contacts : leads);

const sourceColumns = (module: IntegrationLinkModule) => {
  const table = tableOf(module);
  return {
    id: table.id,
    first_name: table.first_name,
    last_name: table.last_name,
    full_name: table.full_name,
    email: table.email,
    phone: table.phone,
  };
};

/** The links of integration_links that keep each record's Zoho id, and the records they point to. */
export const createZohoSyncRepository = (db: Executor) => ({
  async crmzohoOf(clientId: string) {
    return db
      .select()
      .from(integrations)
      .where(and(eq(integrations.client_id, clientId), eq(integrations.type, 'crmzoho')));
  },

  async companyLanguage(clientId: string): Promise<string | undefined> {
    const rows = await db
      .select({ language: clients.language })
      .from(clients)
      .where(eq(clients.id, clientId));
    return rows[0]?.language;
  },

  /** The records changed: each link (new or known) is marked waiting, its Zoho id kept. */
  async markPending(clientId: string, integrationId: string, module: IntegrationLinkModule, ids: string[]) {
    if (ids.length === 0) return;
    await db
      .insert(integrationLinks)
      .values(
        ids.map((record_id) => ({
          client_id: clientId,
          integration_id: integrationId,
          module,
          record_id,
          external_id: '',
          synced_at: PENDING_SYNC_AT,
        })),
      )
      .onConflictDoUpdate({
        target: [integrationLinks.integration_id, integrationLinks.module, integrationLinks.record_id],
        set: { synced_at: PENDING_SYNC_AT },
      });
  },

  /**
   * Takes up to `limit` waiting links (or ones a crashed push had taken) and answers their records; a link
   * whose record is gone is dropped.
   */
  async takePending(
    clientId: string,
    integrationId: string,
    module: IntegrationLinkModule,
    limit: number,
  ): Promise<ZohoSourceRecord[]> {
    const table = tableOf(module);
    const taken = await db
      .update(integrationLinks)
      .set({ synced_at: SENDING_SYNC_AT })
      .where(
        and(
          eq(integrationLinks.integration_id, integrationId),
          eq(integrationLinks.module, module),
          inArray(
            integrationLinks.record_id,
            db
              .select({ id: integrationLinks.record_id })
              .from(integrationLinks)
              .where(
                and(
                  eq(integrationLinks.integration_id, integrationId),
                  eq(integrationLinks.module, module),
                  lte(integrationLinks.synced_at, SENDING_SYNC_AT),
                ),
              )
              .orderBy(asc(integrationLinks.record_id))
              .limit(limit),
          ),
        ),
      )
      .returning({ id: integrationLinks.record_id });
    const ids = taken.map((row) => row.id);
    if (ids.length === 0) return [];
    const records = await db
      .select(sourceColumns(module))
      .from(table)
      .where(and(eq(table.client_id, clientId), inArray(table.id, ids)));
    const found = new Set(records.map((record) => record.id));
    const gone = ids.filter((id) => !found.has(id));
    if (gone.length > 0) await this.dropLinks(integrationId, module, gone);
    return records;
  },

  async dropLinks(integrationId: string, module: IntegrationLinkModule, ids: string[]) {
    await db
      .delete(integrationLinks)
      .where(
        and(
          eq(integrationLinks.integration_id, integrationId),
          eq(integrationLinks.module, module),
          inArray(integrationLinks.record_id, ids),
        ),
      );
  },

  /** Links a push had taken go back to waiting (the call failed; they are sent next time). */
  async release(integrationId: string, module: IntegrationLinkModule, ids: string[]) {
    if (ids.length === 0) return;
    await db
      .update(integrationLinks)
      .set({ synced_at: PENDING_SYNC_AT })
      .where(
        and(
          eq(integrationLinks.integration_id, integrationId),
          eq(integrationLinks.module, module),
          inArray(integrationLinks.record_id, ids),
          eq(integrationLinks.synced_at, SENDING_SYNC_AT),
        ),
      );
  },

  /**
   * What Zoho answered: the id of each record it took, the time for each it refused (not sent again until
   * it changes). A record changed again while in flight stays waiting, to be sent once more.
   */
  async settle(
    clientId: string,
    integrationId: string,
    module: IntegrationLinkModule,
    outcomes: { recordId: string; externalId: string | undefined }[],
  ) {
    if (outcomes.length === 0) return;
    const rows = outcomes.map(({ recordId, externalId }) => ({
      record_id: recordId,
      external_id: externalId ?? '',
    }));
    await db.execute(sql`
      insert into ${integrationLinks} (client_id, integration_id, module, record_id, external_id, synced_at)
      select ${clientId}::uuid, ${integrationId}::uuid, ${module}, r.record_id, r.external_id, now()
      from jsonb_to_recordset(${recordset(rows)}) as r(record_id uuid, external_id text)
      on conflict (integration_id, module, record_id) do update
        set external_id = case when excluded.external_id = '' then ${integrationLinks.external_id}
          else excluded.external_id end,
          synced_at = excluded.synced_at
        where ${integrationLinks.synced_at} <> ${PENDING_SYNC_AT.toISOString()}::timestamptz`);
  },

  async countRecords(clientId: string, module: IntegrationLinkModule): Promise<number> {
    const table = tableOf(module);
    const rows = await db.select({ total: count() }).from(table).where(eq(table.client_id, clientId));
    return Number(rows[0]?.total ?? 0);
  },

  /** The next records of a full sync, in id order after `afterId`. */
  async recordsAfter(
    clientId: string,
    module: IntegrationLinkModule,
    afterId: string,
    limit: number,
  ): Promise<ZohoSourceRecord[]> {
    const table = tableOf(module);
    return db
      .select(sourceColumns(module))
      .from(table)
      .where(and(eq(table.client_id, clientId), ...(afterId ? [gt(table.id, afterId)] : [])))
      .orderBy(asc(table.id))
      .limit(limit);
  },

  /** Whether a full sync of the integration is waiting or running. */
  async isSyncing(keyPrefix: string): Promise<boolean> {
    const rows = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(like(jobs.key, `${keyPrefix}%`), inArray(jobs.status, ['pending', 'running'])))
      .limit(1);
    return rows.length > 0;
  },
});
