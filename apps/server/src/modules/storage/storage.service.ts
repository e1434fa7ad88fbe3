import type { SearchBody, StorageFile } from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import { type FileRow, files as fileRows } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { sniffContentType } from '../../core/storage/content-type';
import type { FileStore } from '../../core/storage/file-store';
import { toMessage } from '../messages/messages.mapper';
import { toStorageFile } from './storage.mapper';
import { createStorageRepository, STORAGE_SEARCH_FIELDS } from './storage.repository';
import { createStoredFiles } from './stored-files';

export type Upload = { filename: string; content: Buffer };

/**
 * The company's storage: every file of every module, the bytes they add up to against the plan's limit,
 * uploads, renames and deletions. A deleted attachment leaves its message without its file.
 */
export const createStorageService = ({
  db,
  events,
  files,
}: {
  db: Database;
  events: EventBus;
  files: FileStore;
}) => {
  const repo = createStorageRepository(db);
  const storedFiles = createStoredFiles({ db, files });
  const toApi = (row: FileRow) => toStorageFile(files, row);

  const announce = (tx: Executor, clientId: string, action: string, data: unknown, ref: string) =>
    createRealtimeEventsRepository(tx).record(clientId, { module: 'storage', action, data: [data], ref });

  const loadInTenant = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, STORAGE_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: fileRows.id,
      });
      const [{ rows, total }, usage] = await Promise.all([
        repo.search(auth.clientId, query),
        repo.usage(auth.clientId),
      ]);
      return { data: rows.map(toApi), pagination: { ...query.pagination(total), usage } };
    },

    async findOne(auth: AuthContext, id: string): Promise<StorageFile> {
      return toApi(await loadInTenant(auth, id));
    },

    /** An upload: its type read from its bytes, refused past the plan's storage (412), nothing kept then. */
    async upload(auth: AuthContext, upload: Upload): Promise<StorageFile> {
      const contentType = await sniffContentType(upload.content);
      const { row, extra } = await storedFiles.store(
        auth.clientId,
        { content: upload.content, contentType, filename: upload.filename },
        { module: 'storage', createdBy: auth.userId },
        {
          withinLimit: true,
          inTransaction: async (tx, stored) => {
            await writeAuditLog(tx, auth, [
              {
                action: 'create',
                module: 'storage',
                recordId: stored.id,
                changes: { name: [null, stored.name], size: [null, stored.size] },
              },
            ]);
            return announce(tx, auth.clientId, 'create', toApi(stored), stored.id);
          },
        },
      );
      if (extra)
        events.emit('record.changed', { clientId: auth.clientId, module: 'storage', notifications: [extra] });
      return toApi(row);
    },

    async rename(auth: AuthContext, id: string, name: string): Promise<StorageFile> {
      const before = await loadInTenant(auth, id);
      const { file, notification } = await db.transaction(async (tx) => {
        const row = await createStorageRepository(tx).rename(auth.clientId, id, name);
        if (!row) throw notFound();
        await writeAuditLog(tx, auth, [
          { action: 'update', module: 'storage', recordId: id, changes: { name: [before.name, row.name] } },
        ]);
        const renamed = toApi(row);
        return { file: renamed, notification: await announce(tx, auth.clientId, 'update', renamed, id) };
      });
      events.emit('record.changed', {
        clientId: auth.clientId,
        module: 'storage',
        notifications: [notification],
      });
      return file;
    },

    /**
     * Removes the row and the bytes: the file's links answer 404 and the usage drops at once. An
     * attachment's message stays, its `attachment` now '' (its readers are told of the change).
     */
    async remove(auth: AuthContext, id: string): Promise<void> {
      await loadInTenant(auth, id);
      const { row, notifications } = await db.transaction(async (tx) => {
        const txRepo = createStorageRepository(tx);
        const deleted = await txRepo.delete(auth.clientId, id);
        if (!deleted) throw notFound();
        await writeAuditLog(tx, auth, [
          {
            action: 'delete',
            module: 'storage',
            recordId: id,
            changes: { name: [deleted.name, null], size: [deleted.size, null] },
          },
        ]);
        const messages =
          deleted.module === 'message' && isUuid(deleted.reference_id)
            ? await txRepo.detachFromMessage(auth.clientId, deleted.reference_id, deleted.key)
            : [];
        const drafts = [
          { module: 'storage', action: 'delete', data: [{ id }], ref: id },
          ...messages.map((message) => ({
            module: 'message',
            action: 'update',
            data: [toMessage(files, message)],
            ref: message.contact_id ?? '',
          })),
        ];
        return {
          row: deleted,
          notifications: await createRealtimeEventsRepository(tx).recordMany(auth.clientId, drafts),
        };
      });
      await files.delete(row.key);
      events.emit('record.changed', { clientId: auth.clientId, module: 'storage', notifications });
    },
  };
};

export type StorageService = ReturnType<typeof createStorageService>;
