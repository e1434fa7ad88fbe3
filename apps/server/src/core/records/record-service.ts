import { auditChanges, type Pagination, type SearchBody } from '@conversa/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAuditLog } from '../audit/audit-log';
import type { Database, Executor } from '../db/database';
import type { EventBus } from '../events';
import { badRequest, notFound } from '../http/app-error';
import type { AuthContext } from '../http/fastify-types';
import { isUuid } from '../http/route-schemas';
import type { SearchQuery } from '../http/search-query';
import { createRealtimeEventsRepository } from '../realtime/realtime-events.repository';
import { type BulkTarget, createRecordBulk } from './record-bulk';
import { createRecordCore, paginationOf } from './record-core';
import { GROUPABLE_TYPES, type RecordModule, type RecordRow, type RecordTable } from './record-module';
import type { KanbanBody } from './record-schemas';

/**
 * The five routes' work, bulk, kanban and the queries of an export for one module: the paths over the shared
 * core (record-core.ts), the bulk ones in record-bulk.ts.
 */
export const createRecordService = <
  T extends RecordTable,
  Api,
  Related,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Bulk extends z.ZodType,
>(
  module: RecordModule<T, Api, Related, Create, Update, Bulk>,
  deps: { db: Database; events: EventBus },
) => {
  const core = createRecordCore(module, deps);
  const { db, repositoryOf, checkListItems, toApiMany, toApiOne, seenBy, audited, query } = core;
  const { guardDuplicate, writer, publish, loadForWrite } = core;

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

    ...createRecordBulk(core),

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
