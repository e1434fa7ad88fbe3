import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type NoteRow, notes } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const NOTE_SEARCH_FIELDS: SearchWhitelist = {
  contact_id: { column: sql`${notes.contact_id}::text`, type: 'text' },
  user_id: { column: sql`${notes.user_id}::text`, type: 'text' },
  module: { column: notes.module, type: 'text' },
  reference_id: { column: notes.reference_id, type: 'text' },
  description: { column: notes.description, type: 'text' },
  create_date: { column: notes.create_date, type: 'date' },
};

export type NewNote = Omit<typeof notes.$inferInsert, 'client_id'>;

export const createNotesRepository = (db: Executor) => ({
  async findById(clientId: string, id: string): Promise<NoteRow | undefined> {
    const rows = await db
      .select()
      .from(notes)
      .where(and(eq(notes.client_id, clientId), eq(notes.id, id)))
      .limit(1);
    return rows[0];
  },

  async search(clientId: string, query: SearchQuery): Promise<{ rows: NoteRow[]; total: number }> {
    const where = and(eq(notes.client_id, clientId), query.where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(notes)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(notes).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async insert(clientId: string, values: NewNote): Promise<NoteRow> {
    const rows = await db
      .insert(notes)
      .values({ ...values, client_id: clientId })
      .returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(clientId: string, id: string, description: string): Promise<NoteRow | undefined> {
    const rows = await db
      .update(notes)
      .set({ description })
      .where(and(eq(notes.client_id, clientId), eq(notes.id, id)))
      .returning();
    return rows[0];
  },

  async delete(clientId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(notes)
      .where(and(eq(notes.client_id, clientId), eq(notes.id, id)))
      .returning({ id: notes.id });
    return rows.length > 0;
  },
});
