import {
  auditChanges,
  hasAccess,
  type SearchBody,
  type View,
  type ViewModule,
  type viewCreateSchema,
  type viewUpdateSchema,
} from '@conversa/domain';
import type { z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import { views } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery } from '../../core/http/search-query';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { viewFieldIssues } from './view-fields';
import { auditedView, toView } from './views.mapper';
import { createViewsRepository, VIEW_SEARCH_FIELDS, type ViewPatch } from './views.repository';

type ViewCreate = z.output<typeof viewCreateSchema>;
type ViewUpdate = z.output<typeof viewUpdateSchema>;

const MODULE = 'view' as const;

const assertFields = (module: ViewModule, view: Parameters<typeof viewFieldIssues>[1]) => {
  const issues = viewFieldIssues(module, view);
  if (issues.length > 0) throw badRequest(issues);
};

/** The company's views are settings (setting.edit); a personal view is its owner's alone. */
const assertMayChange = (auth: AuthContext, owner: string | null) => {
  if (owner === null ? !hasAccess(auth, 'setting.edit') : owner !== auth.userId) throw forbidden();
};

/** A personal view's notification is addressed to its owner; colleagues get its id only (audience rule). */
const announceAll = (
  tx: Executor,
  clientId: string,
  action: string,
  changed: (Pick<View, 'id' | 'owner'> & Partial<View>)[],
) =>
  createRealtimeEventsRepository(tx).recordMany(
    clientId,
    changed.map((view) => ({
      module: MODULE,
      action,
      data: [view],
      ref: view.id,
      ...(view.owner ? { targetUserId: view.owner } : {}),
    })),
  );

export const createViewsService = ({ db, events }: { db: Database; events: EventBus }) => {
  const repo = createViewsRepository(db);

  const loadVisible = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await repo.findVisible(auth.clientId, auth.userId, id) : undefined;
    if (!row) throw notFound();
    return toView(row);
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, VIEW_SEARCH_FIELDS, {
        defaultSort: { key: 'name', order: 'asc' },
        tieBreaker: views.id,
      });
      const { rows, total } = await repo.search(auth.clientId, auth.userId, query);
      return { data: rows.map(toView), pagination: query.pagination(total) };
    },

    findOne: loadVisible,

    async listVisible(auth: Pick<AuthContext, 'clientId' | 'userId'>): Promise<View[]> {
      return (await repo.listVisible(auth.clientId, auth.userId)).map(toView);
    },

    async create(auth: AuthContext, input: ViewCreate): Promise<View> {
      const owner = input.shared ? null : auth.userId;
      assertMayChange(auth, owner);
      assertFields(input.module, input);
      const { view, notifications } = await db.transaction(async (tx) => {
        const txRepo = createViewsRepository(tx);
        await txRepo.lockCompanyViews(auth.clientId);
        const undefaulted = input.is_default
          ? await txRepo.clearDefault(auth.clientId, { module: input.module, owner })
          : [];
        const { shared: _shared, ...values } = input;
        const created = toView(await txRepo.insert(auth.clientId, { ...values, owner }));
        const changed = undefaulted.map(toView);
        await writeAuditLog(tx, auth, [
          {
            action: 'create',
            module: MODULE,
            recordId: created.id,
            changes: auditChanges(null, auditedView(created)),
          },
          ...changed.map((view) => ({
            action: 'update' as const,
            module: MODULE,
            recordId: view.id,
            changes: { is_default: [true, false] as [unknown, unknown] },
          })),
        ]);
        return {
          view: created,
          notifications: [
            ...(await announceAll(tx, auth.clientId, 'update', changed)),
            ...(await announceAll(tx, auth.clientId, 'create', [created])),
          ],
        };
      });
      events.emit('record.changed', { clientId: auth.clientId, module: MODULE, notifications });
      return view;
    },

    /** `shared` moves a view between the company (owner null) and the caller; both sides need setting.edit. */
    async update(auth: AuthContext, id: string, input: ViewUpdate): Promise<View> {
      const current = await loadVisible(auth, id);
      assertMayChange(auth, current.owner);
      // A request without a body arrives as undefined: nothing to change.
      const { shared, ...fields } = { ...input };
      const owner = shared === undefined ? current.owner : shared ? null : auth.userId;
      if (owner !== current.owner) assertMayChange(auth, null);
      assertFields(current.module, fields);
      const patch: ViewPatch = { ...fields, owner };
      const { view, notifications } = await db.transaction(async (tx) => {
        const txRepo = createViewsRepository(tx);
        await txRepo.lockCompanyViews(auth.clientId);
        const isDefault = fields.is_default ?? current.is_default;
        const undefaulted = isDefault
          ? await txRepo.clearDefault(auth.clientId, { module: current.module, owner }, id)
          : [];
        const row = await txRepo.update(auth.clientId, id, patch);
        if (!row) throw notFound();
        const updated = toView(row);
        const changed = [...undefaulted.map(toView), updated];
        await writeAuditLog(
          tx,
          auth,
          changed.map((view) => ({
            action: 'update' as const,
            module: MODULE,
            recordId: view.id,
            changes:
              view.id === id
                ? auditChanges(auditedView(current), auditedView(updated))
                : { is_default: [true, false] as [unknown, unknown] },
          })),
        );
        // A company view made someone's own reaches colleagues as its id and owner, so they drop it.
        const notifications = await announceAll(tx, auth.clientId, 'update', changed);
        return { view: updated, notifications };
      });
      events.emit('record.changed', { clientId: auth.clientId, module: MODULE, notifications });
      return view;
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const current = await loadVisible(auth, id);
      assertMayChange(auth, current.owner);
      const notifications = await db.transaction(async (tx) => {
        if (!(await createViewsRepository(tx).delete(auth.clientId, id))) throw notFound();
        await writeAuditLog(tx, auth, [
          {
            action: 'delete',
            module: MODULE,
            recordId: id,
            changes: auditChanges(auditedView(current), null),
          },
        ]);
        return announceAll(tx, auth.clientId, 'delete', [
          { id, owner: current.owner, module: current.module },
        ]);
      });
      events.emit('record.changed', { clientId: auth.clientId, module: MODULE, notifications });
    },
  };
};

export type ViewsService = ReturnType<typeof createViewsService>;
