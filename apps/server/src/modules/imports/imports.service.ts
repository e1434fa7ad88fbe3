import {
  CONTACT_IMPORT_MAX_ROWS,
  type ContactImportRow,
  contactCreateSchema,
  importRows,
  parseCsv,
} from '@conversa/domain';
import { fileTypeFromBuffer } from 'file-type';
import { readSheet } from 'read-excel-file/node';
import { AppError, badRequest } from '../../core/http/app-error';
import type { AuthContext } from '../../core/http/fastify-types';
import type { ContactsService } from '../contacts/contacts.service';

/** A row that could not become a contact: its line in the file, the field, and the rule it broke. */
export type ImportIssue = { line: number; path: string; message: string };

export type ImportResult = { created: number; skipped: number; failed: number; errors: ImportIssue[] };

/** Enough to fix a file; a file with thousands of bad rows is the wrong file, not thousands of errors. */
const MAX_REPORTED_ISSUES = 100;

/** The cells of the file's first sheet (XLSX) or of the CSV text, as strings. */
const readRows = async (file: Buffer): Promise<string[][]> => {
  const detected = await fileTypeFromBuffer(file);
  if (detected?.ext === 'xlsx') {
    const sheet = await readSheet(file);
    return sheet.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
  }
  // CSV has no signature; anything file-type recognises (images, PDFs, other archives) is not one.
  if (detected) throw badRequest([{ path: 'file', message: 'validation.importFormat' }]);
  return parseCsv(file.toString('utf8'));
};

/** The new-contact form of one row; blank optional cells fall back to the form's defaults. */
const formOf = (row: ContactImportRow) => {
  const { tags, ...fields } = row.fields;
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
  return {
    name: '',
    phone: '',
    ...present,
    ...(tags
      ? {
          tags: tags
            .split(/[,|]/)
            .map((tag) => tag.trim())
            .filter(Boolean),
        }
      : {}),
  };
};

export const createImportsService = ({ contacts }: { contacts: ContactsService }) => ({
  /**
   * Creates a contact per valid row through the contacts service (same rules, events and realtime as one
   * typed by hand). A phone the company already has is skipped, not overwritten.
   */
  async importContacts(auth: AuthContext, file: Buffer): Promise<ImportResult> {
    const rows = importRows(await readRows(file));
    if (rows.length === 0) throw badRequest([{ path: 'file', message: 'validation.importEmpty' }]);
    if (rows.length > CONTACT_IMPORT_MAX_ROWS) {
      throw badRequest([{ path: 'file', message: 'validation.importTooManyRows' }]);
    }
    const result: ImportResult = { created: 0, skipped: 0, failed: 0, errors: [] };
    for (const row of rows) {
      const parsed = contactCreateSchema.safeParse(formOf(row));
      if (!parsed.success) {
        result.failed += 1;
        // One message per field is what a person can act on (an empty phone is not also an invalid one).
        const paths = new Set<string>();
        for (const issue of parsed.error.issues) {
          const path = issue.path.join('.');
          if (paths.has(path) || result.errors.length >= MAX_REPORTED_ISSUES) continue;
          paths.add(path);
          result.errors.push({ line: row.line, path, message: issue.message });
        }
        continue;
      }
      try {
        await contacts.create(auth, parsed.data);
        result.created += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.status === 409)) throw error;
        result.skipped += 1;
      }
    }
    return result;
  },
});

export type ImportsService = ReturnType<typeof createImportsService>;
