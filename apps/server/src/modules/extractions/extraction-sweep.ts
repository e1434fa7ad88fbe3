import { EXTRACTION_KEEP_DAYS } from '@conversa/domain';
import type { Database } from '../../core/db/database';
import type { ExtractionRow } from '../../core/db/schema';
import { createStorageRepository } from '../storage/storage.repository';
import type { StoredFiles } from '../storage/stored-files';
import { createExtractionsRepository } from './extractions.repository';

/** Files the sweep removes per run: a backlog is worked off over the next runs. */
const SWEEP_BATCH = 500;

/** An extraction's storage file, row and bytes; the record's file_id turns null with the row. */
export const removeExtractionFile = async (
  db: Database,
  storedFiles: StoredFiles,
  row: Pick<ExtractionRow, 'client_id' | 'file_id'>,
): Promise<void> => {
  if (!row.file_id) return;
  const file = await createStorageRepository(db).findById(row.client_id, row.file_id);
  if (file) await storedFiles.remove(row.client_id, file.key);
};

/**
 * Deletes the files of extractions done more than EXTRACTION_KEEP_DAYS ago, of every company; their
 * records stay, answered with `url: null`. Answers how many files went.
 */
export const sweepExpiredExtractions = async (
  db: Database,
  storedFiles: StoredFiles,
  now = Date.now(),
): Promise<number> => {
  const before = new Date(now - EXTRACTION_KEEP_DAYS * 86_400_000);
  const expired = await createExtractionsRepository(db).doneWithFileBefore(before, SWEEP_BATCH);
  for (const row of expired) await removeExtractionFile(db, storedFiles, row);
  return expired.length;
};
