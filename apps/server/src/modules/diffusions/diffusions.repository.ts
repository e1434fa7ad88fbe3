import type { DiffusionTotals } from '@conversa/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { recordset } from '../../core/db/recordset';
import {
  type DiffusionRecipientRow,
  type DiffusionRow,
  devices,
  diffusionRecipients,
  diffusions,
  templates,
} from '../../core/db/schema';
import { isUuid } from '../../core/http/route-schemas';
import type { SearchQuery } from '../../core/http/search-query';
import type { ImportedRecipient } from './diffusion-import';

export type NewDiffusion = typeof diffusions.$inferInsert;
export type DiffusionPatch = Partial<Omit<NewDiffusion, 'id' | 'client_id'>>;

/** The totals of a diffusion without recipients yet. */
export const emptyTotals = (): DiffusionTotals => ({
  recipients: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  skipped: 0,
  replied: 0,
});

/** A diffusion's row and its recipients' rows, tenant id first in every statement. */
export const createDiffusionsRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<DiffusionRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await db
      .select()
      .from(diffusions)
      .where(and(eq(diffusions.client_id, clientId), eq(diffusions.id, id)));
    return rows[0];
  },

  /** The row locked for a change of status, so start, pause and the sender never cross. */
  async lockById(clientId: string, id: string): Promise<DiffusionRow | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await db
      .select()
      .from(diffusions)
      .where(and(eq(diffusions.client_id, clientId), eq(diffusions.id, id)))
      .for('update');
    return rows[0];
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: DiffusionRow[]; total: number }> {
    const where = and(eq(diffusions.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(diffusions)
        .where(where)
        .orderBy(...(query.orderBy.length > 0 ? query.orderBy : [desc(diffusions.create_date)]))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(diffusions).where(where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  },

  /** The type and mode of the company's device a diffusion would send through. */
  async deviceOf(clientId: string, deviceId: string) {
    if (!isUuid(deviceId)) return undefined;
    const [device] = await db
      .select({ type: devices.type, mode: devices.mode })
      .from(devices)
      .where(and(eq(devices.client_id, clientId), eq(devices.id, deviceId)));
    return device;
  },

  /** The device and status of the company's template a diffusion would send. */
  async templateOf(clientId: string, templateId: string) {
    if (!isUuid(templateId)) return undefined;
    const [template] = await db
      .select({ device_id: templates.device_id, status: templates.status })
      .from(templates)
      .where(and(eq(templates.client_id, clientId), eq(templates.id, templateId)));
    return template;
  },

  async insert(values: NewDiffusion): Promise<DiffusionRow> {
    const rows = await db.insert(diffusions).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(clientId: string, id: string, patch: DiffusionPatch, where?: SQL) {
    const rows = await db
      .update(diffusions)
      .set(patch)
      .where(and(eq(diffusions.client_id, clientId), eq(diffusions.id, id), where))
      .returning();
    return rows[0];
  },

  async delete(clientId: string, id: string): Promise<void> {
    await db.delete(diffusions).where(and(eq(diffusions.client_id, clientId), eq(diffusions.id, id)));
  },

  /** Each diffusion's totals, counted by SQL from its recipients (the (diffusion, state) index). */
  async totals(clientId: string, ids: string[]): Promise<Map<string, DiffusionTotals>> {
    const found = new Map<string, DiffusionTotals>();
    if (ids.length === 0) return found;
    const rows = await db
      .select({
        id: diffusionRecipients.diffusion_id,
        recipients: count(),
        pending: sql<number>`count(*) filter (where ${diffusionRecipients.state} in ('pending', 'sending'))`,
        sent: sql<number>`count(*) filter (where ${diffusionRecipients.state} in ('sent', 'delivered', 'read'))`,
        delivered: sql<number>`count(*) filter (where ${diffusionRecipients.state} in ('delivered', 'read'))`,
        read: sql<number>`count(*) filter (where ${diffusionRecipients.state} = 'read')`,
        failed: sql<number>`count(*) filter (where ${diffusionRecipients.state} = 'failed')`,
        skipped: sql<number>`count(*) filter (where ${diffusionRecipients.state} = 'skipped')`,
        replied: sql<number>`count(*) filter (where ${diffusionRecipients.replied})`,
      })
      .from(diffusionRecipients)
      .where(
        and(
          eq(diffusionRecipients.client_id, clientId),
          sql`${diffusionRecipients.diffusion_id} = any(string_to_array(${ids.join(',')}, ',')::uuid[])`,
        ),
      )
      .groupBy(diffusionRecipients.diffusion_id);
    for (const id of ids) found.set(id, emptyTotals());
    for (const row of rows) {
      found.set(row.id, {
        recipients: Number(row.recipients),
        pending: Number(row.pending),
        sent: Number(row.sent),
        delivered: Number(row.delivered),
        read: Number(row.read),
        failed: Number(row.failed),
        skipped: Number(row.skipped),
        replied: Number(row.replied),
      });
    }
    return found;
  },

  async searchRecipients(
    clientId: string,
    diffusionId: string,
    query: SearchQuery,
  ): Promise<{ rows: DiffusionRecipientRow[]; total: number }> {
    const where = and(
      eq(diffusionRecipients.client_id, clientId),
      eq(diffusionRecipients.diffusion_id, diffusionId),
      query.where,
    );
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(diffusionRecipients)
        .where(where)
        .orderBy(...query.orderBy, asc(diffusionRecipients.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(diffusionRecipients).where(where),
    ]);
    return { rows, total: Number(totals[0]?.total ?? 0) };
  },

  /**
   * Imported recipients of a draft, one row per phone (a phone already there is passed over); a phone that
   * opted out of marketing is stored as skipped. Answers how many rows were added.
   */
  async insertRecipients(clientId: string, diffusionId: string, rows: ImportedRecipient[]): Promise<number> {
    const result = (await db.execute(sql`
      insert into ${diffusionRecipients} (client_id, diffusion_id, phone, name, parameters, state, reason)
      select ${clientId}::uuid, ${diffusionId}::uuid, r.phone, r.name, r.parameters,
        case when o.phone is null then 'pending' else 'skipped' end,
        case when o.phone is null then '' else 'optout' end
      from jsonb_to_recordset(${recordset(rows)}) as r(phone text, name text, parameters jsonb)
      left join marketing_opt_outs o on o.client_id = ${clientId}::uuid and o.phone = r.phone
      on conflict (diffusion_id, phone) do nothing`)) as unknown as { rowCount: number | null };
    return result.rowCount ?? 0;
  },
});
