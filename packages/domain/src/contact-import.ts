/**
 * Imports of records from a CSV or XLSX file (`POST imports/{module}`): the first row names the columns,
 * in Spanish or English, and each further row becomes a new record checked by the same rules as one typed
 * by hand. The import runs as a job; its progress and its report of bad lines come back as `import`
 * notifications and from `imports/search/{id}`.
 */

/** The modules a file can be imported into. */
export const IMPORT_MODULES = ['contact', 'lead', 'deal'] as const;
export type ImportModule = (typeof IMPORT_MODULES)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * The report keeps the first this many bad lines; the counts stay exact. Enough to fix a file: one with
 * thousands of bad lines is the wrong file, not thousands of errors.
 */
export const IMPORT_REPORT_MAX_ISSUES = 1000;

/**
 * What an uploaded XLSX file (an import of records, a diffusion's recipients) may unpack to. An XLSX is a
 * zip: a real sheet unpacks to about ten times its size, a zip bomb to a thousand times, so 1 MB could
 * fill the server's memory. Counted as the file unpacks, never taken from what the zip declares; past any
 * of them the file is refused (400 naming the limit) before a line is read. The sheet is read as a stream
 * (its size costs time); the other parts (shared texts, styles, workbook) are held in memory while it is
 * read, hence their smaller cap. A real XLSX of 10,000,000 bytes (the upload limit) stays well inside them.
 */
export const XLSX_LIMITS = {
  sheetBytes: 200_000_000,
  partBytes: 100_000_000,
  totalBytes: 250_000_000,
  /** Different texts of the file (its shared strings). */
  sharedStrings: 2_000_000,
  /** Cells of the sheet, a row counting as wide as its last cell's column. */
  cells: 10_000_000,
  /** Excel's own maximum. */
  rows: 1_048_576,
} as const;
export type XlsxLimit = keyof typeof XLSX_LIMITS;

/** A line that could not become a record: its line in the file (the header is 1), the field, the rule. */
export type ImportIssue = { line: number; path: string; message: string };

/** An import as the API answers it; `processed` lines of `total` were read so far. */
export type ImportJob = {
  id: string;
  module: string;
  status: ImportStatus;
  filename: string;
  total: number;
  processed: number;
  created: number;
  skipped: number;
  failed: number;
  user_id: string | null;
  create_date: string;
  finished_at: string | null;
};

/** A line of `imports/search` (the history): the import and the name of who started it. */
export type ImportHistoryEntry = ImportJob & { user_name: string };

/** `imports/search/{id}` and the `done` notification: the import with its report. */
export type ImportJobReport = ImportJob & { errors: ImportIssue[] };

/** Other names people give a column, by the field they mean. */
const HEADER_ALIASES: Readonly<Record<string, readonly string[]>> = {
  name: ['name', 'full_name', 'fullname', 'full name', 'nombre', 'nombre completo'],
  first_name: ['first_name', 'first name', 'firstname', 'nombres', 'primer nombre'],
  last_name: ['last_name', 'last name', 'lastname', 'apellido', 'apellidos'],
  phone: ['phone', 'telephone', 'mobile', 'telefono', 'teléfono', 'celular', 'whatsapp'],
  email: ['email', 'e-mail', 'mail', 'correo', 'correo electrónico', 'correo electronico'],
  document: ['document', 'documento', 'rut', 'dni'],
  country: ['country', 'pais', 'país'],
  tags: ['tags', 'etiquetas'],
  source: ['source', 'origen', 'fuente'],
};

/**
 * The field a column header means: headers are lowercased and trimmed, a key's dot path keeps its last
 * segment (`info.phone` of an export), and known aliases become their field; any other header is kept as
 * written (lowercased), for the module to ignore.
 */
export const importHeader = (header: string): string => {
  const normalized = header.trim().toLowerCase().replace(/\s+/g, ' ');
  const segment = normalized.slice(normalized.lastIndexOf('.') + 1);
  return Object.keys(HEADER_ALIASES).find((field) => HEADER_ALIASES[field]?.includes(segment)) ?? segment;
};

/** A cell of tags: names separated by commas or bars. */
export const importTagNames = (cell: string): string[] => [
  ...new Set(
    cell
      .split(/[,|]/)
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];
