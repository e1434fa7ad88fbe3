import { DEFAULT_PLAN_STORAGE_BYTES } from '@conversa/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { clients, type FileRow, files, messages, plans } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const STORAGE_SEARCH_FIELDS: SearchWhitelist = {
  name: { column: files.name, type: 'text' },
  mime: { column: files.mime, type: 'text' },
  module: { column: files.module, type: 'text' },
  reference_id: { column: files.reference_id, type: 'text' },
  size: { column: files.size, type: 'number' },
  created_by: { column: files.created_by, type: 'text' },
  create_date: { column: files.create_date, type: 'date' },
};

export type NewFile = Omit<typeof files.$inferInsert, 'client_id' | 'id' | 'create_date'>;

const ofClient = (clientId: string) => eq(files.client_id, clientId);

export const createStorageRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<FileRow | undefined> {
    const rows = await db
      .select()
      .from(files)
      .where(and(ofClient(clientId), eq(files.id, id)))
      .limit(1);
    return rows[0];
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: FileRow[]; total: number }> {
    const where = and(ofClient(clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(files)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(files).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** Bytes of every file of the company, and its plan's storage (the default when it has no plan). */
  async usage(clientId: string): Promise<{ used: number; limit: number }> {
    const [row] = await db
      .select({
        used: sql<string>`(select coalesce(sum(${files.size}), 0) from ${files} where ${ofClient(clientId)})`,
        limit: plans.storage,
      })
      .from(clients)
      .leftJoin(plans, eq(plans.id, clients.plan_id))
      .where(eq(clients.id, clientId));
    return { used: Number(row?.used ?? 0), limit: row?.limit ?? DEFAULT_PLAN_STORAGE_BYTES };
  },

  /**
   * Until the transaction ends, the company's other uploads wait here: the sum they check the limit
   * against then includes this one, so two uploads at once cannot both slip under it.
   */
  async lockUsage(clientId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`storage:${clientId}`}))`);
  },

  async insert(clientId: string, values: NewFile): Promise<FileRow> {
    const rows = await db
      .insert(files)
      .values({ ...values, client_id: clientId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async rename(clientId: string, id: string, name: string): Promise<FileRow | undefined> {
    const rows = await db
      .update(files)
      .set({ name })
      .where(and(ofClient(clientId), eq(files.id, id)))
      .returning();
    return rows[0];
  },

  async delete(clientId: string, id: string): Promise<FileRow | undefined> {
    const rows = await db
      .delete(files)
      .where(and(ofClient(clientId), eq(files.id, id)))
      .returning();
    return rows[0];
  },

  async deleteByKey(clientId: string, key: string): Promise<void> {
    await db.delete(files).where(and(ofClient(clientId), eq(files.key, key)));
  },

  /** The message whose attachment a deleted file was: it stays, without its file. */
  async detachFromMessage(clientId: string, messageId: string, key: string) {
    return db
      .update(messages)
      .set({ attachment_key: null })
      .where(
        and(eq(messages.client_id, clientId), eq(messages.id, messageId), eq(messages.attachment_key, key)),
      )
      .returning();
  },
});
