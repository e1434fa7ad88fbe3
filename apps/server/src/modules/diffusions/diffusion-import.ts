import { normalizePhone } from '@conversa/domain';
import { badRequest } from '../../core/http/app-error';
import { importFormatOf, readImportLines, UnreadableFile } from '../../core/records/import-file';
import { XlsxLimitExceeded } from '../../core/records/xlsx-unpack';

/** One row of a diffusion's recipient file: the phone, the name, and the template's values in order. */
export type ImportedRecipient = { phone: string; name: string; parameters: string[] };

/** How many imported rows go in one statement. */
const IMPORT_BATCH = 1000;

const NAMED_COLUMNS = ['phone', 'full_name', 'first_name', 'last_name'];

/**
 * A CSV (or XLSX) of phones and per-recipient template values, read as a stream and given in batches: the
 * phone column (phone, teléfono…), an optional name, and every other column, in order, as the parameters.
 * A row without a valid phone is passed over; a file that cannot be read is a 400 on `file`.
 */
export async function* importedRecipients(content: Buffer): AsyncGenerator<ImportedRecipient[]> {
  const format = await importFormatOf(content);
  if (!format) throw badRequest([{ path: 'file', message: 'validation.badValue' }]);
  let batch: ImportedRecipient[] = [];
  try {
    for await (const { cells } of readImportLines(content, format)) {
      const phone = normalizePhone(cells.phone ?? '');
      if (!/^\d{6,15}$/.test(phone)) continue;
      const name = cells.full_name || [cells.first_name, cells.last_name].filter(Boolean).join(' ');
      const parameters = Object.entries(cells)
        .filter(([key]) => !NAMED_COLUMNS.includes(key))
        .map(([, value]) => value);
      batch.push({ phone, name, parameters });
      if (batch.length >= IMPORT_BATCH) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof XlsxLimitExceeded)
      throw badRequest([{ path: 'file', message: error.messageKey }], error.params);
    if (error instanceof UnreadableFile) throw badRequest([{ path: 'file', message: 'validation.badValue' }]);
    throw error;
  }
  if (batch.length > 0) yield batch;
}
