import { auditChanges, type BulkDeleteInput } from '@conversa/domain';
import type { z } from 'zod';
import { type AuditEvent, writeAuditLog } from '../audit/audit-log';
import type { Executor } from '../db/database';
import { badRequest, notFound } from '../http/app-error';
import type { AuthContext } from '../http/fastify-types';
import { isUuid } from '../http/route-schemas';
import { createRealtimeEventsRepository } from '../realtime/realtime-events.repository';
import type { RecordCore } from './record-core';
import type { RecordPatch, RecordRow, RecordTable, WriteEffects } from './record-module';

/** A bulk's notification carries the changed records up to this many, else only their ids. */
export const BULK_NOTIFY_CAP = 500;
/** A bulk reads, writes and audits its records this many at a time, so memory stays flat. */
const BULK_CHUNK = 1000;

export type BulkTarget = Pick<BulkDeleteInput, 'ids' | 'find'>;

const chunksOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/** A module's `X/updatemany` and `X/deletemany`: one transaction each, however many records they name. */
export const createRecordBulk = <
  T extends RecordTable,
  Api,
  Related,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Bulk extends z.ZodType,
>(
  core: RecordCore<T, Api, Related, Create, Update, Bulk>,
) => {
  type Row = RecordRow<T>;
  const { module, db, repositoryOf, checkListItems, toApiMany, audited, idOf, idOfApi, messageOf } = core;
  const { query, effectsOf, publish } = core;

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

  return {
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
  };
};
