import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { XLSX_LIMITS, type XlsxLimit } from '@conversa/domain';
import type { MessageKey } from '../i18n/i18n';

const LIMIT_MESSAGES: Record<XlsxLimit, MessageKey> = {
  sheetBytes: 'validation.xlsxSheetBytes',
  partBytes: 'validation.xlsxPartBytes',
  totalBytes: 'validation.xlsxTotalBytes',
  sharedStrings: 'validation.xlsxSharedStrings',
  cells: 'validation.xlsxCells',
  rows: 'validation.xlsxRows',
};

const MEGABYTE = 1_000_000;

/** An XLSX file past one of XLSX_LIMITS: refused whole, whatever was read of it. */
export class XlsxLimitExceeded extends Error {
  readonly limit: XlsxLimit;
  /** The text naming the limit, and its number (`{max}`: bytes in MB, as people know a file's size). */
  readonly messageKey: MessageKey;
  readonly params: { max: string };

  constructor(limit: XlsxLimit) {
    super(`the XLSX file is past its ${limit} limit of ${XLSX_LIMITS[limit]}`);
    this.name = 'XlsxLimitExceeded';
    this.limit = limit;
    this.messageKey = LIMIT_MESSAGES[limit];
    const max = limit.endsWith('Bytes') ? XLSX_LIMITS[limit] / MEGABYTE : XLSX_LIMITS[limit];
    this.params = { max: String(max) };
  }
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_RECORD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const END_RECORD_BYTES = 22;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x1;

/** A part of the zip and where its packed bytes lie. */
type ZipPart = { name: string; method: number; header: number; start: number; end: number };

/**
 * The parts the central directory lists. Zip64 and encryption are not read: no sheet of 10,000,000 bytes
 * needs them. A broken directory throws (the file is unreadable).
 */
const zipParts = (content: Buffer): ZipPart[] => {
  const end = content.lastIndexOf(END_RECORD);
  if (end < 0 || end + END_RECORD_BYTES > content.length) throw new Error('no end of central directory');
  const count = content.readUInt16LE(end + 10);
  let at = content.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error('zip64 is not read');
  const parts: ZipPart[] = [];
  for (let index = 0; index < count; index += 1) {
    if (content.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error('broken central directory');
    const flags = content.readUInt16LE(at + 8);
    const method = content.readUInt16LE(at + 10);
    const packedSize = content.readUInt32LE(at + 20);
    const nameLength = content.readUInt16LE(at + 28);
    const header = content.readUInt32LE(at + 42);
    const name = content.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
    if (flags & ENCRYPTED || packedSize === 0xffffffff) throw new Error(`${name} is encrypted or zip64`);
    if (content.readUInt32LE(header) !== LOCAL_HEADER) throw new Error(`${name} has no local header`);
    const start = header + 30 + content.readUInt16LE(header + 26) + content.readUInt16LE(header + 28);
    if (start + packedSize > content.length) throw new Error(`${name} runs past the end of the file`);
    parts.push({ name, method, header, start, end: start + packedSize });
  }
  return parts;
};

const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * What the sheet reader (exceljs, import-file.ts) reads, the shared strings before the sheet so it never
 * parks the sheet in a temporary file: the workbook, its relations, the shared strings, the styles (they
 * tell dates from numbers) and the first sheet. Nothing else of the file is ever unpacked.
 */
const partsRead = (parts: ZipPart[]): ZipPart[] => {
  const named = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', SHARED_STRINGS, 'xl/styles.xml'].map(
    (name) => parts.find((part) => part.name === name),
  );
  const sheet = parts.filter((part) => SHEET.test(part.name)).sort((a, b) => a.header - b.header)[0];
  return [...named, sheet].filter((part): part is ZipPart => part !== undefined);
};

/** A part's bytes as they unpack, chunk by chunk (zlib waits while a chunk is being used). */
async function* unpacked(content: Buffer, part: ZipPart): AsyncGenerator<Buffer> {
  const packed = content.subarray(part.start, part.end);
  if (part.method === STORED) {
    yield packed;
    return;
  }
  if (part.method !== DEFLATED)
    throw new Error(`${part.name}: compression method ${part.method} is not read`);
  const inflater = createInflateRaw();
  inflater.end(packed);
  yield* inflater as AsyncIterable<Buffer>;
}

// Whitespace, '/' and '>': what may follow a tag's name.
const TAG_NAME_ENDS = new Set([0x20, 0x09, 0x0a, 0x0d, 0x2f, 0x3e]);

/**
 * Counts the opening tags `<tag …>` of XML arriving in chunks and throws past `limit`; a tag cut between
 * two chunks is counted once. Bytes, not text: in UTF-8 '<' and ASCII letters are never part of another
 * character. Over-counts (a tag in a comment) only ever refuse sooner.
 */
const tagCounter = (tag: string, limit: XlsxLimit) => {
  const open = `<${tag}`;
  let carried = '';
  let count = 0;
  return (chunk: Buffer) => {
    const text = carried + chunk.toString('latin1');
    let at = text.indexOf(open);
    while (at !== -1 && at + open.length < text.length) {
      if (TAG_NAME_ENDS.has(text.charCodeAt(at + open.length))) {
        count += 1;
        if (count > XLSX_LIMITS[limit]) throw new XlsxLimitExceeded(limit);
      }
      at = text.indexOf(open, at + open.length);
    }
    carried = at === -1 ? text.slice(1 - open.length) : text.slice(at);
  };
};

/**
 * Unpacks the parts once, counting their bytes as they come (never trusting the sizes the zip declares)
 * and keeping none, and throws at the first limit passed; answers each part with its real size.
 */
const measure = async (content: Buffer, parts: readonly ZipPart[]) => {
  let total = 0;
  const measured: { part: ZipPart; size: number }[] = [];
  for (const part of parts) {
    const isSheet = SHEET.test(part.name);
    const sizeLimit: XlsxLimit = isSheet ? 'sheetBytes' : 'partBytes';
    const counters = isSheet
      ? [tagCounter('row', 'rows'), tagCounter('c', 'cells')]
      : part.name === SHARED_STRINGS
        ? [tagCounter('si', 'sharedStrings')]
        : [];
    let size = 0;
    for await (const chunk of unpacked(content, part)) {
      size += chunk.length;
      total += chunk.length;
      if (size > XLSX_LIMITS[sizeLimit]) throw new XlsxLimitExceeded(sizeLimit);
      if (total > XLSX_LIMITS.totalBytes) throw new XlsxLimitExceeded('totalBytes');
      for (const count of counters) count(chunk);
    }
    measured.push({ part, size });
  }
  return measured;
};

/** The local header of an uncompressed part of `size` bytes; its CRC stays 0: unzipper never checks it. */
const storedHeader = (name: string, size: number): Buffer => {
  const nameBytes = Buffer.from(name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes]);
};

/**
 * The XLSX file as the sheet reader gets it, once it is known to stay inside XLSX_LIMITS: the parts it
 * reads, unpacked again into a zip of stored parts of the sizes counted. exceljs's own unzip never meets a
 * byte that was not counted, however the file's headers lie. Throws XlsxLimitExceeded past a limit, an
 * Error for a broken zip.
 */
export const unpackXlsx = async (content: Buffer): Promise<Readable> => {
  const measured = await measure(content, partsRead(zipParts(content)));
  return Readable.from(
    (async function* stored() {
      for (const { part, size } of measured) {
        yield storedHeader(part.name, size);
        yield* unpacked(content, part);
      }
      // An end record without a directory: unzipper reads the parts as they come and stops there.
      yield Buffer.concat([END_RECORD, Buffer.alloc(END_RECORD_BYTES - END_RECORD.length)]);
    })(),
  );
};
