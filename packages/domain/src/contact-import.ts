/**
 * Contact imports (POST imports/contact, CSV or XLSX): the first row names the columns, in Spanish or
 * English, and each further row becomes a new-contact form checked by the same rules as one typed by hand.
 */

/** The most rows one file may bring, so an import stays a request and not a migration. */
export const CONTACT_IMPORT_MAX_ROWS = 10_000;

export type ContactImportField = 'name' | 'phone' | 'email' | 'document' | 'country' | 'stage' | 'tags';

const HEADER_ALIASES: Record<ContactImportField, readonly string[]> = {
  name: ['name', 'full_name', 'fullname', 'nombre', 'nombre completo'],
  phone: ['phone', 'telephone', 'mobile', 'telefono', 'teléfono', 'celular', 'whatsapp'],
  email: ['email', 'e-mail', 'mail', 'correo', 'correo electrónico', 'correo electronico'],
  document: ['document', 'documento', 'rut', 'dni', 'id'],
  country: ['country', 'pais', 'país'],
  stage: ['stage', 'etapa'],
  tags: ['tags', 'etiquetas'],
};

const normalizeHeader = (header: string): string => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** Which form field each column holds; unknown columns are ignored. */
export const importColumns = (headers: readonly string[]): (ContactImportField | undefined)[] =>
  headers.map((header) => {
    const normalized = normalizeHeader(header);
    return (Object.keys(HEADER_ALIASES) as ContactImportField[]).find((field) =>
      HEADER_ALIASES[field].includes(normalized),
    );
  });

export type ContactImportRow = {
  /** The row's line in the file (the header is line 1), for error messages a person can find. */
  line: number;
  fields: Partial<Record<ContactImportField, string>>;
};

/** Rows of cells (from CSV or a spreadsheet) as new-contact forms, skipping empty lines. */
export const importRows = (rows: readonly (readonly string[])[]): ContactImportRow[] => {
  const [headers = [], ...data] = rows;
  const columns = importColumns(headers);
  const result: ContactImportRow[] = [];
  data.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const fields: ContactImportRow['fields'] = {};
    columns.forEach((field, column) => {
      if (field) fields[field] = (cells[column] ?? '').trim();
    });
    result.push({ line: index + 2, fields });
  });
  return result;
};

/**
 * RFC 4180 CSV: quoted fields may hold separators, quotes ("") and line breaks. The separator is ';' when
 * the header line has more semicolons than commas, as spreadsheets in Spanish locales write it.
 */
export const parseCsv = (text: string): string[][] => {
  const content = text.replace(/^\uFEFF/, '');
  const firstLine = content.slice(0, content.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < content.length; index += 1) {
    const char = content[index];
    if (isQuoted) {
      if (char === '"' && content[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"' && field === '') isQuoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && content[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
};
