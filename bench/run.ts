import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchTenant, generateScaleData } from './generate';
import { type DatabaseTarget, openSql } from './lib/db';
import { closeHttp } from './lib/http';
import { machine } from './lib/machine';
import { PROFILES, type ProfileName } from './lib/profiles';
import { markdownTable, type Row } from './lib/report';
import { REPO_ROOT, type RunningServer, startServer } from './lib/server';
import { bundleRows, bundleSizesPhase } from './phases/bundle-size';
import { countChecksPhase } from './phases/checks';
import type { PhaseContext, Results } from './phases/context';
import { dashboardsPhase, dashboardsRows } from './phases/dashboards';
import { dealsPhase, dealsRows } from './phases/deals';
import { diffusionsPhase, diffusionsRows } from './phases/diffusions';
import { extractionRows, extractionsPhase } from './phases/extractions';
import { inboxPhase, inboxPlansPhase, inboxRows } from './phases/inbox';
import { ingestChecks, ingestPhase, ingestRows } from './phases/ingest';
import { jobRows, jobsPhase } from './phases/jobs';
import { rawDbPhase, rawDbRows } from './phases/raw-db';
import {
  realtimeBarePhase,
  realtimeChecks,
  realtimeOneProcessPhase,
  realtimePipelinePhase,
  realtimeRows,
  realtimeTwoProcessesPhase,
} from './phases/realtime';
import { exportRows, recordsPhase, recordsPlansPhase, recordsRows } from './phases/records';
import { schedulingPhase, schedulingRows } from './phases/scheduling-report';

/**
 * The benchmark: generates the tenant, starts the product as its own process, drives it from separate load
 * processes, and measures beside every figure its limit on the same machine in the same run.
 *   npm run bench             quick (embedded database, 5k contacts / 50k messages)
 *   npm run bench:full        100k / 2M on PostgreSQL (database conversa_bench, dropped first)
 *   npm run test:bench-smoke  tiny sizes; fails only when the harness breaks or a count check fails
 * Each phase's steps, checks and report rows live beside its measuring code in phases/; this file keeps
 * the arguments, what the phases share, their order, and the results written.
 */
const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: 'quick' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    build: { type: 'string', default: 'src' },
    seed: { type: 'string', default: 'conversa' },
    'cpu-prof': { type: 'boolean', default: false },
    'write-doc': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

