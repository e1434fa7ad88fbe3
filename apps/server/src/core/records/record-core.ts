import { auditChanges, DEFAULT_LOCALE, type Pagination, type SearchBody } from '@conversa/domain';
import type { z } from 'zod';
import { type AuditEvent, writeAuditLog } from '../audit/audit-log';
import { type Database, type Executor, isUniqueViolation } from '../db/database';
import type { EventBus } from '../events';
import { conflict, notFound } from '../http/app-error';
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
  type RecordModule,
  type RecordPatch,
  type RecordRow,
  type RecordTable,
  type RecordValues,
  SEARCH_TYPE_OF,
  type WriteEffects,
} from './record-module';
import { createRecordRepository } from './record-repository';

/** A write's result: the record as the API shows it, its notification in the outbox, and the module's effects. */
export type Written<Api> = { record: Api; notification: StoredNotification; effects?: WriteEffects };

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

/** `more` only when the total stopped at the cap, so exact totals keep the envelope they always had. */
export const paginationOf = (built: SearchQuery, total: number, more: boolean): Pagination =>
  more ? { ...built.pagination(total), more } : built.pagination(total);

/**
 * What every path of a module's service shares: its queries, the record as the API shows it, and the
 * writer, which puts every write in its transaction with its audit rows and its realtime notification
 * (outbox); `publish` sends the notifications once the transaction committed.
 */
export const createRecordCore = <
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

  const loadForWrite = async (tx: Executor, auth: AuthContext, id: string): Promise<Row> => {
    const row = isUuid(id) ? await repositoryOf(tx, auth).findById(auth.clientId, id, true) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    module,
    db,
    repositoryOf,
    checkListItems,
    toApiMany,
    toApiOne,
    seenBy,
    audited,
    idOf,
    idOfApi,
    messageOf,
    query,
    guardDuplicate,
    effectsOf,
    writer,
    publish,
    loadForWrite,
  };
};

export type RecordCore<
  T extends RecordTable,
  Api,
  Related,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Bulk extends z.ZodType,
> = ReturnType<typeof createRecordCore<T, Api, Related, Create, Update, Bulk>>;
