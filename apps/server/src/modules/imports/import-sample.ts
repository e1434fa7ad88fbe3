import ExcelJS from 'exceljs';
import type { ImportFormat } from '../../core/records/import-file';
import type { ImportTarget } from '../../core/records/import-target';

export const SAMPLE_CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const csvCell = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The downloadable sample of a module's import: its header row and two example lines. */
export const buildImportSample = async (target: ImportTarget, format: ImportFormat): Promise<Buffer> => {
  const rows = [
    [...target.headers],
    ...target.sample.map((line) => target.headers.map((header) => line[header] ?? '')),
  ];
  if (format === 'csv') {
    // The byte-order mark makes spreadsheets open the accents as UTF-8.
    return Buffer.from(`\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(target.module);
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
