import type { StorageFile } from '@conversa/domain';
import type { FileRow } from '../../core/db/schema';
import type { FileStore } from '../../core/storage/file-store';

export const toStorageFile = (files: Pick<FileStore, 'url'>, row: FileRow): StorageFile => ({
  id: row.id,
  name: row.name,
  size: row.size,
  mime: row.mime,
  module: row.module,
  reference_id: row.reference_id,
  url: files.url(row.key),
  created_by: row.created_by,
  create_date: row.create_date.toISOString(),
});
