import {
  auditChanges,
  hasAccess,
  isPermissionKey,
  type ListItem,
  type ListModule,
  type listItemCreateSchema,
  type listItemUpdateSchema,
  type SearchBody,
} from '@conversa/domain';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import { listDinamic } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { conflict, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery } from '../../core/http/search-query';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { stripListItem } from './list-item-carriers';
import { auditedListItem, toListItem } from './listdinamic.mapper';
import {
  createListDinamicRepository,
  LIST_ITEM_ORDER,
  LIST_ITEM_SEARCH_FIELDS,
} from './listdinamic.repository';

type ListItemCreate = z.output<typeof listItemCreateSchema>;
type ListItemUpdate = z.output<typeof listItemUpdateSchema>;

const MODULE = 'listdinamic';

/**
 * Tags are made inline while a record is edited, so whoever may create or edit the module's records may
 * add one; changing or deleting items is the company's settings (setting.edit).
 */
const mayCreateIn = (auth: AuthContext, module: ListModule): boolean =>
  hasAccess(auth, 'setting.edit') ||
  [`${module}.create`, `${module}.edit`].some((key) => isPermissionKey(key) && hasAccess(auth, key));

const announce = (tx: Executor, clientId: string, action: string, item: Partial<ListItem> & { id: string }) =>
  createRealtimeEventsRepository(tx).record(clientId, { module: MODULE, action, data: [item], ref: item.id });

export const createListDinamicService = ({ db, events }: { db: Database; events: EventBus }) => {
  const repo = createListDinamicRepository(db);

  const loadInTenant = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, LIST_ITEM_SEARCH_FIELDS);
      const orderBy = body.sort ? query.orderBy : LIST_ITEM_ORDER;
      const { rows, total } = await repo.search(auth.clientId, {
        ...query,
        orderBy: [...orderBy, asc(listDinamic.id)],
      });
      return { data: rows.map(toListItem), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<ListItem> {
      return toListItem(await loadInTenant(auth, id));
    },

    async listAll(clientId: string): Promise<ListItem[]> {
      return (await repo.listAll(clientId)).map(toListItem);
    },

    async create(auth: AuthContext, input: ListItemCreate): Promise<ListItem> {
      if (!mayCreateIn(auth, input.module)) throw forbidden();
      const list = { module: input.module, field: input.field };
      const { item, notification } = await db.transaction(async (tx) => {
        const txRepo = createListDinamicRepository(tx);
        await txRepo.lockCompanyLists(auth.clientId);
        if (await txRepo.hasName(auth.clientId, list, input.name))
          throw conflict('info.listItemTaken', 'name');
        const row = await txRepo.insert(auth.clientId, {
          ...list,
          name: input.name,
          color: input.color,
          status: input.status,
          position: input.position ?? (await txRepo.nextPosition(auth.clientId, list)),
        });
        const created = toListItem(row);
        await writeAuditLog(tx, auth, [
          {
            action: 'create',
            module: MODULE,
            recordId: created.id,
            changes: auditChanges(null, auditedListItem(created)),
          },
        ]);
        return { item: created, notification: await announce(tx, auth.clientId, 'create', created) };
      });
      events.emit('record.changed', {
        clientId: auth.clientId,
        module: MODULE,
        notifications: [notification],
      });
      return item;
    },

    async update(auth: AuthContext, id: string, input: ListItemUpdate): Promise<ListItem> {
      const current = await loadInTenant(auth, id);
      // A request without a body arrives as undefined: nothing to change.
      const { client_id: _ignored, ...patch } = { ...input };
      const { item, notification } = await db.transaction(async (tx) => {
        const txRepo = createListDinamicRepository(tx);
        await txRepo.lockCompanyLists(auth.clientId);
        if (patch.name !== undefined && (await txRepo.hasName(auth.clientId, current, patch.name, id)))
          throw conflict('info.listItemTaken', 'name');
        const row = await txRepo.update(auth.clientId, id, patch);
        if (!row) throw notFound();
        const updated = toListItem(row);
        await writeAuditLog(tx, auth, [
          {
            action: 'update',
            module: MODULE,
            recordId: id,
            changes: auditChanges(auditedListItem(toListItem(current)), auditedListItem(updated)),
          },
        ]);
        return { item: updated, notification: await announce(tx, auth.clientId, 'update', updated) };
      });
      events.emit('record.changed', {
        clientId: auth.clientId,
        module: MODULE,
        notifications: [notification],
      });
      return item;
    },

    /** The item leaves every record that carries it in the same transaction. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      await loadInTenant(auth, id);
      const notification = await db.transaction(async (tx) => {
        const row = await createListDinamicRepository(tx).delete(auth.clientId, id);
        if (!row) throw notFound();
        const deleted = toListItem(row);
        const stripped = await stripListItem(tx, auth.clientId, deleted);
        await writeAuditLog(tx, auth, [
          {
            action: 'delete',
            module: MODULE,
            recordId: id,
            changes: { ...auditChanges(auditedListItem(deleted), null), records: [stripped, 0] },
          },
        ]);
        return announce(tx, auth.clientId, 'delete', {
          id,
          module: deleted.module,
          field: deleted.field,
        });
      });
      events.emit('record.changed', {
        clientId: auth.clientId,
        module: MODULE,
        notifications: [notification],
      });
    },
  };
};

export type ListDinamicService = ReturnType<typeof createListDinamicService>;
