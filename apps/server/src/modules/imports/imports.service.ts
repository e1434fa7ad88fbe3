import {
  hasAccess,
  type ImportHistoryEntry,
  type ImportJob,
  type ImportJobReport,
  type ImportModule,
  type Locale,
  type SearchBody,
} from '@conversa/domain';
import type { Database } from '../../core/db/database';
import { importJobs } from '../../core/db/schema';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import { isUuid } from '../../core/http/route-schemas';
import { buildSearchQuery, NEWEST_FIRST } from '../../core/http/search-query';
import type { JobQueue } from '../../core/jobs/job-queue';
import {
  type ImportFormat,
  importFormatOf,
  readImportLines,
  UnreadableFile,
} from '../../core/records/import-file';
import type { ImportTarget } from '../../core/records/import-target';
import { XlsxLimitExceeded } from '../../core/records/xlsx-unpack';
import { sniffContentType } from '../../core/storage/content-type';
import type { FileStore } from '../../core/storage/file-store';
import { createStoredFiles } from '../storage/stored-files';
import { IMPORT_JOB, type ImportJobPayload } from './import-runner';
import { buildImportSample } from './import-sample';
import { toImportJob, toImportReport } from './imports.mapper';
import { createImportsRepository, IMPORT_SEARCH_FIELDS } from './imports.repository';

export type ImportUpload = { filename: string; content: Buffer; contentType: string };

const FILENAME_MAX = 200;

/** The name as the history shows it: no control characters, no folders. */
const cleanFilename = (name: string): string =>
  (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, FILENAME_MAX);

/** Whether the file has a data line: read only as far as the first one. */
const hasDataLine = async (content: Buffer, format: ImportFormat): Promise<boolean> => {
  for await (const _line of readImportLines(content, format)) return true;
  return false;
};

export const createImportsService = ({
  db,
  queue,
  files,
  targets,
}: {
  db: Database;
  queue: JobQueue;
  files: FileStore;
  targets: readonly ImportTarget[];
}) => {
  const repo = createImportsRepository(db);
  const storedFiles = createStoredFiles({ db, files });

  /** The modules whose imports the caller may see: theirs to import, or all with the settings open. */
  const visibleModules = (auth: AuthContext): ImportModule[] =>
    targets
      .filter((target) => hasAccess(auth, target.permission) || hasAccess(auth, 'setting.view'))
      .map((target) => target.module);

  const targetOf = (module: ImportModule): ImportTarget => {
    const target = targets.find((item) => item.module === module);
    if (!target) throw notFound();
    return target;
  };

  return {
    /**
     * Checks the file at once (a sheet inside XLSX_LIMITS, with at least one line besides the header),
     * stores it and queues its import; answers the import, queued. The lines are read by the job
     * (import-runner).
     */
    async start(auth: AuthContext, module: ImportModule, upload: ImportUpload): Promise<ImportJob> {
      const target = targetOf(module);
      if (upload.content.length === 0)
        throw badRequest([{ path: 'file', message: 'validation.importEmpty' }]);
      const format = await importFormatOf(upload.content);
      if (!format) throw badRequest([{ path: 'file', message: 'validation.importFormat' }]);
      try {
        if (!(await hasDataLine(upload.content, format))) {
          throw badRequest([{ path: 'file', message: 'validation.importEmpty' }]);
        }
      } catch (error) {
        if (error instanceof XlsxLimitExceeded)
          throw badRequest([{ path: 'file', message: error.messageKey }], error.params);
        if (error instanceof UnreadableFile)
          throw badRequest([{ path: 'file', message: 'validation.importFormat' }]);
        throw error;
      }
      const filename = cleanFilename(upload.filename);
      const fileKey = await files.put(auth.clientId, { ...upload, filename });
      const mime = await sniffContentType(upload.content);
      try {
        const row = await db.transaction(async (tx) => {
          const job = await createImportsRepository(tx).insert({
            client_id: auth.clientId,
            user_id: auth.userId,
            module: target.module,
            filename,
            file_key: fileKey,
          });
          // The file counts in the company's storage until the import has read it.
          await storedFiles.keep(
            tx,
            auth.clientId,
            { key: fileKey, name: filename, size: upload.content.length, mime },
            { module: 'import', referenceId: job.id, createdBy: auth.userId },
            { withinLimit: false },
          );
          const payload: ImportJobPayload = { clientId: auth.clientId, jobId: job.id, ip: auth.ip ?? '' };
          await queue.enqueue(tx, { name: IMPORT_JOB, key: `import:${job.id}`, payload });
          return job;
        });
        queue.kick();
        return toImportJob(row);
      } catch (error) {
        await files.delete(fileKey);
        throw error;
      }
    },

    async search(auth: AuthContext, body: SearchBody) {
      const modules = visibleModules(auth);
      if (modules.length === 0) throw forbidden();
      const query = buildSearchQuery(body, IMPORT_SEARCH_FIELDS, {
        defaultSort: NEWEST_FIRST,
        tieBreaker: importJobs.id,
      });
      const { rows, total } = await repo.search(auth.clientId, modules, query);
      const data: ImportHistoryEntry[] = rows.map((row) => ({
        ...toImportJob(row),
        user_name: row.user_name,
      }));
      return { data, pagination: query.pagination(total) };
    },

    async findOne(auth: AuthContext, id: string, locale: Locale): Promise<ImportJobReport> {
      const modules = visibleModules(auth);
      if (modules.length === 0) throw forbidden();
      const row = isUuid(id) ? await repo.findById(auth.clientId, id) : undefined;
      if (!row) throw notFound();
      if (!modules.includes(row.module)) throw forbidden();
      return toImportReport(row, locale);
    },

    sample: (module: ImportModule, format: ImportFormat) => buildImportSample(targetOf(module), format),
  };
};

export type ImportsService = ReturnType<typeof createImportsService>;
