import {
  auditChanges,
  type BulkDeleteInput,
  DEFAULT_LOCALE,
  type Pagination,
  type SearchBody,
} from '@conversa/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuditEvent, writeAuditLog } from '../audit/audit-log';
import { type Database, type Executor, isUniqueViolation } from '../db/database';
import type { EventBus } from '../events';
import { badRequest, conflict, notFound } from '../http/app-error';
import type { AuthContext } from '../http/fastify-types';
import { isUuid } from '../http/route-schemas';
import {
  buildSearchQuery,
  type SearchOptions,
  type SearchQuery,
  type SearchWhitelist,
} from '../http/search-query';
import { translate } from '../i18n/i18n';
import {
  createRealtimeEventsRepository,
  type NotificationDraft,
  type StoredNotification,
} from '../realtime/realtime-events.repository';
import { createListItemCheck } from './record-list-items';
import {
  auditValues,
  GROUPABLE_TYPES,
  type RecordModule,
  type RecordPatch,
  type RecordRow,
  type RecordTable,
  type RecordValues,
  SEARCH_TYPE_OF,
  type WriteEffects,
} from './record-module';
import { createRecordRepository } from './record-repository';
import type { KanbanBody } from './record-schemas';

/** A bulk's notification carries the changed records up to this many, else only their ids. */
export const BULK_NOTIFY_CAP = 500;
/** A bulk reads, writes and audits its records this many at a time, so memory stays flat. */
const BULK_CHUNK = 1000;

/** A write's result: the record as the API shows it, its notification in the outbox, and the module's effects. */
export type Written<Api> = { record: Api; notification: StoredNotification; effects?: WriteEffects };

type BulkTarget = Pick<BulkDeleteInput, 'ids' | 'find'>;

const chunksOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/** The search whitelist of a module: its fields by type, plus its extra keys. */
export const whitelistOf = (module: RecordModule<RecordTable>): SearchWhitelist => {
  const whitelist: SearchWhitelist = { ...module.searchExtra };
  for (const field of module.fields) {
    const column = module.columns[field.key];
    if (!column) throw new Error(`${module.name}: field ${field.key} has no column`);
    whitelist[field.key] = { column, type: SEARCH_TYPE_OF[field.type] };
  }
  return whitelist;
};

/**
 * The five routes' work, bulk, kanban and the queries of an export for one module. Every write runs in one
 * transaction with its audit rows and its realtime notification (outbox); the notification is published
 * after commit.
 */
/** `more` only when the total stopped at the cap, so exact totals keep the envelope they always had. */
const paginationOf = (built: SearchQuery, total: number, more: boolean): Pagination =>
  more ? { ...built.pagination(total), more } : built.pagination(total);

export const createRecordService = <
  T extends RecordTable,
  Api,
  Related,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Bulk extends z.ZodType,
