import { DEFAULTS, type ImportIssue, isLocale, type Locale } from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import { type AuditActor, writeAuditLog } from '../../core/audit/audit-log';
import type { Database, Executor } from '../../core/db/database';
import { type ImportJobRow, users } from '../../core/db/schema';
import type { EventBus } from '../../core/events';
import { translate } from '../../core/i18n/i18n';
import {
  createRealtimeEventsRepository,
  type NotificationDraft,
  type StoredNotification,
} from '../../core/realtime/realtime-events.repository';
import {
  countImportLines,
  type ImportFormat,
  importFormatOf,
  readImportLines,
  UnreadableFile,
} from '../../core/records/import-file';
import type { ImportLine, ImportTarget } from '../../core/records/import-target';
import { XlsxLimitExceeded } from '../../core/records/xlsx-unpack';
import type { FileStore } from '../../core/storage/file-store';
import { createStoredFiles } from '../storage/stored-files';
import { toImportJob, toImportReport } from './imports.mapper';
import { type BatchProgress, createImportsRepository } from './imports.repository';

export const IMPORT_JOB = 'import.run';

/** What the durable queue keeps for a job: the tenant, the import, and the starter's address for the audit. */
export type ImportJobPayload = { clientId: string; jobId: string; ip: string };

/** Lines stored per transaction: big enough to be fast, small enough that a crash repeats little. */
const BATCH_SIZE = 500;

/** At most this often a `progress` notification, whatever the speed of the batches. */
const PROGRESS_EVERY_MS = 400;

/**
 * One run of the job stops after the batch that passes this long, and the job is queued again to go on:
 * a run stays well inside the queue's lease, so no other worker takes a long import over.
 */
const SLICE_MS = 60_000;

/** How a run of the job ended: the import is over, or it goes on in another run. */
export type ImportRunOutcome = 'ended' | 'continues';

export type ImportRunnerDeps = {
  db: Database;
  events: EventBus;
  files: FileStore;
  targets: readonly ImportTarget[];
  batchSize?: number;
  sliceMs?: number;
};

/** The issue a failed import ends its report with: the file as a whole (line 0) could not be read. */
const UNREADABLE: ImportIssue = { line: 0, path: 'file', message: 'validation.importUnreadable' };

/**
 * The import job: reads the stored file as a stream and stores its valid lines in batches, each batch in
 * one transaction with the job's progress (processed, counts, report), so a crash leaves a batch in or out
 * and a restarted job resumes after `processed`, never storing a line twice. The starter follows it through
 * `import` notifications; the module's lists hear of the new records when it ends.
 */