const profile = PROFILES[values.profile as ProfileName];
if (!profile) throw new Error(`unknown profile ${values.profile}`);
const build = values.build === 'dist' ? 'dist' : 'src';
const runId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${profile.name}`;
const resultsDir = join(REPO_ROOT, 'bench/results', runId);
const plansDir = join(resultsDir, 'plans');
mkdirSync(plansDir, { recursive: true });
const dataDir =
  profile.name === 'smoke' ? join(tmpdir(), `conversa-bench-${process.pid}`) : join(resultsDir, 'data');
// `--database-url` puts any profile on that server: the quick profile's embedded figures are compared with
// the same run on the machine's PostgreSQL server this way.
const databaseUrl =
  values['database-url'] ??
  (profile.database === 'postgres' ? 'postgres://postgres@127.0.0.1:5432/conversa_bench' : undefined);
const target: DatabaseTarget = databaseUrl
  ? { kind: 'postgres', url: databaseUrl }
  : { kind: 'embedded', dataDir };
const cpuProfileDir = values['cpu-prof'] ? join(resultsDir, 'prof') : undefined;
const log = (text: string) => process.stderr.write(`[bench] ${text}\n`);

const results: Results = {
  runId,
  profile: profile.name,
  machine: machine(databaseUrl),
  realtime: [],
  checks: [],
  errors: [],
};
const servers: RunningServer[] = [];
const startProduct = async (name: string, redisUrl?: string, env?: Record<string, string>) => {
  const server = await startServer({ databaseUrl, dataDir, redisUrl, build, cpuProfileDir, name, env });
  servers.push(server);
  return server;
};
const stopProducts = async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
};

/** `--only ingest,raw` runs the phases whose names start with one of these words (the checks always run). */
const onlyPhases = values.only?.split(',').map((word) => word.trim().toLowerCase());
if (onlyPhases && values['write-doc'])
  throw new Error('--only measures part of the set: it cannot --write-doc');
const isChosen = (name: string) =>
  !onlyPhases || name === 'count checks' || onlyPhases.some((word) => name.startsWith(word));

const step = async (name: string, work: () => Promise<void>) => {
  if (!isChosen(name)) return;
  try {
    await work();
  } catch (error) {
    log(`${name} failed: ${error instanceof Error ? error.stack : String(error)}`);
    results.errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
};

const context: PhaseContext = { profile, target, results, log, startProduct, stopProducts };

/** Generates both tenants afresh; how long each part took goes to the results. */
const generate = async (): Promise<[BenchTenant, BenchTenant]> => {
  const started = performance.now();
  const data = await generateScaleData({
    target,
    seed: values.seed,
    tenant: profile.tenant,
    smallTenant: profile.smallTenant,
    fresh: true,
  });
  results.generation = {
    ...data.seconds,
    totalSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
  log(`generated in ${results.generation.totalSeconds} s`);
  return data.tenants;
};

/** The phases in their order: which ones share a product process, and which run with it stopped. */
const main = async () => {
  log(`profile ${profile.name}, database ${target.kind}, results in ${resultsDir}`);
  await step('bundle sizes', () => bundleSizesPhase(context));
  const tenants = await generate();
  const [tenant] = tenants;

  const server = await startProduct('one');
  // The inbox is measured on the scale data as generated (vacuumed and analysed), before the ingest
  // phase churns tens of thousands of its conversations.
  await step('inbox', () => inboxPhase(context, server.url, tenant));
  await step('records', () => recordsPhase(context, server.url, tenant));
  await step('ingest', () => ingestPhase(context, { url: server.url, pid: server.child.pid }, tenant));
  await step('realtime one process', () => realtimeOneProcessPhase(context, tenants, server.url));
  await step('realtime bare', () => realtimeBarePhase(context));
  await stopProducts();

  if (profile.realtime.twoProcesses && target.kind === 'postgres') {
    await step('realtime two processes', () =>
      realtimeTwoProcessesPhase(context, tenants, values['redis-url']),
    );
    await stopProducts();
  }

  // With the servers stopped (the embedded database has one owner at a time): plans, raw limits, counts.
  // Two job-queue workers claim 4 jobs at a time each, beside the raw limit's connections.
  const sql = await openSql(target, Math.max(profile.limits.rawConnections + 1, 9));
  try {
    await step('inbox plans', () => inboxPlansPhase(context, sql, tenant, plansDir));
    await step('realtime bare pipeline', () => realtimePipelinePhase(context, sql, tenant));
    await step('raw database limit', () => rawDbPhase(context, sql, tenant));
    await step('records plans', () => recordsPlansPhase(context, sql, tenant));
    await step('jobs queue', () => jobsPhase(context, sql));
    await step('count checks', () => countChecksPhase(context, sql, tenant));
  } finally {
    await sql.close();
  }
  // Each of these seeds its own data with the product stopped, then starts a product of its own.
  await step('deals', () => dealsPhase(context, tenant));
  await step('dashboards', () => dashboardsPhase(context, tenant));
  await step('diffusions', () => diffusionsPhase(context, tenant));
  await step('scheduling', () => schedulingPhase(context, tenant));
  // Last: it tops the tenant's contacts up to the 100,000, which the phases above must not see.
  await step('extractions', () => extractionsPhase(context, tenant));
  // Harness checks that do not depend on timing: something was measured everywhere, no tenant leak.
  results.checks.push(...ingestChecks(results), ...realtimeChecks(results));
};

/** The report's rows in the order the table has always listed them, which is not the phases' order. */
const REPORT: ((r: Results) => Row[])[] = [
  ingestRows,
  rawDbRows,
  inboxRows,
  recordsRows,
  dealsRows,
  dashboardsRows,
  diffusionsRows,
  schedulingRows,
  extractionRows,
  exportRows,
  jobRows,
  bundleRows,
  realtimeRows,
];

let exitCode = 0;
try {
  await main();
} catch (error) {
  log(`run failed: ${error instanceof Error ? error.stack : String(error)}`);
  results.errors.push(error instanceof Error ? error.message : String(error));
} finally {
  await stopProducts();
  closeHttp();
}

const failedChecks = results.checks.filter((check) => !check.ok);
if (results.errors.length > 0 || failedChecks.length > 0) exitCode = 1;
const table = markdownTable(REPORT.flatMap((rowsOf) => rowsOf(results)));
const checksText = results.checks
  .map(
    (check) =>
      `- ${check.ok ? 'ok' : 'FAILED'}: ${check.name} (expected ${check.expected}, got ${check.actual})`,
  )
  .join('\n');
const m = results.machine;
const markdown = [
  `### ${profile.name} run ${runId}`,
  '',
  `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, database ${m.database}, load average at start ${m.loadAverageAtStart}. Server started from \`${build}\`. Data generated in ${results.generation?.totalSeconds ?? '?'} s.`,
  '',
  table,
  '',
  'Checks:',
  '',
  checksText,
  ...(results.errors.length > 0 ? ['', 'Errors:', '', ...results.errors.map((error) => `- ${error}`)] : []),
  '',
].join('\n');
// The id lists served the lost-message check; the file keeps their counts only.
const withoutIdLists = (key: string, value: unknown) => (key === 'acceptedIdList' ? undefined : value);
writeFileSync(join(resultsDir, 'results.json'), `${JSON.stringify(results, withoutIdLists, 2)}\n`);
writeFileSync(join(resultsDir, 'results.md'), markdown);
writeFileSync(join(REPO_ROOT, `bench/results/latest-${profile.name}.md`), markdown);
process.stdout.write(`\n${markdown}\n`);

if (values['write-doc']) {
  const doc = join(REPO_ROOT, 'docs/BENCHMARKS.md');
  const start = '<!-- bench:latest:start -->';
  const end = '<!-- bench:latest:end -->';
  if (existsSync(doc)) {
    const text = readFileSync(doc, 'utf8');
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from >= 0 && to > from) {
      writeFileSync(doc, `${text.slice(0, from + start.length)}\n${markdown}\n${text.slice(to)}`);
      log('docs/BENCHMARKS.md updated');
    }
  }
}
if (!values.keep && target.kind === 'embedded') rmSync(dataDir, { recursive: true, force: true });
log(
  exitCode === 0
    ? 'done'
    : `done with ${failedChecks.length} failed check(s), ${results.errors.length} error(s)`,
);
process.exit(exitCode);
