import type { Extraction, ExtractionModule } from '@conversa/domain';
import type { ExtractionRow } from '../../core/db/schema';
import type { ExtractionLink } from './extraction-link';

/** A record as answered; `link` is the fresh signed link of a done one whose file is still kept. */
export const toExtraction = (row: ExtractionRow, link?: ExtractionLink): Extraction => ({
  id: row.id,
  module: row.module as ExtractionModule,
  filters: row.filters as Extraction['filters'],
  logical: row.logical as Extraction['logical'],
  sort: row.sort,
  columns: row.columns,
  format: row.format,
  status: row.status,
  progress: row.progress,
  rows: row.rows,
  size: row.size,
  file_id: row.file_id,
  url: link?.url ?? null,
  url_expires_at: link?.expiresAt.toISOString() ?? null,
  expires_in: row.expires_in,
  error: row.error,
  created_by: row.created_by,
  create_date: row.create_date.toISOString(),
  done_date: row.done_date?.toISOString() ?? null,
});