export const createImportRunner = ({
  db,
  events,
  files,
  targets,
  batchSize = BATCH_SIZE,
  sliceMs = SLICE_MS,
}: ImportRunnerDeps) => {
  const storedFiles = createStoredFiles({ db, files });
  const announce = async (tx: Executor, job: ImportJobRow, drafts: NotificationDraft[]) =>
    createRealtimeEventsRepository(tx).recordMany(job.client_id, drafts);

  const publish = (clientId: string, module: string, notifications: StoredNotification[]) => {
    if (notifications.length > 0) events.emit('record.changed', { clientId, module, notifications });
  };

  const progressOf = (job: ImportJobRow): NotificationDraft => ({
    module: 'import',
    action: 'progress',
    data: [toImportJob(job)],
    ref: job.id,
    ...(job.user_id ? { targetUserId: job.user_id } : {}),
  });

  /** The starter's language, for the texts of the notification that ends the import. */
  const localeOf = async (job: ImportJobRow): Promise<Locale> => {
    if (!job.user_id) return DEFAULTS.language;
    const rows = await db
      .select({ language: users.language })
      .from(users)
      .where(and(eq(users.client_id, job.client_id), eq(users.id, job.user_id)))
      .limit(1);
    const language = rows[0]?.language;
    return language && isLocale(language) ? language : DEFAULTS.language;
  };

  /** Ends the import (done, or failed with why): its audit row, its notifications, its file removed. */
  const finish = async (job: ImportJobRow, actor: AuditActor, stoppedBy?: ImportIssue) => {
    const locale = await localeOf(job);
    const ended = await db.transaction(async (tx) => {
      const row = await createImportsRepository(tx).finish(
        job.client_id,
        job.id,
        stoppedBy ? 'failed' : 'done',
        stoppedBy,
      );
      if (!row) return undefined;
      await writeAuditLog(tx, actor, [
        {
          action: 'import',
          module: row.module,
          recordId: row.id,
          changes: {
            filename: [null, row.filename],
            status: [null, row.status],
            created: [null, row.created],
            skipped: [null, row.skipped],
            failed: [null, row.failed],
          },
        },
      ]);
      const [done] = await announce(tx, row, [
        {
          ...progressOf(row),
          action: 'done',
          data: [toImportReport(row, locale)],
          msg: translate(locale, stoppedBy ? 'info.importFailed' : 'info.importDone'),
        },
      ]);
      // Open lists of the module refresh once, rather than hearing of every record.
      const changed =
        row.created > 0
          ? await announce(tx, row, [
              {
                module: row.module,
                action: 'import',
                data: [{ id: row.id, created: row.created }],
                ref: row.id,
              },
            ])
          : [];
      return { row, done, changed };
    });
    if (!ended) return;
    publish(job.client_id, 'import', ended.done ? [ended.done] : []);
    publish(job.client_id, ended.row.module, ended.changed);
    if (job.file_key) await storedFiles.remove(job.client_id, job.file_key);
  };

  /** One batch: its records, the job's progress and (now and then) a progress notification, together. */
  const commitBatch = async (
    job: ImportJobRow,
    target: ImportTarget,
    actor: AuditActor,
    lines: ImportLine[],
    shouldAnnounce: boolean,
  ) => {
    const inputs: unknown[] = [];
    const progress: BatchProgress = { lines: lines.length, created: 0, skipped: 0, failed: 0, issues: [] };
    for (const line of lines) {
      const parsed = target.parse(line);
      if (parsed.ok) inputs.push(parsed.input);
      else {
        progress.failed += 1;
        progress.issues.push(...parsed.issues.map((issue) => ({ line: line.line, ...issue })));
      }
    }
    const committed = await db.transaction(async (tx) => {
      const stored = inputs.length > 0 ? await target.insertBatch(tx, actor, inputs) : undefined;
      progress.created = stored?.created ?? 0;
      progress.skipped = stored?.skipped ?? 0;
      const row = await createImportsRepository(tx).addBatch(job.client_id, job.id, job.processed, progress);
      // Another worker moved the job on (this one's lease expired): this batch must not count twice.
      if (!row) throw new Error(`import ${job.id} was taken over`);
      const notified = shouldAnnounce ? await announce(tx, row, [progressOf(row)]) : [];
      return { row, notified, listItems: stored?.notifications ?? [] };
    });
    publish(job.client_id, 'listdinamic', committed.listItems);
    publish(job.client_id, 'import', committed.notified);
    return committed.row;
  };

  /** A queued job counts its lines and starts; counting reads the whole file, so a broken one stores nothing. */
  const begin = async (job: ImportJobRow, content: Buffer, format: ImportFormat) => {
    if (job.status !== 'queued') return job;
    const total = await countImportLines(content, format);
    const started = await db.transaction(async (tx) => {
      const running = await createImportsRepository(tx).markRunning(job.client_id, job.id, total);
      return running && { running, notified: await announce(tx, running, [progressOf(running)]) };
    });
    if (started) publish(job.client_id, 'import', started.notified);
    return started?.running;
  };

  /**
   * Reads the file after the lines already processed and stores the rest, batch by batch, until the file
   * ends (answers the job, complete) or the run's slice is spent (answers undefined).
   */
  const importRest = async (
    started: ImportJobRow,
    target: ImportTarget,
    actor: AuditActor,
    content: Buffer,
    format: ImportFormat,
  ) => {
    let job = started;
    const sliceEnd = Date.now() + sliceMs;
    let announcedAt = Date.now();
    let skip = job.processed;
    let batch: ImportLine[] = [];
    for await (const line of readImportLines(content, format)) {
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      batch.push(line);
      if (batch.length < batchSize) continue;
      const shouldAnnounce = Date.now() - announcedAt >= PROGRESS_EVERY_MS;
      job = await commitBatch(job, target, actor, batch, shouldAnnounce);
      if (shouldAnnounce) announcedAt = Date.now();
      batch = [];
      if (Date.now() >= sliceEnd) return undefined;
    }
    return batch.length > 0 ? commitBatch(job, target, actor, batch, false) : job;
  };

  return {
    /** Runs (or resumes) an import for one slice, or to its end; a failure thrown here leaves it resumable. */
    async run({ clientId, jobId, ip }: ImportJobPayload): Promise<ImportRunOutcome> {
      const job = await createImportsRepository(db).findById(clientId, jobId);
      if (!job || job.status === 'done' || job.status === 'failed') return 'ended';
      const actor: AuditActor = { clientId, userId: job.user_id ?? '', ip };
      const target = targets.find((item) => item.module === job.module);
      const stored = job.file_key ? await files.get(job.file_key) : undefined;
      const format = stored ? await importFormatOf(stored.content) : undefined;
      if (!target || !stored || !format) {
        await finish(job, actor, UNREADABLE);
        return 'ended';
      }
      try {
        const started = await begin(job, stored.content, format);
        if (!started) return 'ended';
        const complete = await importRest(started, target, actor, stored.content, format);
        if (!complete) return 'continues';
        await finish(complete, actor);
      } catch (error) {
        // A file past XLSX_LIMITS was refused when the import started; it only meets them here when its
        // rows spread wider than its cells told, or after the limits changed.
        if (!(error instanceof UnreadableFile || error instanceof XlsxLimitExceeded)) throw error;
        await finish(job, actor, UNREADABLE);
      }
      return 'ended';
    },

    /** The queue gave up on the job (repeated failures): it ends as failed, keeping what was stored. */
    async abandon({ clientId, jobId, ip }: ImportJobPayload): Promise<void> {
      const job = await createImportsRepository(db).findById(clientId, jobId);
      if (!job) return;
      await finish(
        job,
        { clientId, userId: job.user_id ?? '', ip },
        {
          line: 0,
          path: 'file',
          message: 'validation.importStopped',
        },
      );
    },
  };
};

export type ImportRunner = ReturnType<typeof createImportRunner>;
