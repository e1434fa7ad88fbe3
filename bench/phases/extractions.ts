import { request } from 'node:http';
import type { Extraction } from '@conversa/domain';
import type { BenchTenant } from '../generate';
import { openSql, type Sql } from '../lib/db';
import { postApi, searchOne } from '../lib/http';
import type { ProfileName } from '../lib/profiles';
import { kib, ms, type Row, ratio, verdict } from '../lib/report';
import { residentMiB, sampleResidentMiB } from '../lib/server';
import type { PhaseContext, Results } from './context';

/** The extraction: 100,000 contacts (a few thousand on smoke, which only proves the path). */
export const EXTRACTION_CONTACTS: Record<ProfileName, number> = {
  smoke: 2_000,
  quick: 100_000,
  full: 100_000,
};

const COLUMNS = ['info.full_name', 'info.phone', 'info.email', 'create_date'];

export type ExtractionRun = {
  contacts: number;
  rows: number;
  bytes: number;
  /** From extraction/create to the record done, polled every 100 ms. */
  totalMs: number;
  /** The server's resident memory before, at its peak while the file was written, and after. */
  rssMiB: { before: number; peak: number; after: number };
  /** The same rows and columns as CSV straight from PostgreSQL (COPY … TO STDOUT), the floor. */
  rawCopyMs: number;
};

/** Tops the tenant's contacts up to `count` (the phases before made some), named and phoned like them. */
export const seedExtractionContacts = async (sql: Sql, tenant: BenchTenant, count: number) => {
  const [existing] = await sql.query<{ n: string }>(
    'select count(*) as n from contacts where client_id = $1',
    [tenant.clientId],
  );
  const missing = count - Number(existing?.n ?? 0);
  if (missing > 0) {
    await sql.query(
      `insert into contacts (client_id, first_name, last_name, full_name, email, country, phone)
       select $1, 'Paciente', lpad(i::text, 6, '0'), 'Paciente ' || lpad(i::text, 6, '0'),
         'paciente' || i || '@example.com', 'CL', '5698' || lpad(i::text, 7, '0')
       from generate_series(1, $2::int) i`,
      [tenant.clientId, missing],
    );
  }
  await sql.query('vacuum analyze contacts');
  return Math.max(count, Number(existing?.n ?? 0));
};

/** The floor: the same columns of every contact as CSV, from PostgreSQL itself, read to the end. */
export const rawExtractionCopy = async (sql: Sql, tenant: BenchTenant): Promise<number> => {
  const started = performance.now();
  await sql.query(
    `select string_agg(format('%s,%s,%s,%s', full_name, phone, email, create_date), E'\\n')
     from contacts where client_id = $1`,
    [tenant.clientId],
  );
  return performance.now() - started;
};

/** Reads a download to its end without keeping it: its bytes and lines. */
const download = (url: string) =>
  new Promise<{ bytes: number; lines: number }>((resolve, reject) => {
    request(url, (res) => {
      if (res.statusCode !== 200) reject(new Error(`download: ${res.statusCode}`));
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      });
      res.on('end', () => resolve({ bytes, lines }));
    })
      .on('error', reject)
      .end();
  });

/** Creates an extraction of the contacts and polls it every 100 ms until it is done (or failed). */
const extractContacts = async (serverUrl: string, token: string, filters: unknown[] = []) => {
  const [created] = await postApi<Extraction>(serverUrl, 'en', 'extraction/create', token, {
    module: 'contact',
    filters,
    columns: COLUMNS,
    format: 'csv',
  });
  if (!created) throw new Error('extraction/create answered no record');
  let record = created;
  while (record.status === 'queued' || record.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    record = await searchOne<Extraction>(serverUrl, 'en', `extraction/search/${record.id}`, token);
  }
  return record;
};

/**
 * The owner extracts every contact as CSV over HTTP; the server's RSS is read from /proc every 20 ms
 * until the record is done, then the file is downloaded through its signed link and counted. A small
 * extraction goes first, so what the first one of its kind loads and compiles is not counted as the
 * extraction's memory.
 */
export const runExtraction = async (
  serverUrl: string,
  serverPid: number,
  tenant: BenchTenant,
  contacts: number,
  rawCopyMs: number,
): Promise<ExtractionRun> => {
  const token = tenant.owner.token;
  await extractContacts(serverUrl, token, [
    { key: 'info.full_name', condition: 'contains', value: 'Paciente 00001' },
  ]);
  const rss = sampleResidentMiB(serverPid);
  const started = performance.now();
  const record = await extractContacts(serverUrl, token).finally(rss.stop);
  const totalMs = performance.now() - started;
  if (record.status !== 'done' || !record.url)
    throw new Error(`extraction ${record.status}: ${record.error}`);
  const file = await download(`${serverUrl}${record.url}`);
  if (file.lines < record.rows) throw new Error(`the file has ${file.lines} lines for ${record.rows} rows`);
  return {
    contacts,
    rows: record.rows,
    bytes: file.bytes,
    totalMs,
    rssMiB: { before: rss.before, peak: rss.peak, after: residentMiB(serverPid) },
    rawCopyMs,
  };
};

/**
 * The phase: the contacts topped up and the floor read (twice, the first to warm the cache) with the product
 * stopped, then the extraction on a product of its own, checked for one row per contact.
 */
export const extractionsPhase = async (
  { profile, target, results, log, startProduct, stopProducts }: PhaseContext,
  tenant: BenchTenant,
) => {
  const count = EXTRACTION_CONTACTS[profile.name];
  log(`extractions: every one of ${count} contacts as CSV in the background, the server's RSS sampled`);
  const seedSql = await openSql(target, 1);
  let contacts = 0;
  let rawCopyMs = 0;
  try {
    contacts = await seedExtractionContacts(seedSql, tenant, count);
    await rawExtractionCopy(seedSql, tenant);
    rawCopyMs = await rawExtractionCopy(seedSql, tenant);
  } finally {
    await seedSql.close();
  }
  const server = await startProduct('extractions');
  try {
    results.extraction = await runExtraction(server.url, server.child.pid ?? 0, tenant, contacts, rawCopyMs);
  } finally {
    await stopProducts();
  }
  results.checks.push({
    name: 'extractions: one row per contact of the company',
    expected: contacts,
    actual: results.extraction.rows,
    ok: results.extraction.rows === contacts,
  });
};

/** The extraction beside PostgreSQL's own CSV of the same rows; streamed means the server's RSS stays flat. */
export const extractionRows = (r: Results): Row[] => {
  if (!r.extraction) return [];
  const { contacts, bytes, totalMs, rssMiB, rawCopyMs } = r.extraction;
  return [
    {
      metric: `extraction of ${contacts.toLocaleString('en')} contacts as CSV (${kib(bytes)} KiB), create → done; server RSS before / peak / after`,
      ours: `${ms(totalMs)}; ${rssMiB.before} / ${rssMiB.peak} / ${rssMiB.after} MiB`,
      limit: `${ms(rawCopyMs)} the same rows and columns as CSV text from PostgreSQL`,
      ratio: ratio(totalMs, rawCopyMs),
      target: 'streamed: RSS growth < 50 MB (47.7 MiB)',
      verdict: r.profile === 'smoke' ? '' : verdict(rssMiB.peak - rssMiB.before < 50e6 / 2 ** 20),
    },
  ];
};
