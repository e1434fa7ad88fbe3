import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type TemplateRow, templates } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const TEMPLATE_SEARCH_FIELDS: SearchWhitelist = {
  name: { column: templates.name, type: 'text' },
  language: { column: templates.language, type: 'text' },
  status: { column: templates.status, type: 'text' },
  quality: { column: templates.quality, type: 'text' },
  category: { column: templates.category, type: 'text' },
  device_id: { column: sql`${templates.device_id}::text`, type: 'text' },
  example: { column: templates.example, type: 'text' },
  create_date: { column: templates.create_date, type: 'date' },
  update_date: { column: templates.update_date, type: 'date' },
};

export type SyncedTemplate = Pick<
  typeof templates.$inferInsert,
  'provider_id' | 'name' | 'language' | 'status' | 'category' | 'quality' | 'components' | 'example'
>;

/** What the provider changes of a template: its webhooks (status, quality) and an accepted edit. */
export type TemplateProviderPatch = Partial<
  Pick<TemplateRow, 'status' | 'reason' | 'quality' | 'category' | 'components' | 'example'>
>;

export const createTemplatesRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<TemplateRow | undefined> {
    const rows = await db
      .select()
      .from(templates)
      .where(and(eq(templates.client_id, clientId), eq(templates.id, id)))
      .limit(1);
    return rows[0];
  },

  async findOfDevice(
    clientId: string,
    deviceId: string,
    name: string,
    language: string,
  ): Promise<TemplateRow | undefined> {
    const rows = await db
      .select()
      .from(templates)
      .where(
        and(
          eq(templates.client_id, clientId),
          eq(templates.device_id, deviceId),
          eq(templates.name, name),
          eq(templates.language, language),
        ),
      )
      .limit(1);
    return rows[0];
  },

  async insert(
    clientId: string,
    values: Omit<typeof templates.$inferInsert, 'client_id'>,
  ): Promise<TemplateRow> {
    const rows = await db
      .insert(templates)
      .values({ ...values, client_id: clientId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('the template was not stored');
    return row;
  },

  async delete(clientId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(templates)
      .where(and(eq(templates.client_id, clientId), eq(templates.id, id)))
      .returning({ id: templates.id });
    return rows.length > 0;
  },

  /** Applies a provider change to the company's copies of one provider template (one per device sharing it). */
  async updateByProviderId(
    clientId: string,
    providerId: string,
    patch: TemplateProviderPatch,
  ): Promise<TemplateRow[]> {
    if (providerId === '') return [];
    return db
      .update(templates)
      .set({ ...patch, update_date: new Date() })
      .where(and(eq(templates.client_id, clientId), eq(templates.provider_id, providerId)))
      .returning();
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: TemplateRow[]; total: number }> {
    const where = and(eq(templates.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(templates)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(templates).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** Makes a device's stored templates exactly the provider's list: upserts by (name, language), drops the rest. */
  async replaceOfDevice(clientId: string, deviceId: string, list: SyncedTemplate[]): Promise<void> {
    for (const template of list) {
      await db
        .insert(templates)
        .values({ ...template, client_id: clientId, device_id: deviceId })
        .onConflictDoUpdate({
          target: [templates.device_id, templates.name, templates.language],
          set: { ...template, update_date: new Date() },
        });
    }
    const kept = list.map((template) => `${template.name}\u0000${template.language}`);
    const stored = await db
      .select({ id: templates.id, name: templates.name, language: templates.language })
      .from(templates)
      .where(and(eq(templates.client_id, clientId), eq(templates.device_id, deviceId)));
    const gone = stored
      .filter((row) => !kept.includes(`${row.name}\u0000${row.language}`))
      .map((row) => row.id);
    if (gone.length > 0) {
      await db.delete(templates).where(and(eq(templates.client_id, clientId), inArray(templates.id, gone)));
    }
  },
});
