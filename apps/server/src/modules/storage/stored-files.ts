import { stat } from 'node:fs/promises';
import type { StorageModuleName } from '@conversa/domain';
import type { Database, Executor } from '../../core/db/database';
import type { FileRow } from '../../core/db/schema';
import { AppError } from '../../core/http/app-error';
import type { FileStore, StoredFile, StoredFileMeta } from '../../core/storage/file-store';
import { createStorageRepository } from './storage.repository';

/** Where a file belongs: its module, the record it is of ('' for an upload) and who put it there. */
export type FileOrigin = { module: StorageModuleName; referenceId?: string; createdBy?: string };

/** A file whose bytes are already in the store, to be counted as the company's. */
export type KeptFile = { key: string; name: string; size: number; mime: string };

export type KeepOptions = {
  /** A person's upload is refused past the plan's storage; customers' files and extractions never are. */
  withinLimit: boolean;
};

export const storageLimitReached = () => new AppError(412, 'info.storageLimit');

/**
 * Every file of a company goes through here: its bytes in the FileStore and its `files` row, which the
 * storage screen lists and the plan's limit adds up. A row never outlives its bytes: a refused or failed
 * row removes the bytes it was for.
 */
export const createStoredFiles = ({ db, files }: { db: Database; files: FileStore }) => {
  /** The row of bytes already stored, inside the caller's transaction (a message's, so it names it). */
  const keep = async (
    tx: Executor,
    clientId: string,
    file: KeptFile,
    origin: FileOrigin,
    options: KeepOptions,
  ): Promise<FileRow> => {
    const repo = createStorageRepository(tx);
    if (options.withinLimit) {
      await repo.lockUsage(clientId);
      const { used, limit } = await repo.usage(clientId);
      if (used + file.size > limit) throw storageLimitReached();
    }
    return repo.insert(clientId, {
      ...file,
      module: origin.module,
      reference_id: origin.referenceId ?? '',
      created_by: origin.createdBy ?? '',
    });
  };

  /** Runs `write` for bytes just stored under `key`; when it fails the bytes go too. */
  const orRemove = async <T>(key: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      await files.delete(key);
      throw error;
    }
  };

  return {
    keep,

    /**
     * Stores a file and its row in one transaction, with what the caller writes beside it (its audit
     * row, its notification) in the same one.
     */
    async store<T = undefined>(
      clientId: string,
      file: StoredFile,
      origin: FileOrigin,
      options: KeepOptions & { inTransaction?: (tx: Executor, row: FileRow) => Promise<T> },
    ): Promise<{ row: FileRow; extra: T | undefined }> {
      const key = await files.put(clientId, file);
      const kept = { key, name: file.filename, size: file.content.length, mime: file.contentType };
      return orRemove(key, () =>
        db.transaction(async (tx) => {
          const row = await keep(tx, clientId, kept, origin, options);
          return { row, extra: await options.inTransaction?.(tx, row) };
        }),
      );
    },

    /**
     * A file written on disk (an extraction's), streamed into the store and always kept; its row and what
     * the caller writes beside it commit together.
     */
    async storeFile<T>(
      clientId: string,
      path: string,
      meta: StoredFileMeta,
      origin: FileOrigin,
      inTransaction: (tx: Executor, row: FileRow) => Promise<T>,
    ): Promise<T> {
      const { size } = await stat(path);
      const key = await files.putFile(clientId, path, meta);
      const kept = { key, name: meta.filename, size, mime: meta.contentType };
      return orRemove(key, () =>
        db.transaction(async (tx) =>
          inTransaction(tx, await keep(tx, clientId, kept, origin, { withinLimit: false })),
        ),
      );
    },

    /** A file gone with its record (a deleted message, a read import, a replaced logo): row and bytes. */
    async remove(clientId: string, key: string): Promise<void> {
      await createStorageRepository(db).deleteByKey(clientId, key);
      await files.delete(key);
    },
  };
};

export type StoredFiles = ReturnType<typeof createStoredFiles>;
