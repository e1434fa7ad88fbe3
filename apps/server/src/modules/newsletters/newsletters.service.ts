import {
  auditChanges,
  type Newsletter,
  type newsletterCreateSchema,
  type newsletterUpdateSchema,
  PAGE_SIZE,
  type SearchBody,
} from '@conversa/domain';
import type { z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database } from '../../core/db/database';
import { newsletters } from '../../core/db/schema';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery } from '../../core/http/search-query';
import { type MessageKey, translate } from '../../core/i18n/i18n';
import type { Notification } from '../../core/realtime/notifications.listener';
import { auditedNewsletter, toNewsletter } from './newsletters.mapper';
import {
  createNewslettersRepository,
  NEWSLETTER_SEARCH_FIELDS,
  type NewNewsletter,
} from './newsletters.repository';

type NewsletterCreate = z.output<typeof newsletterCreateSchema>;
type NewsletterUpdate = z.output<typeof newsletterUpdateSchema>;

const MODULE = 'newsletter';

/** What shows now for one user: the release news and the pop-ups they have not seen yet. */
export type NewslettersNow = { popover_newsletter: Newsletter[]; modal_newsletter: Newsletter[] };

/** Sends a notification to every signed-in socket, whatever their company (newsletters are platform-wide). */
export type Broadcast = (notification: Notification) => void;

const stored = (input: Partial<NewsletterCreate>): Partial<NewNewsletter> => {
  const { show_login_date, ...rest } = input;
  return show_login_date === undefined
    ? rest
    : { ...rest, show_login_date: show_login_date === null ? null : new Date(show_login_date) };
};

/**
 * Release news and pop-up announcements (spec sections 2, 3 and 7): the master writes them (the routes are
 * master-only), every signed-in user reads them. Each write has its audit row (in the master's company) and
 * a `newsletter` notification to everyone after commit.
 */
export const createNewslettersService = ({ db, broadcast }: { db: Database; broadcast: Broadcast }) => {
  const repo = createNewslettersRepository(db);

  const announce = (auth: AuthContext, action: string, newsletter: Newsletter, info: MessageKey) =>
    broadcast({
      module: MODULE,
      action,
      data: [newsletter],
      msg: translate(auth.locale ?? 'es', info),
      ref: newsletter.id,
    });

  const find = async (id: string) => {
    const row = isUuid(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    /** Title contains (and the other fields' filters), the newest release first, 20 a page. */
    async search(body: SearchBody) {
      const query = buildSearchQuery(body, NEWSLETTER_SEARCH_FIELDS, {
        defaultSort: { key: 'release_date', order: 'desc' },
        tieBreaker: newsletters.id,
      });
      const { rows, total } = await repo.search(query);
      return { data: rows.map(toNewsletter), pagination: query.pagination(total) };
    },

    async findOne(id: string): Promise<Newsletter> {
      return toNewsletter(await find(id));
    },

    async showNow(auth: AuthContext, now = new Date()): Promise<NewslettersNow> {
      const [latest, popups] = await Promise.all([
        repo.latest(PAGE_SIZE.news),
        repo.popupsDueFor(auth.userId, now),
      ]);
      return { popover_newsletter: latest.map(toNewsletter), modal_newsletter: popups.map(toNewsletter) };
    },

    /** Idempotent: a pop-up seen once is never shown to this user again. */
    async markSeen(auth: AuthContext, id: string): Promise<void> {
      await find(id);
      await repo.markSeen(auth.userId, id);
    },

    async create(auth: AuthContext, input: NewsletterCreate): Promise<Newsletter> {
      const newsletter = await db.transaction(async (tx) => {
        const created = toNewsletter(
          await createNewslettersRepository(tx).insert(stored(input) as NewNewsletter),
        );
        await writeAuditLog(tx, auth, [
          {
            action: 'create',
            module: MODULE,
            recordId: created.id,
            changes: auditChanges(null, auditedNewsletter(created)),
          },
        ]);
        return created;
      });
      announce(auth, 'create', newsletter, 'info.newsletterCreated');
      return newsletter;
    },

    async update(auth: AuthContext, id: string, input: NewsletterUpdate): Promise<Newsletter> {
      const newsletter = await db.transaction(async (tx) => {
        const txRepo = createNewslettersRepository(tx);
        const row = isUuid(id) ? await txRepo.findById(id, true) : undefined;
        if (!row) throw notFound();
        const before = toNewsletter(row);
        const after = toNewsletter(await txRepo.update(id, stored(input)));
        const changes = auditChanges(auditedNewsletter(before), auditedNewsletter(after));
        if (Object.keys(changes).length > 0) {
          await writeAuditLog(tx, auth, [{ action: 'update', module: MODULE, recordId: id, changes }]);
        }
        return after;
      });
      announce(auth, 'update', newsletter, 'info.newsletterUpdated');
      return newsletter;
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const newsletter = await db.transaction(async (tx) => {
        const txRepo = createNewslettersRepository(tx);
        const row = isUuid(id) ? await txRepo.findById(id, true) : undefined;
        if (!row) throw notFound();
        const removed = toNewsletter(row);
        await txRepo.delete(id);
        await writeAuditLog(tx, auth, [
          {
            action: 'delete',
            module: MODULE,
            recordId: id,
            changes: auditChanges(auditedNewsletter(removed), null),
          },
        ]);
        return removed;
      });
      announce(auth, 'delete', newsletter, 'info.newsletterDeleted');
    },
  };
};

export type NewslettersService = ReturnType<typeof createNewslettersService>;
