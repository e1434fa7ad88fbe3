import type { ImportJob, ImportJobReport, Locale } from '@conversa/domain';
import type { ImportJobRow } from '../../core/db/schema';
import { translateMessage } from '../../core/i18n/i18n';

export const toImportJob = (row: Omit<ImportJobRow, 'errors'>): ImportJob => ({
  id: row.id,
  module: row.module,
  status: row.status,
  filename: row.filename,
  total: row.total,
  processed: row.processed,
  created: row.created,
  skipped: row.skipped,
  failed: row.failed,
  user_id: row.user_id,
  create_date: row.create_date.toISOString(),
  finished_at: row.finished_at?.toISOString() ?? null,
});

/** The import with its report; the report's messages are keys, read here in the reader's language. */
export const toImportReport = (row: ImportJobRow, locale: Locale): ImportJobReport => ({
  ...toImportJob(row),
  errors: row.errors.map((issue) => ({ ...issue, message: translateMessage(locale, issue.message) })),
});
