import { PassThrough, type Writable } from 'node:stream';
import { type RecordField, wallClockDate } from '@conversa/domain';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { writeAuditLog } from '../audit/audit-log';
import { companyClock } from '../company-clock';
import { allOn, type Database, type Executor } from '../db/database';
import { returningRows } from '../db/recordset';
import { listDinamic, users } from '../db/schema';
import { badRequest } from '../http/app-error';
import type { AuthContext } from '../http/fastify-types';
import type { SearchQuery } from '../http/search-query';
import { valueAt } from './record-module';
import { createRecordRepository } from './record-repository';
import type { ExportBody, ExportFormat } from './record-schemas';
import type { RecordService } from './record-service';

/** Rows read from the cursor per round trip: small enough for flat memory, large enough to be quick. */
const EXPORT_BATCH = 500;

/** The answer's type of each format (an extraction's download carries the same). */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type Cell = string | number | boolean | Date | null;

/** The export's header of a field: the key's last segment, which is also what an import reads. */
const headerOf = (field: RecordField) => field.key.split('.').at(-1) ?? field.key;

/** A wall-clock Date (see cellOf) as `2026-03-10 09:30:05`, which spreadsheets read as a date and time. */
const wallText = (value: Date) => value.toISOString().slice(0, 19).replace('T', ' ');

const csvCell = (value: Cell): string => {
  const text = value instanceof Date ? wallText(value) : value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet (CSV injection).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};
const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The names a person reads instead of ids: the company's tags and statuses of the module, and its users. */
const labelsOf = async (db: Executor, clientId: string, module: string): Promise<Map<string, string>> => {
  const [items, people] = await allOn(db, [
    () =>
      db
        .select({ id: listDinamic.id, name: listDinamic.name })
        .from(listDinamic)
        .where(and(eq(listDinamic.client_id, clientId), eq(listDinamic.module, module as never))),
    () => db.select({ id: users.id, name: users.name }).from(users).where(eq(users.client_id, clientId)),
  ]);
  return new Map([...items, ...people].map((item) => [item.id, item.name]));
};

