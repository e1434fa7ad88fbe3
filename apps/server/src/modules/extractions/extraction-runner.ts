import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { ExtractionCreate, Locale, SearchBody } from '@conversa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../core/db/database';
import type { ExtractionRow } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import type { AuthContext } from '../../core/http/fastify-types';
import { translate } from '../../core/i18n/i18n';
import { defineJob } from '../../core/jobs/job-types';
import { createRealtimeEventsRepository } from '../../core/realtime/realtime-events.repository';
import { EXPORT_CONTENT_TYPES, exportColumns, writeRecordRows } from '../../core/records/record-export';
import type { RecordService } from '../../core/records/record-service';
import type { StoredFiles } from '../storage/stored-files';
import type { ExtractionLinks } from './extraction-link';
import { toExtraction } from './extractions.mapper';
import { createExtractionsRepository, type ExtractionPatch } from './extractions.repository';

/** Who asked, as the job needs them to read the module's records with their visibility (a task's scope). */
export type ExtractionActor = Pick<
  AuthContext,
  'userId' | 'account' | 'userAccess' | 'clientAccess' | 'market'
> & { locale: Locale };

export type ExtractionJobPayload = { clientId: string; extractionId: string; actor: ExtractionActor };

export const extractionJob = defineJob<ExtractionJobPayload>('extraction.run', { maxAttempts: 3 });

/** At most one progress notification a second: a large extraction would otherwise flood every screen. */
const PROGRESS_EVERY_MS = 1000;

export type ExtractionServices = Record<ExtractionCreate['module'], RecordService>;

/** The search body an extraction's record holds, as the module's search reads it (every page). */
export const searchBodyOf = (row: Pick<ExtractionRow, 'filters' | 'logical' | 'sort'>): SearchBody => ({
  page: 1,
  offset: 1,
  filters: row.filters as SearchBody['filters'],
  logical: row.logical as SearchBody['logical'],
  ...(row.sort ? { sort: row.sort } : {}),
});

/**
 * The background work of one extraction: the module's rows streamed from a cursor into a temporary file
 * (never whole in memory), that file streamed into the store as the company's file, the record done.
 */
export const createExtractionRunner = (deps: {
  db: Database;
  events: EventBus;
  storedFiles: StoredFiles;
  links: ExtractionLinks;
  services: ExtractionServices;
  logger: FastifyBaseLogger;
}) => {
  const { db, events, storedFiles, links, services } = deps;

  /** Writes the change and its notification (to extraction.view holders and the one who asked) together. */
  const change = async (
    tx: Executor,
    row: ExtractionRow,
    patch: ExtractionPatch,
    action: 'progress' | 'done' | 'failed',
    locale: Locale,
  ) => {
    const updated = await createExtractionsRepository(tx).update(row.client_id, row.id, patch);
    if (!updated) return undefined;
    const link = updated.status === 'done' ? links.sign(locale, updated.id, updated.expires_in) : undefined;
    const notification = await createRealtimeEventsRepository(tx).record(row.client_id, {
      module: 'extraction',
      action,
      data: [toExtraction(updated, link)],
      ref: updated.id,
      targetUserId: updated.created_by || undefined,
      msg: action === 'failed' ? translate(locale, 'info.extractionFailed') : '',
    });
    return { updated, notification };
  };

  const announce = async (
    row: ExtractionRow,
    patch: ExtractionPatch,
    action: 'progress' | 'done' | 'failed',
    locale: Locale,
  ) => {
    const outcome = await db.transaction((tx) => change(tx, row, patch, action, locale));
    if (!outcome) return undefined;
    events.emit('record.changed', {
      clientId: row.client_id,
      module: 'extraction',
      notifications: [outcome.notification],
    });
    return outcome.updated;
  };

  const write = async (row: ExtractionRow, auth: AuthContext, path: string, locale: Locale) => {
    const service = services[row.module as ExtractionCreate['module']];
    const job = {
      query: service.query(searchBodyOf(row)),
      columns: exportColumns(service.module, row.columns),
      format: row.format,
    };
    const out = createWriteStream(path);
    let announcedAt = Date.now();
    try {
      const rows = await writeRecordRows(db, service, auth, job, out, {
        counted: true,
        afterBatch: async (written, total) => {
          if (Date.now() - announcedAt < PROGRESS_EVERY_MS) return;
          announcedAt = Date.now();
          // 100 is for the stored file; until then the work is at most 99 % done.
          const progress = Math.min(99, Math.floor((written / Math.max(total, 1)) * 100));
          await announce(row, { progress }, 'progress', locale);
        },
      });
      await finished(out);
      return rows;
    } catch (error) {
      out.destroy();
      throw error;
    }
  };

  return {
    async run({ clientId, extractionId, actor }: ExtractionJobPayload): Promise<void> {
      const { locale, ...access } = actor;
      const found = await createExtractionsRepository(db).findById(clientId, extractionId);
      if (!found || found.status === 'done' || found.status === 'failed') return;
      const running = await announce(found, { status: 'running', progress: 0 }, 'progress', locale);
      if (!running) return;
      const auth: AuthContext = { ...access, clientId, sessionId: '', locale };
      const folder = await mkdtemp(join(tmpdir(), 'extraction-'));
      try {
        const path = join(folder, 'file');
        const rows = await write(running, auth, path, locale);
        const service = services[running.module as ExtractionCreate['module']];
        const meta = {
          contentType: EXPORT_CONTENT_TYPES[running.format],
          filename: `${service.module.words.many}.${running.format}`,
        };
        const origin = {
          module: 'extraction' as const,
          referenceId: running.id,
          createdBy: running.created_by,
        };
        const done = await storedFiles.storeFile(clientId, path, meta, origin, (tx, file) =>
          change(
            tx,
            running,
            { status: 'done', progress: 100, rows, size: file.size, file_id: file.id, done_date: new Date() },
            'done',
            locale,
          ),
        );
        if (done) {
          events.emit('record.changed', {
            clientId,
            module: 'extraction',
            notifications: [done.notification],
          });
        }
      } catch (error) {
        deps.logger.error({ err: error, extractionId }, 'extraction failed');
        await announce(
          running,
          { status: 'failed', error: translate(locale, 'info.extractionFailed'), done_date: new Date() },
          'failed',
          locale,
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
};

export type ExtractionRunner = ReturnType<typeof createExtractionRunner>;