>(
  module: RecordModule<T, Api, Related, Create, Update, Bulk>,
  { db, events }: { db: Database; events: EventBus },
) => {
  type Row = RecordRow<T>;
  const whitelist = whitelistOf(module as unknown as RecordModule<RecordTable>);
  const checkListItems = createListItemCheck(module);
  const options: SearchOptions = { tieBreaker: module.table.id };
  const repositoryOf = (executor: Executor, auth: AuthContext) =>
    createRecordRepository(executor, module.table, module.scope?.(auth));

  const toApiMany = async (executor: Executor, clientId: string, rows: Row[]): Promise<Api[]> => {
    if (rows.length === 0) return [];
    const related = (module.related ? await module.related(executor, clientId, rows) : undefined) as Related;
    return rows.map((row) => module.toApi(row, related));
  };
  const toApiOne = async (executor: Executor, clientId: string, row: Row): Promise<Api> =>
    (await toApiMany(executor, clientId, [row]))[0] as Api;
  /** What the caller may see of a record built whole (as audits and notifications keep it). */
  const seenBy = (auth: AuthContext, record: Api): Api =>
    module.viewFor ? module.viewFor(auth, record) : record;
  const audited = (record: Api | null) => (record === null ? null : auditValues(module.fields, record));
  const idOf = (row: Row) => String(row.id);

  /** A notification's `msg`: what the route answers as `info`, in the writer's language. */
  const messageOf = (auth: AuthContext, action: string): string =>
    translate(
      auth.locale ?? DEFAULT_LOCALE,
      action === 'create'
        ? module.info.created
        : action.startsWith('delete')
          ? module.info.deleted
          : module.info.updated,
    );
  const idOfApi = (record: Api) => String((record as { id?: unknown }).id);

  /** The search body as SQL; a caller listing in another order (a picker by name) gives its own default. */
  const query = (body: SearchBody, defaultSort = module.defaultSort) =>
    buildSearchQuery(body, whitelist, { ...options, defaultSort });

  /** Turns a unique-index violation into 409 on the module's field. */
  const guardDuplicate = async <R>(path: 'createPath' | 'updatePath', work: () => Promise<R>): Promise<R> => {
    try {
      return await work();
    } catch (error) {
      if (module.duplicate && isUniqueViolation(error)) {
        throw conflict(module.duplicate.info, module.duplicate[path]);
      }
      throw error;
    }
  };

  /** The module's afterWrite hook over the changed rows, if it has one. */
  const effectsOf = async (
    tx: Executor,
    auth: AuthContext,
    changes: { before: Row | null; after: Row }[],
  ): Promise<WriteEffects | undefined> =>
    module.afterWrite && changes.length > 0 ? module.afterWrite(changes, { db: tx, auth }) : undefined;

  /** The writes of one transaction, each with its audit row and notification; publish them after commit. */
  const writer = (tx: Executor, auth: AuthContext) => {
    const notify = (draft: Omit<NotificationDraft, 'module'>) =>
      createRealtimeEventsRepository(tx).record(auth.clientId, {
        module: module.name,
        msg: messageOf(auth, draft.action),
        ...draft,
      });
    const audit = (events: AuditEvent[]) => writeAuditLog(tx, auth, events);
    return {
      async create(values: RecordValues<T>, after?: (row: Row) => Promise<void>): Promise<Written<Api>> {
        const row = await repositoryOf(tx, auth).insert(auth.clientId, values);
        await after?.(row);
        const record = await toApiOne(tx, auth.clientId, row);
        const id = idOf(row);
        await audit([
          {
            action: 'create',
            module: module.name,
            recordId: id,
            changes: auditChanges(null, audited(record)),
          },
        ]);
        const notification = await notify({ action: 'create', data: [record], ref: id });
        return { record, notification, effects: await effectsOf(tx, auth, [{ before: null, after: row }]) };
      },

      /**
       * Announces a change already made to `before` (by `change` here, or by a module's own statement):
       * an audit row when a field changed, and the notification in any case.
       */
      async changed(
        before: Row,
        after: Row,
        draft: { action?: string; msg?: string; targetUserId?: string } = {},
      ): Promise<Written<Api>> {
        const [previous, record] = await toApiMany(tx, auth.clientId, [before, after]);
        const changes = auditChanges(audited(previous as Api), audited(record as Api));
        const id = idOf(after);
        if (Object.keys(changes).length > 0) {
          await audit([{ action: 'update', module: module.name, recordId: id, changes }]);
        }
        const notification = await notify({ action: 'update', ...draft, data: [record], ref: id });
        const effects = await effectsOf(tx, auth, [{ before, after }]);
        return { record: record as Api, notification, effects };
      },

      /** Sets the patch; answers null when no field changes (nothing written, nothing announced). */
      async change(before: Row, patch: RecordPatch<T>): Promise<Written<Api> | null> {
        const changing = Object.entries(patch).filter(
          ([key, value]) =>
            JSON.stringify(value) !== JSON.stringify((before as Record<string, unknown>)[key]),
        );
        if (changing.length === 0) return null;
        const after = await repositoryOf(tx, auth).update(
          auth.clientId,
          idOf(before),
          Object.fromEntries(changing) as RecordPatch<T>,
        );
        if (!after) throw notFound();
        return this.changed(before, after);
      },
    };
  };

  /** Publishes notifications written by a committed transaction, then runs the module's after-commit work. */
  const publish = (clientId: string, notifications: StoredNotification[], effects?: WriteEffects) => {
    const all = [...notifications, ...(effects?.notifications ?? [])];
    if (all.length > 0) events.emit('record.changed', { clientId, module: module.name, notifications: all });
    effects?.afterCommit?.();
  };

  /** The records a bulk names: every id must be the tenant's (else 404), or every record the filters find. */
  const targetIds = async (tx: Executor, auth: AuthContext, target: BulkTarget): Promise<string[]> => {
    if (target.ids) {
      const ids = [...new Set(target.ids)];
      if (!ids.every(isUuid)) throw notFound();
      const found = new Set<string>();
      for (const chunk of chunksOf(ids, BULK_CHUNK)) {
        for (const row of await repositoryOf(tx, auth).findMany(auth.clientId, chunk)) found.add(idOf(row));
      }
      if (found.size !== ids.length) throw notFound();
      return ids;
    }
    const find = target.find ?? { filters: [], logical: 'and' as const };
    const { where } = query({ page: 1, offset: 1, filters: find.filters, logical: find.logical });
    return repositoryOf(tx, auth).idsWhere(auth.clientId, where);
  };

  /** One notification for a bulk: the records while few, else their ids. */
  const bulkNotification = (tx: Executor, auth: AuthContext, action: string, ids: string[], records: Api[]) =>
    createRealtimeEventsRepository(tx).record(auth.clientId, {
      module: module.name,
      msg: messageOf(auth, action),
      action,
      data: records.length === ids.length ? records : ids.map((id) => ({ id })),
      ref: '',
    });

  const loadForWrite = async (tx: Executor, auth: AuthContext, id: string): Promise<Row> => {
    const row = isUuid(id) ? await repositoryOf(tx, auth).findById(auth.clientId, id, true) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    module,
    query,
    writer,
    publish,
    toApiMany,
    seenBy,

    /** One page of rows as stored, for a module's own short forms. */
    async rows(auth: AuthContext, body: SearchBody, defaultSort = module.defaultSort) {
      const built = query(body, defaultSort);
      const { rows, total, more } = await repositoryOf(db, auth).search(auth.clientId, built);
      return { rows, pagination: paginationOf(built, total, more) };
    },

    async search(auth: AuthContext, body: SearchBody) {
      const prepared = module.search ? module.search.prepare(body, auth) : { body };
      const built = query(prepared.body);
      const where = prepared.where ? and(built.where, prepared.where) : built.where;
      const { rows, total, more } = await repositoryOf(db, auth).search(auth.clientId, { ...built, where });
      const data = (await toApiMany(db, auth.clientId, rows)).map((record) => seenBy(auth, record));
      return { data, pagination: paginationOf(built, total, more) };
    },

    async findOne(auth: AuthContext, id: string): Promise<Api> {
      const row = isUuid(id) ? await repositoryOf(db, auth).findById(auth.clientId, id) : undefined;
      if (!row) throw notFound();
      return seenBy(auth, await toApiOne(db, auth.clientId, row));
    },

    async create(auth: AuthContext, input: z.output<Create>): Promise<Api> {
      const written = await guardDuplicate('createPath', () =>
        db.transaction(async (tx) => {
          const context = { db: tx, auth };
          const values = await module.create.values(input, context);
          await checkListItems(tx, auth.clientId, values);
          const after = module.create.after;
          return writer(tx, auth).create(values, after && ((row) => after(row, input, context)));
        }),
      );
      publish(auth.clientId, [written.notification], written.effects);
      return seenBy(auth, written.record);
    },

    /** Changed fields only: a field given with its current value writes and announces nothing. */
    async update(auth: AuthContext, id: string, input: z.output<Update>): Promise<Api> {
      const outcome = await guardDuplicate('updatePath', () =>
        db.transaction(async (tx) => {
          const before = await loadForWrite(tx, auth, id);
          const patch = await module.update.patch(input, before, { db: tx, auth });
          await checkListItems(tx, auth.clientId, patch, { current: before });
          const written = await writer(tx, auth).change(before, patch);
          return written ?? { record: await toApiOne(tx, auth.clientId, before), notification: null };
        }),
      );
      if (outcome.notification) publish(auth.clientId, [outcome.notification], outcome.effects);
      return seenBy(auth, outcome.record);
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const notification = await db.transaction(async (tx) => {
        const before = await loadForWrite(tx, auth, id);
        const record = await toApiOne(tx, auth.clientId, before);
        await repositoryOf(tx, auth).deleteMany(auth.clientId, [id]);
        await module.afterDelete?.([before], { db: tx, auth });
        await writeAuditLog(tx, auth, [
          {
            action: 'delete',
            module: module.name,
            recordId: id,
            changes: auditChanges(audited(record), null),
          },
        ]);
        return createRealtimeEventsRepository(tx).record(auth.clientId, {
          module: module.name,
          action: 'delete',
          data: [{ id }],
          ref: id,
        });
      });
      publish(auth.clientId, [notification]);
    },

    /** `X/updatemany`: one transaction, an audit row per changed record, one notification. */
    async updateMany(
      auth: AuthContext,
      input: BulkTarget & { update: z.output<Bulk> },
    ): Promise<{ updated: number }> {
      const result = await db.transaction(async (tx) => {
        const patch = module.bulkUpdate.patch
          ? await module.bulkUpdate.patch(input.update, { db: tx, auth })
          : (input.update as RecordPatch<T>);
        if (Object.keys(patch).length === 0) {
          throw badRequest([{ path: 'update', message: 'validation.required' }]);
        }
        const ids = await targetIds(tx, auth, input);
        await checkListItems(tx, auth.clientId, patch, { prefix: 'update.' });
        const changedIds: string[] = [];
        const records: Api[] = [];
        const effects: WriteEffects = { notifications: [] };
        const afterCommits: (() => void)[] = [];
        for (const chunk of chunksOf(ids, BULK_CHUNK)) {
          const txRepo = repositoryOf(tx, auth);
          const beforeRows = await txRepo.findMany(auth.clientId, chunk);
          const before = await toApiMany(tx, auth.clientId, beforeRows);
          const afterRows = await txRepo.updateMany(auth.clientId, chunk, patch);
          const after = await toApiMany(tx, auth.clientId, afterRows);
          const previous = new Map(before.map((record) => [idOfApi(record), record] as const));
          const previousRows = new Map(beforeRows.map((row) => [idOf(row), row] as const));
          const audits: AuditEvent[] = [];
          const rowChanges: { before: Row | null; after: Row }[] = [];
          afterRows.forEach((row, index) => {
            const id = idOf(row);
            const changes = auditChanges(audited(previous.get(id) ?? null), audited(after[index] as Api));
            if (Object.keys(changes).length === 0) return;
            audits.push({ action: 'update', module: module.name, recordId: id, changes });
            rowChanges.push({ before: previousRows.get(id) ?? null, after: row });
            changedIds.push(id);
            if (records.length < BULK_NOTIFY_CAP) records.push(after[index] as Api);
          });
          await writeAuditLog(tx, auth, audits);
          const chunkEffects = await effectsOf(tx, auth, rowChanges);
          effects.notifications.push(...(chunkEffects?.notifications ?? []));
          if (chunkEffects?.afterCommit) afterCommits.push(chunkEffects.afterCommit);
        }
        if (changedIds.length === 0) return { updated: 0, notification: null, effects };
        const notification = await bulkNotification(tx, auth, 'updatemany', changedIds, records);
        effects.afterCommit = () => {
          for (const work of afterCommits) work();
        };
        return { updated: changedIds.length, notification, effects };
      });
      if (result.notification) publish(auth.clientId, [result.notification], result.effects);
      return { updated: result.updated };
    },

    /** `X/deletemany`: one transaction, an audit row per record, one `delete` notification with the ids. */
    async deleteMany(auth: AuthContext, input: BulkTarget): Promise<{ deleted: number }> {
      const result = await db.transaction(async (tx) => {
        const ids = await targetIds(tx, auth, input);
        for (const chunk of chunksOf(ids, BULK_CHUNK)) {
          const txRepo = repositoryOf(tx, auth);
          const rows = await txRepo.findMany(auth.clientId, chunk);
          const before = await toApiMany(tx, auth.clientId, rows);
          await txRepo.deleteMany(auth.clientId, chunk);
          await module.afterDelete?.(rows, { db: tx, auth });
          await writeAuditLog(
            tx,
            auth,
            rows.map((row, index) => ({
              action: 'delete' as const,
              module: module.name,
              recordId: idOf(row),
              changes: auditChanges(audited(before[index] as Api), null),
            })),
          );
        }
        if (ids.length === 0) return { deleted: 0, notification: null };
        // `delete` with ids, as one delete does: every listener already removes each record it names.
        const notification = await bulkNotification(tx, auth, 'delete', ids, []);
        return { deleted: ids.length, notification };
      });
      if (result.notification) publish(auth.clientId, [result.notification]);
      return { deleted: result.deleted };
    },

    /**
     * `X/kanban`: one column per value of the field among the matching records, each with its count and the
     * body's page of its records.
     */
    async kanban(auth: AuthContext, body: KanbanBody) {
      const key = body.field ?? module.kanban;
      const field = module.fields.find((item) => item.key === key);
      const column = module.columns[key];
      if (!field || !column || !GROUPABLE_TYPES.includes(field.type)) {
        throw badRequest([{ path: 'field', message: 'validation.notGroupable' }]);
      }
      const built = query(body);
      const repo = repositoryOf(db, auth);
      const groups = await repo.countBy(auth.clientId, built.where, column);
      const data = await Promise.all(
        groups.map(async (group) => {
          // `=` rather than `is not distinct from`, so a column's page can walk an index on it.
          const matches: SQL =
            group.value === null ? sql`${column} is null` : sql`${column} = ${group.value}`;
          const rows = await repo.page(auth.clientId, built, matches);
          const items = (await toApiMany(db, auth.clientId, rows)).map((record) => seenBy(auth, record));
          return { column: group.value, count: group.count, items };
        }),
      );
      const total = groups.reduce((sum, group) => sum + group.count, 0);
      return { data, pagination: built.pagination(total) };
    },
  };
};