/** A calendar day as stored (`2026-12-15`), or the day of an instant in the company's zone. */
const dayOf = (value: string, timeZone: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : wallText(wallClockDate(new Date(value), timeZone)).slice(0, 10);

/** What a cell needs besides its value: the names of ids, and the company's zone for dates and times. */
type CellContext = { labels: Map<string, string>; timeZone: string };

const cellOf = (field: RecordField, value: unknown, { labels, timeZone }: CellContext): Cell => {
  if (value === null || value === undefined) return null;
  const named = (id: unknown) => labels.get(String(id)) ?? String(id);
  switch (field.type) {
    case 'tags':
    case 'users':
      return Array.isArray(value) ? value.map(named).join('|') : named(value);
    case 'select':
    case 'user':
      return value === '' ? '' : named(value);
    // Dates and times as the company reads them (its zone), never in UTC.
    case 'date':
      return typeof value === 'string' && value !== '' ? dayOf(value, timeZone) : null;
    case 'datetime':
      return typeof value === 'string' && value !== '' ? wallClockDate(new Date(value), timeZone) : null;
    case 'number':
    case 'money':
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return Boolean(value);
    default:
      return Array.isArray(value) ? value.join('|') : String(value);
  }
};

/** Writes rows of cells in one format; `flush` waits while the reader is behind (backpressure). */
type Sheet = { add: (cells: Cell[]) => void; flush: () => Promise<void>; end: () => Promise<void> };

const drained = (out: Writable) =>
  new Promise<void>((resolve) => {
    if (out.writableLength < out.writableHighWaterMark || out.destroyed) return resolve();
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

const csvSheet = (out: Writable): Sheet => ({
  add: (cells) => {
    out.write(csvLine(cells));
  },
  flush: () => drained(out),
  end: async () => {
    out.end();
  },
});

const xlsxSheet = (out: Writable, name: string): Sheet => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(name);
  return {
    add: (cells) => sheet.addRow(cells).commit(),
    flush: () => drained(out),
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
};

/** The client went away: the export's transaction rolls back and its cursor closes. */
class ExportAborted extends Error {}

/**
 * The fields `keys` name, in that order (every exportable field when absent); a key that is not an
 * exportable field of the module answers 400 naming `columns.{index}`.
 */
export const exportColumns = (module: { fields: readonly RecordField[] }, keys?: readonly string[]) => {
  const exportable = module.fields.filter((field) => field.exportable);
  const asked = keys ?? exportable.map((field) => field.key);
  const issues = asked.flatMap((key, index) =>
    exportable.some((field) => field.key === key)
      ? []
      : [{ path: `columns.${index}`, message: 'validation.notExportable' as const }],
  );
  if (issues.length > 0) throw badRequest(issues);
  return asked.map((key) => exportable.find((field) => field.key === key) as RecordField);
};

/** What to write: the records a search selects, the columns in file order, the format. */
export type RecordRowsJob = { query: SearchQuery; columns: RecordField[]; format: ExportFormat };

/**
 * Writes the header row and every record the query selects to `out`, then ends it. The query runs
 * behind a cursor in one read transaction and is read a batch at a time with backpressure, so memory
 * stays flat whatever the number of records. `afterBatch` hears the rows written so far and, when
 * `counted`, how many the query selects (a progress bar); it may throw to stop. Answers the rows written.
 */
export const writeRecordRows = async <Api>(
  db: Database,
  service: RecordService<Api>,
  auth: AuthContext,
  job: RecordRowsJob,
  out: Writable,
  hooks: { counted?: boolean; afterBatch?: (written: number, total: number) => Promise<void> | void } = {},
): Promise<number> => {
  const { module } = service;
  const sheet = job.format === 'xlsx' ? xlsxSheet(out, module.words.many) : csvSheet(out);
  sheet.add(job.columns.map(headerOf));
  let written = 0;
  await db.transaction(async (tx) => {
    const context: CellContext = {
      labels: await labelsOf(tx, auth.clientId, module.name),
      timeZone: (await companyClock(tx, auth.clientId)).timeZone,
    };
    const select = createRecordRepository(tx, module.table, module.scope?.(auth)).selectAll(
      auth.clientId,
      job.query,
    );
    const total = hooks.counted
      ? Number(
          (
            (await tx.execute(sql`select count(*) as total from (${select}) as matched`)) as unknown as {
              rows: { total: string | number }[];
            }
          ).rows[0]?.total ?? 0,
        )
      : 0;
    await tx.execute(sql`declare record_export no scroll cursor for ${select}`);
    for (;;) {
      const rows = await returningRows(
        tx,
        module.table,
        sql`fetch forward ${sql.raw(String(EXPORT_BATCH))} from record_export`,
      );
      if (rows.length === 0) break;
      for (const record of await service.toApiMany(tx, auth.clientId, rows)) {
        sheet.add(job.columns.map((field) => cellOf(field, valueAt(record, field.key), context)));
      }
      written += rows.length;
      await sheet.flush();
      await hooks.afterBatch?.(written, total);
    }
  });
  await sheet.end();
  return written;
};

/**
 * `X/export`: the matching records as CSV or XLSX, streamed: the first bytes leave at once. Only
 * exportable fields can be columns; the export is audited first.
 */
export const exportRecords = async <Api>(
  db: Database,
  service: RecordService<Api>,
  auth: AuthContext,
  body: ExportBody,
) => {
  const { module } = service;
  const columns = exportColumns(module, body.columns);
  const query = service.query(body);
  await writeAuditLog(db, auth, [
    {
      action: 'export',
      module: module.name,
      changes: {
        format: [null, body.format],
        columns: [null, columns.map((field) => field.key)],
        filters: [null, { filters: body.filters, logical: body.logical }],
      },
    },
  ]);

  const out = new PassThrough();
  let aborted = false;
  out.on('close', () => {
    aborted = !out.writableEnded;
  });
  const stopIfGone = () => {
    if (aborted) throw new ExportAborted();
  };
  // The answer is already streaming: a failure can only cut it short (the reader sees a broken file).
  writeRecordRows(db, service, auth, { query, columns, format: body.format }, out, {
    afterBatch: stopIfGone,
  }).catch((error: unknown) => out.destroy(error instanceof ExportAborted ? undefined : (error as Error)));

  return {
    stream: out,
    contentType: EXPORT_CONTENT_TYPES[body.format],
    filename: `${module.words.many}.${body.format}`,
  };
};
