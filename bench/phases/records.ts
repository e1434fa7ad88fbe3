import { request } from 'node:http';
import type { SearchBodyInput } from '@conversa/domain';
import { searchBodySchema } from '@conversa/domain';
import { createRecordService } from '../../apps/server/src/core/records/record-service';
import { contactRecords } from '../../apps/server/src/modules/contacts/contacts.records';
import type { BenchTenant } from '../generate';
import type { Sql } from '../lib/db';
import { Histogram, type Summary } from '../lib/histogram';
import { jsonPostOptions, postJson } from '../lib/http';
import { kib, ms, pcts, type Row, ratio, verdict } from '../lib/report';
import { capturingService, timeQueries } from '../lib/sql-floor';
import type { PhaseContext, Results } from './context';

/** The contact screens' requests: the list, its filters and sorts, and the kanban by stage. */
export type RecordsCase = { name: string; route: 'search' | 'kanban'; body: SearchBodyInput };

export const recordsCases = (): RecordsCase[] => [
  { name: 'list, newest first', route: 'search', body: {} },
  {
    name: 'filter name contains "ana"',
    route: 'search',
    body: { filters: [{ key: 'info.full_name', condition: 'contains', value: 'ana' }] },
  },
  {
    name: 'filter tag and assignee set',
    route: 'search',
    body: {
      filters: [
        { key: 'tags', condition: 'equalto', value: 'vip' },
        { key: 'derivedto', condition: 'notempty' },
      ],
    },
  },
  {
    name: 'filter created in a month',
    route: 'search',
    body: { filters: [{ key: 'create_date', condition: 'between', value: monthAgo() }] },
  },
  { name: 'sorted by name', route: 'search', body: { sort: { key: 'info.full_name', order: 'asc' } } },
  { name: 'page 200', route: 'search', body: { page: 200 } },
  { name: 'kanban by stage', route: 'kanban', body: {} },
];

function monthAgo(): [string, string] {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  return [day(120), day(90)];
}

export type RecordsHttpRow = { name: string; latency: Summary; total: number; rawSql?: Summary };

/** Each case over HTTP as the company's owner, one request at a time. */
export const runRecordsHttp = async (
  serverUrl: string,
  tenant: BenchTenant,
  requests: number,
  warmup: number,
): Promise<RecordsHttpRow[]> => {
  const rows: RecordsHttpRow[] = [];
  for (const recordsCase of recordsCases()) {
    const histogram = new Histogram();
    let total = 0;
    for (let index = 0; index < warmup + requests; index += 1) {
      const started = performance.now();
      const answer = await postJson(
        `${serverUrl}/api/v1/en/contact/${recordsCase.route}`,
        recordsCase.body,
        tenant.owner.token,
      );
      const elapsed = performance.now() - started;
      if (answer.status !== 200)
        throw new Error(`contact/${recordsCase.route} ${recordsCase.name}: ${answer.status}`);
      if (index >= warmup) histogram.record(elapsed);
      total = answer.body.pagination?.total ?? 0;
    }
    rows.push({ name: recordsCase.name, latency: histogram.summary(), total });
  }
  return rows;
};

/**
 * The floor under each HTTP figure: the exact SQL the record kit sends for the case (captured from the
 * server's own service on a logging Drizzle), run directly.
 */
export const rawRecordsSql = async (sql: Sql, tenant: BenchTenant, repeats: number) => {
  const { deps, auth, take } = capturingService(sql, tenant);
  const service = createRecordService(contactRecords, deps);
  const floors = new Map<string, Summary>();
  for (const recordsCase of recordsCases()) {
    const body = searchBodySchema.parse(recordsCase.body);
    if (recordsCase.route === 'kanban') await service.kanban(auth, body);
    else await service.search(auth, body);
    floors.set(recordsCase.name, await timeQueries(sql, take(), repeats));
  }
  return floors;
};

export type ExportRun = { format: 'csv' | 'xlsx'; firstByteMs: number; totalMs: number; bytes: number };

/** Every contact exported: when the first byte arrives and when the last does. */
export const runExports = async (serverUrl: string, tenant: BenchTenant): Promise<ExportRun[]> => {
  const runs: ExportRun[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    runs.push(
      await new Promise<ExportRun>((resolve, reject) => {
        const target = new URL(`${serverUrl}/api/v1/en/contact/export`);
        const text = JSON.stringify({ format });
        const started = performance.now();
        let firstByteMs = Number.NaN;
        let bytes = 0;
        const req = request(
          jsonPostOptions(target, target.pathname, Buffer.byteLength(text), {
            authorization: `Bearer ${tenant.owner.token}`,
          }),
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`contact/export ${format}: ${res.statusCode}`));
            res.on('data', (chunk: Buffer) => {
              if (bytes === 0) firstByteMs = performance.now() - started;
              bytes += chunk.length;
            });
            res.on('end', () =>
              resolve({ format, firstByteMs, totalMs: performance.now() - started, bytes }),
            );
          },
        );
        req.on('error', reject);
        req.end(text);
      }),
    );
  }
  return runs;
};

/** The phase on the running product: every case over HTTP, then the exports. */
export const recordsPhase = async (
  { profile, results, log }: PhaseContext,
  serverUrl: string,
  tenant: BenchTenant,
) => {
  log('records: contact/search and contact/kanban over HTTP, then every contact exported');
  results.records = await runRecordsHttp(serverUrl, tenant, profile.inbox.requests, profile.inbox.warmup);
  results.exports = await runExports(serverUrl, tenant);
};

/** The phase with the product stopped: each case's floor, set beside its HTTP figure. */
export const recordsPlansPhase = async (
  { profile, results, log }: PhaseContext,
  sql: Sql,
  tenant: BenchTenant,
) => {
  log("records: the record kit's own SQL, run directly");
  const floors = await rawRecordsSql(sql, tenant, Math.min(profile.inbox.requests, 50));
  for (const row of results.records ?? []) row.rawSql = floors.get(row.name);
};

/** One row a case: HTTP latency beside its raw SQL. */
export const recordsRows = (r: Results): Row[] =>
  (r.records ?? []).map((row) => ({
    metric: `contacts ${row.name} (total ${row.total.toLocaleString('en')}): p50 / p95 / p99`,
    ours: pcts(row.latency),
    limit: row.rawSql ? `${ms(row.rawSql.p95)} raw SQL p95` : '',
    ratio: row.rawSql ? ratio(row.latency.p95, row.rawSql.p95) : '',
    target: 'p95 ≤ 50 ms',
    verdict: r.profile === 'full' ? verdict(row.latency.p95 <= 50) : '',
  }));

/** One row an export format: its first and last byte (the table lists them after the extraction). */
export const exportRows = (r: Results): Row[] =>
  (r.exports ?? []).map((run) => ({
    metric: `contacts export ${run.format.toUpperCase()} of every contact (${kib(run.bytes)} KiB): first byte / last byte`,
    ours: `${ms(run.firstByteMs)} / ${ms(run.totalMs)}`,
    limit: '',
    ratio: '',
    target: 'first byte < 1 s',
    verdict: verdict(run.firstByteMs < 1000),
  }));
