import { Readable } from 'node:stream';
import { importHeader, XLSX_LIMITS } from '@conversa/domain';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import type { ImportLine } from './import-target';
import { unpackXlsx, XlsxLimitExceeded } from './xlsx-unpack';

export type ImportFormat = 'csv' | 'xlsx';

/** The file cannot be read as the sheet it claims to be (a broken XLSX, an unclosed quote in a CSV). */
export class UnreadableFile extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'UnreadableFile';
  }
}

// NUL is left to the lines: a NUL in a cell is that line's error, reported like any other.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what betrays a binary file.
const BINARY_BYTE = /[\u0001-\u0008\u000e-\u001f]/;

/**
 * XLSX by its signature. CSV has none: a file file-type recognises as anything else (an image, a PDF,
 * another archive) or whose start holds control characters text never has is not a sheet (undefined).
 */
export const importFormatOf = async (content: Buffer): Promise<ImportFormat | undefined> => {
  const detected = await fileTypeFromBuffer(content);
  if (detected) return detected.ext === 'xlsx' ? 'xlsx' : undefined;
  return BINARY_BYTE.test(content.subarray(0, 4096).toString('latin1')) ? undefined : 'csv';
};

/** Spreadsheets in Spanish locales write ';' (and some tools a tab): the header line's most frequent wins. */
const csvDelimiterOf = (content: Buffer): string => {
  const head = content.subarray(0, 4096).toString('utf8');
  const firstLine = head.slice(0, head.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
};

type RawLine = { line: number; cells: string[] };

const CHUNK_BYTES = 64 * 1024;

/**
 * The file as a stream of small chunks: a parser given the whole file as one chunk would turn it all into
 * records at once; chunk by chunk, it waits while the lines already read are being stored.
 */
const streamOf = (content: Buffer) =>
  Readable.from(
    (function* chunks() {
      for (let start = 0; start < content.length; start += CHUNK_BYTES) {
        yield content.subarray(start, start + CHUNK_BYTES);
      }
    })(),
  );

/** Line numbers cost the parser a copy of its state per record: the counting pass goes without. */
async function* csvLines(content: Buffer, numbered: boolean): AsyncGenerator<RawLine> {
  const parser = streamOf(content).pipe(
    parse({
      delimiter: csvDelimiterOf(content),
      bom: true,
      info: numbered,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }),
  );
  if (!numbered) {
    for await (const record of parser as AsyncIterable<string[]>) yield { line: 0, cells: record };
    return;
  }
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    yield { line: info.lines, cells: record };
  }
}

const DAY_MS = 86_400_000;

/** What a person sees in a cell, whatever kind of value the sheet stores in it. */
const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return value.getTime() % DAY_MS === 0 ? iso.slice(0, 10) : iso;
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value && Array.isArray(value.richText)) {
    return value.richText.map((run: { text?: unknown }) => String(run.text ?? '')).join('');
  }
  if ('result' in value) return cellText(value.result);
  if ('text' in value) return cellText(value.text);
  return '';
};

/**
 * The first sheet's rows, read as the file streams in (styles are read too: they tell dates from numbers),
 * from the parts unpackXlsx counted. exceljs walks a row's every column up to its last cell, so the cells
 * are also counted as the rows spread them: one cell in column XFD makes a row of 16,384.
 */
async function* xlsxLines(content: Buffer): AsyncGenerator<RawLine> {
  const input = await unpackXlsx(content);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let cells = 0;
  try {
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        cells += row.cellCount;
        if (cells > XLSX_LIMITS.cells) throw new XlsxLimitExceeded('cells');
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield { line: row.number, cells: Array.from(values, cellText) };
      }
      return;
    }
  } finally {
    // Read no further than asked (a first line was enough, a limit was passed): the unpacking stops too.
    input.destroy();
  }
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

const rawLines = (content: Buffer, format: ImportFormat, numbered: boolean) =>
  format === 'xlsx' ? xlsxLines(content) : csvLines(content, numbered);

/**
 * The data lines of an imported file, one at a time (memory stays flat whatever the number of lines):
 * cells by header (see importHeader), blank lines left out, each with its line in the file. A file that
 * cannot be read throws UnreadableFile, possibly after some lines; an XLSX past XLSX_LIMITS throws
 * XlsxLimitExceeded, before its first line (or, spread wider than its cells tell, on the way).
 */
export async function* readImportLines(content: Buffer, format: ImportFormat): AsyncGenerator<ImportLine> {
  let headers: string[] | undefined;
  try {
    for await (const { line, cells } of rawLines(content, format, true)) {
      if (isBlank(cells)) continue;
      if (!headers) {
        headers = cells.map(importHeader);
        continue;
      }
      const byHeader: Record<string, string> = {};
      headers.forEach((header, column) => {
        const cell = (cells[column] ?? '').trim();
        // A repeated header keeps its first filled cell.
        if (header !== '' && !byHeader[header]) byHeader[header] = cell;
      });
      yield { line, cells: byHeader };
    }
  } catch (error) {
    throw error instanceof XlsxLimitExceeded ? error : new UnreadableFile(error);
  }
}

/** How many data lines readImportLines will give, read through once; throws as it does. */
export const countImportLines = async (content: Buffer, format: ImportFormat): Promise<number> => {
  let lines = 0;
  try {
    for await (const { cells } of rawLines(content, format, false)) if (!isBlank(cells)) lines += 1;
  } catch (error) {
    throw error instanceof XlsxLimitExceeded ? error : new UnreadableFile(error);
  }
  // The first filled line is the header.
  return Math.max(0, lines - 1);
};
