import {
  DEFAULT_LOCALE,
  type Extraction,
  type ExtractionCreate,
  hasAccess,
  type Locale,
  type PermissionKey,
  type SearchBody,
} from '@conversa/domain';
import { writeAuditLog } from '../../core/audit/audit-log';
import type { Database } from '../../core/db/database';
import { type ExtractionRow, extractions } from '../../core/db/schema';
import { forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import type { JobQueue } from '../../core/jobs/job-queue';
import { EXPORT_CONTENT_TYPES, exportColumns } from '../../core/records/record-export';
import type { FileStore } from '../../core/storage/file-store';
import { createStorageRepository } from '../storage/storage.repository';
import type { StoredFiles } from '../storage/stored-files';
import type { ExtractionLinks } from './extraction-link';
import { type ExtractionServices, extractionJob, searchBodyOf } from './extraction-runner';
import { removeExtractionFile } from './extraction-sweep';
import { toExtraction } from './extractions.mapper';
import { createExtractionsRepository, EXTRACTION_SEARCH_FIELDS } from './extractions.repository';

/**
 * Extractions: a module's search written to a CSV or XLSX file in the background (extraction-runner),
 * listed with a fresh signed link on every answer, downloadable through that link without a token.
 */
export const createExtractionsService = (deps: {
  db: Database;
  queue: JobQueue;
  files: FileStore;
  storedFiles: StoredFiles;
  links: ExtractionLinks;
  services: ExtractionServices;
}) => {
  const { db, queue, files, storedFiles, links, services } = deps;
  const repo = createExtractionsRepository(db);

  /** Every answer carrying a done record with its file signs a fresh link, valid `expires_in` from now. */
  const toApi = (locale: Locale, row: ExtractionRow): Extraction =>
    toExtraction(
      row,
      row.status === 'done' && row.file_id ? links.sign(locale, row.id, row.expires_in) : undefined,
    );
  const localeOf = (auth: AuthContext): Locale => auth.locale ?? DEFAULT_LOCALE;

  const loadInTenant = async (auth: AuthContext, id: string) => {
    const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  const removeFileOf = (row: ExtractionRow) => removeExtractionFile(db, storedFiles, row);

  return {
    /**
     * Checks the request as the module's own search and export would (400 naming the filter or the
     * column), then stores the record and its job together; the file is written in the background.
     */
    async create(auth: AuthContext, input: ExtractionCreate): Promise<Extraction> {
      const service = services[input.module];
      if (!hasAccess(auth, `${service.module.permission}.export` as PermissionKey)) throw forbidden();
      service.query(
        searchBodyOf({ filters: input.filters, logical: input.logical, sort: input.sort ?? null }),
      );
      exportColumns(service.module, input.columns);
      const row = await db.transaction(async (tx) => {
        const inserted = await createExtractionsRepository(tx).insert(auth.clientId, {
          module: input.module,
          filters: input.filters,
          logical: input.logical,
          sort: input.sort ?? null,
          columns: input.columns,
          format: input.format,
          expires_in: input.expires_in,
          created_by: auth.userId,
        });
        await writeAuditLog(tx, auth, [
          {
            action: 'export',
            module: 'extraction',
            recordId: inserted.id,
            changes: {
              module: [null, input.module],
              format: [null, input.format],
              columns: [null, input.columns],
              filters: [null, { filters: input.filters, logical: input.logical }],
            },
          },
        ]);
        const actor = {
          userId: auth.userId,
          account: auth.account,
          userAccess: auth.userAccess,
          clientAccess: auth.clientAccess,
          market: auth.market,
          locale: localeOf(auth),
        };
        await queue.enqueue(
          tx,
          extractionJob.job(
            { clientId: auth.clientId, extractionId: inserted.id, actor },
            { key: `extraction:${inserted.id}` },
          ),
        );
        return inserted;
      });
      queue.kick();
      return toApi(localeOf(auth), row);
    },

    async search(auth: AuthContext, body: SearchBody) {
      const query = buildSearchQuery(body, EXTRACTION_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: extractions.id,
      });
      const { rows, total } = await repo.search(auth.clientId, query);
      return { data: rows.map((row) => toApi(localeOf(auth), row)), pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string): Promise<Extraction> {
      return toApi(localeOf(auth), await loadInTenant(auth, id));
    },

    /** The record and its file go; the file's links answer 404 from now on. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      await loadInTenant(auth, id);
      const deleted = await db.transaction(async (tx) => {
        const row = await createExtractionsRepository(tx).delete(auth.clientId, id);
        if (!row) throw notFound();
        await writeAuditLog(tx, auth, [
          { action: 'delete', module: 'extraction', recordId: id, changes: { module: [row.module, null] } },
        ]);
        return row;
      });
      await removeFileOf(deleted);
    },

    /** The file behind a signed link; a bad, expired or tampered link, or a deleted file, is not found. */
    async download(id: string, exp: number, sig: string) {
      if (!isUuid(id) || !links.verify(id, exp, sig)) throw notFound();
      const row = await repo.findAnyById(id);
      if (!row?.file_id) throw notFound();
      const file = await createStorageRepository(db).findById(row.client_id, row.file_id);
      const stream = file && (await files.open(file.key));
      if (!file || !stream) throw notFound();
      return { stream, size: file.size, contentType: EXPORT_CONTENT_TYPES[row.format], filename: file.name };
    },
  };
};

export type ExtractionsService = ReturnType<typeof createExtractionsService>;
