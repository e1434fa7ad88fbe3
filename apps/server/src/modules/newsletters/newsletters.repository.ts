import { and, count, desc, eq, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database';
import { type NewsletterRow, newsletters, newsletterViews } from '../../core/db/schema';
import type { SearchQuery, SearchWhitelist } from '../../core/http/search-query';

export const NEWSLETTER_SEARCH_FIELDS: SearchWhitelist = {
  title: { column: newsletters.title, type: 'text' },
  category: { column: newsletters.category, type: 'text' },
  status: { column: newsletters.status, type: 'text' },
  release_date: { column: newsletters.release_date, type: 'date' },
  show_login_date: { column: newsletters.show_login_date, type: 'date' },
  create_date: { column: newsletters.create_date, type: 'date' },
};

export type NewNewsletter = typeof newsletters.$inferInsert;

/** The newest release first; among one day's, the last written first. */
const NEWEST_RELEASE = [desc(newsletters.release_date), desc(newsletters.create_date), desc(newsletters.id)];

/** Newsletters belong to the platform, not to a tenant: no client id here. */
export const createNewslettersRepository = (db: Executor) => ({
  async findById(id: string, lock = false): Promise<NewsletterRow | undefined> {
    const query = db.select().from(newsletters).where(eq(newsletters.id, id)).limit(1);
    const rows = lock ? await query.for('update') : await query;
    return rows[0];
  },

  async insert(values: NewNewsletter): Promise<NewsletterRow> {
    const rows = await db.insert(newsletters).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(id: string, values: Partial<NewNewsletter>): Promise<NewsletterRow> {
    const rows = await db.update(newsletters).set(values).where(eq(newsletters.id, id)).returning();
    const row = rows[0];
    if (!row) throw new Error('update returned no row');
    return row;
  },

  async delete(id: string): Promise<void> {
    await db.delete(newsletters).where(eq(newsletters.id, id));
  },

  async search(query: SearchQuery): Promise<{ rows: NewsletterRow[]; total: number }> {
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(newsletters)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(newsletters).where(query.where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  /** The release-news list's first page. */
  async latest(limit: number): Promise<NewsletterRow[]> {
    return db
      .select()
      .from(newsletters)
      .orderBy(...NEWEST_RELEASE)
      .limit(limit);
  },

  /** Pop-ups due (show_login_date passed) that this user has not seen yet. */
  async popupsDueFor(userId: string, now: Date): Promise<NewsletterRow[]> {
    const seen = db
      .select({ one: sql`1` })
      .from(newsletterViews)
      .where(and(eq(newsletterViews.newsletter_id, newsletters.id), eq(newsletterViews.user_id, userId)));
    return db
      .select()
      .from(newsletters)
      .where(
        and(
          sql`jsonb_typeof(${newsletters.popup}) = 'object'`,
          isNotNull(newsletters.show_login_date),
          lte(newsletters.show_login_date, now),
          notExists(seen),
        ),
      )
      .orderBy(...NEWEST_RELEASE);
  },

  /** Seeing a pop-up twice keeps the first moment. */
  async markSeen(userId: string, newsletterId: string): Promise<void> {
    await db
      .insert(newsletterViews)
      .values({ user_id: userId, newsletter_id: newsletterId })
      .onConflictDoNothing();
  },
});

export type NewslettersRepository = ReturnType<typeof createNewslettersRepository>;