/**
 * A module's service as the routes and the export see it, whatever its table and schemas (methods, so a
 * service of a concrete table fits).
 */
export interface RecordService<Api = unknown> {
  module: Pick<
    RecordModule,
    'name' | 'permission' | 'readPermissions' | 'words' | 'fields' | 'info' | 'table' | 'scope' | 'search'
  > & {
    create: { schema: z.ZodType };
    update: { schema: z.ZodType };
    bulkUpdate: { schema: z.ZodType };
  };
  query(body: SearchBody): SearchQuery;
  toApiMany(executor: Executor, clientId: string, rows: RecordRow<RecordTable>[]): Promise<Api[]>;
  search(auth: AuthContext, body: SearchBody): Promise<{ data: Api[]; pagination: Pagination }>;
  findOne(auth: AuthContext, id: string): Promise<Api>;
  create(auth: AuthContext, input: unknown): Promise<Api>;
  update(auth: AuthContext, id: string, input: unknown): Promise<Api>;
  remove(auth: AuthContext, id: string): Promise<void>;
  updateMany(auth: AuthContext, input: BulkTarget & { update: unknown }): Promise<{ updated: number }>;
  deleteMany(auth: AuthContext, input: BulkTarget): Promise<{ deleted: number }>;
  kanban(
    auth: AuthContext,
    body: KanbanBody,
  ): Promise<{ data: { column: unknown; count: number; items: Api[] }[]; pagination: Pagination }>;
}
