import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateScaleData, type ScaleData } from './generate';
import { type DatabaseTarget, openSql } from './lib/db';
import { closeHttp } from './lib/http';
import { PROFILES, type ProfileName } from './lib/profiles';
import { markdownTable, ms, pcts, perSecond, type Row, ratio, verdict } from './lib/report';
import { REPO_ROOT, type RunningServer, startServer } from './lib/server';
import { type BundleRoute, measureBundles } from './phases/bundle-size';
import { type Check, countChecks } from './phases/checks';
import type { ClaimRun } from './phases/claim-run';
import {
  type DashboardRoute,
  type DashboardsResult,
  rawDashboardSql,
  runDashboardHttp,
  seedDashboardEvents,
} from './phases/dashboards';
import {
  DEALS_BY_PROFILE,
  type DealsKanbanResult,
  rawDealsKanbanSql,
  runDealsKanbanHttp,
  seedDealsPipeline,
} from './phases/deals';
import {
  BENCH_PACING,
  DIFFUSIONS_BY_PROFILE,
  type DiffusionsResult,
  rawFreeze,
  runDiffusionsHttp,
  seedDiffusionAudience,
} from './phases/diffusions';
import {
  EXTRACTION_CONTACTS,
  type ExtractionRun,
  rawExtractionCopy,
  runExtraction,
  seedExtractionContacts,
} from './phases/extractions';
import { explainInbox, type InboxHttpRow, type InboxPlanRow, runInboxHttp } from './phases/inbox';
import { deviceIdsOf, INGEST_FORMATS, type IngestResult, runIngest } from './phases/ingest';
import { type JobsResult, runJobs } from './phases/jobs';
import { RAW_ID_PREFIX, type RawDbResult, runRawDb } from './phases/raw-db';
import { type RealtimeRun, runBarePipeline, runBareSocketIo, runRealtime } from './phases/realtime';
import {
  type ExportRun,
  type RecordsHttpRow,
  rawRecordsSql,
  runExports,
  runRecordsHttp,
} from './phases/records';
import {
  runSchedulingHttp,
  SCHEDULING_BY_PROFILE,
  type SchedulingResult,
  seedScheduling,
  startSchedulingFakes,
} from './phases/scheduling';

/**
 * The benchmark: generates the tenant, starts the product as its own process, drives it from separate load
 * processes, and measures beside every figure its limit on the same machine in the same run.
 *   npm run bench             quick (embedded database, 5k contacts / 50k messages)
 *   npm run bench:full        100k / 2M on PostgreSQL (database conversa_bench, dropped first)
 *   npm run test:bench-smoke  tiny sizes; fails only when the harness breaks or a count check fails
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

const machine = () => {
  const pgVersion = (() => {
    if (!databaseUrl) return 'embedded PostgreSQL 17 (a child process of the server)';
    try {
      const maintenance = new URL(databaseUrl);
      maintenance.pathname = '/postgres';
      return `PostgreSQL ${execSync(`psql "${maintenance}" -Atc "show server_version"`, { encoding: 'utf8' }).trim()}`;
    } catch {
      return 'unknown';
    }
  })();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? '',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    database: pgVersion,
    loadAverageAtStart: load,
  };
};

type Results = {
  runId: string;
  profile: string;
  machine: ReturnType<typeof machine>;
  generation?: ScaleData['seconds'] & { totalSeconds: number };
  ingest?: IngestResult;
  rawDb?: RawDbResult;
  inboxHttp?: InboxHttpRow[];
  inboxPlans?: InboxPlanRow[];
  records?: RecordsHttpRow[];
  exports?: ExportRun[];
  deals?: DealsKanbanResult;
  dashboards?: DashboardsResult;
  diffusions?: DiffusionsResult;
  scheduling?: SchedulingResult;
  extraction?: ExtractionRun;
  realtime: RealtimeRun[];
  realtimeBare?: Awaited<ReturnType<typeof runBareSocketIo>>;
  realtimePipeline?: Awaited<ReturnType<typeof runBarePipeline>>;
  jobs?: JobsResult;
  bundles?: BundleRoute[];
  checks: Check[];
  errors: string[];
};

const results: Results = {
  runId,
  profile: profile.name,
  machine: machine(),
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

const main = async () => {
  log(`profile ${profile.name}, database ${target.kind}, results in ${resultsDir}`);
  await step('bundle sizes', async () => {
    log('web: build and size the JavaScript of the first screens');
    results.bundles = measureBundles();
    for (const route of results.bundles) {
      results.checks.push({
        name: `web: ${route.name} gzipped JavaScript (bytes) within its ceiling of ${route.ceilingBytes}`,
        expected: route.ceilingBytes,
        actual: route.gzipBytes,
        ok: route.gzipBytes <= route.ceilingBytes,
      });
    }
  });
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
  const [tenant, other] = data.tenants;

  const server = await startProduct('one');
  // The inbox is measured on the scale data as generated (vacuumed and analysed), before the ingest
  // phase churns tens of thousands of its conversations.
  await step('inbox', async () => {
    log('inbox: contact/chats over HTTP');
    results.inboxHttp = await runInboxHttp(server.url, tenant, profile.inbox.requests, profile.inbox.warmup);
  });
  await step('records', async () => {
    log('records: contact/search and contact/kanban over HTTP, then every contact exported');
    results.records = await runRecordsHttp(server.url, tenant, profile.inbox.requests, profile.inbox.warmup);
    results.exports = await runExports(server.url, tenant);
  });
  await step('ingest', async () => {
    results.ingest = await runIngest(profile, tenant, server.url);
  });
  await step('realtime one process', async () => {
    results.realtime.push(await runRealtime('one', profile, data.tenants, [server.url]));
  });
  await step('realtime bare', async () => {
    results.realtimeBare = await runBareSocketIo(profile, results.ingest?.notificationSizes ?? []);
  });
  await stopProducts();

  if (profile.realtime.twoProcesses && target.kind === 'postgres') {
    await step('realtime two processes', async () => {
      const first = await startProduct('redis-1', values['redis-url']);
      const second = await startProduct('redis-2', values['redis-url']);
      results.realtime.push(await runRealtime('two', profile, data.tenants, [first.url, second.url]));
    });
    await stopProducts();
  }

  // With the servers stopped (the embedded database has one owner at a time): plans, raw limits, counts.
  // Two job-queue workers claim 4 jobs at a time each, beside the raw limit's connections.
  const sql = await openSql(target, Math.max(profile.limits.rawConnections + 1, 9));
  try {
    await step('inbox plans', async () => {
      log('inbox: EXPLAIN (ANALYZE, BUFFERS) and raw SQL');
      // Settled again after the ingest, as the HTTP measurement found it.
      await sql.query('vacuum analyze contacts');
      results.inboxPlans = await explainInbox(sql, tenant, plansDir, Math.min(profile.inbox.requests, 50));
    });
    await step('realtime bare pipeline', async () => {
      log('realtime: the same webhooks and sockets on the bare pipeline (HTTP, raw transaction, emit)');
      results.realtimePipeline = await runBarePipeline(profile, tenant, sql.url);
    });
    await step('raw database limit', async () => {
      log(`raw database work on ${profile.limits.rawConnections} connection(s)`);
      results.rawDb = await runRawDb(sql, tenant, profile.limits.rawConnections, profile.limits.rawSeconds);
    });
    await step('records plans', async () => {
      log("records: the record kit's own SQL, run directly");
      const floors = await rawRecordsSql(sql, tenant, Math.min(profile.inbox.requests, 50));
      for (const row of results.records ?? []) row.rawSql = floors.get(row.name);
    });
    await step('jobs queue', async () => {
      log('job queue: enqueue inside a transaction, claim + complete with one and two workers');
      results.jobs = await runJobs(sql, profile.jobs);
      const { claims } = results.jobs;
      for (const [label, run] of Object.entries({
        'one worker': claims.oneWorker,
        'two workers': claims.twoWorkers,
        'bare claim loop': claims.bareFour,
        'pg-boss fetch + complete': claims.pgBossFour,
      })) {
        results.checks.push({
          name: `jobs, ${label}: every job ran exactly once and is done`,
          expected: claims.jobs,
          actual: run.ranTwice > 0 ? -run.ranTwice : Math.min(run.ran, run.done),
          ok: run.ran === claims.jobs && run.done === claims.jobs && run.ranTwice === 0,
        });
      }
    });
    await step('count checks', async () => {
      const expectations = [
        ...(results.ingest?.runs ?? []).map((run) => ({
          idPrefix: run.idPrefix,
          acceptedIdList: run.acceptedIdList,
          deviceIds: deviceIdsOf(tenant, run.format),
        })),
        ...[...results.realtime, ...(results.realtimePipeline ? [results.realtimePipeline] : [])].map(
          (run) => ({
            idPrefix: `rt-${run.label}`,
            acceptedIdList: run.acceptedIdList,
            deviceIds: deviceIdsOf(tenant, 'sandbox'),
          }),
        ),
      ];
      results.checks.push(...(await countChecks(sql, tenant, expectations)));
      if (results.rawDb) {
        const [row] = await sql.query<{ n: string }>(
          'select count(*) as n from messages where client_id = $1 and message_id like $2',
          [tenant.clientId, `${RAW_ID_PREFIX}-%`],
        );
        results.checks.push({
          name: 'raw limit: every operation stored',
          expected: results.rawDb.operations,
          actual: Number(row?.n ?? 0),
          ok: Number(row?.n ?? 0) === results.rawDb.operations,
        });
      }
    });
  } finally {
    await sql.close();
  }
  await step('deals', async () => {
    const count = DEALS_BY_PROFILE[profile.name];
    log(`deals: one pipeline of ${count} deals, deal/kanban over HTTP and its own SQL run directly`);
    const dealsSql = await openSql(target, 4);
    let pipelineId = '';
    let rawSql: DealsKanbanResult['rawSql'];
    try {
      pipelineId = await seedDealsPipeline(dealsSql, tenant, count);
      await dealsSql.query('vacuum analyze deals');
      rawSql = await rawDealsKanbanSql(dealsSql, tenant, pipelineId, Math.min(profile.inbox.requests, 50));
    } finally {
      await dealsSql.close();
    }
    const server = await startProduct('deals');
    try {
      const latency = await runDealsKanbanHttp(
        server.url,
        tenant,
        pipelineId,
        profile.inbox.requests,
        profile.inbox.warmup,
      );
      results.deals = { deals: count, stages: 6, latency, rawSql };
    } finally {
      await stopProducts();
    }
  });
  await step('dashboards', async () => {
    log(
      'dashboards: a year of metric events rolled up, dashboard/main and /advanced over HTTP and their own SQL',
    );
    const dashboardsSql = await openSql(target, 4);
    const routes: DashboardRoute[] = ['main', 'advanced'];
    const rawSql = new Map<DashboardRoute, DashboardsResult['rows'][number]['rawSql']>();
    let seeded: Pick<DashboardsResult, 'events' | 'rollup'> = { events: 0, rollup: { events: 0, ms: 0 } };
    try {
      seeded = await seedDashboardEvents(dashboardsSql, tenant);
      await dashboardsSql.query('vacuum analyze metric_events, metric_days, metric_deal_days, metric_hours');
      for (const route of routes) {
        rawSql.set(
          route,
          await rawDashboardSql(dashboardsSql, tenant, route, Math.min(profile.inbox.requests, 50)),
        );
      }
    } finally {
      await dashboardsSql.close();
    }
    const server = await startProduct('dashboards');
    try {
      const rows: DashboardsResult['rows'] = [];
      for (const route of routes) {
        const latency = await runDashboardHttp(
          server.url,
          tenant,
          route,
          profile.inbox.requests,
          profile.inbox.warmup,
        );
        const floor = rawSql.get(route);
        if (floor) rows.push({ route, latency, rawSql: floor });
      }
      results.dashboards = { ...seeded, rows };
    } finally {
      await stopProducts();
    }
  });
  await step('diffusions', async () => {
    const sizes = DIFFUSIONS_BY_PROFILE[profile.name];
    log(`diffusions: start freezing ${sizes.freeze} recipients, then ${sizes.paced} paced sends`);
    const seedSql = await openSql(target, 2);
    try {
      await seedDiffusionAudience(seedSql, tenant, sizes.freeze, sizes.paced);
    } finally {
      await seedSql.close();
    }
    const server = await startProduct('diffusions');
    let measured: Awaited<ReturnType<typeof runDiffusionsHttp>>;
    try {
      measured = await runDiffusionsHttp(server.url, server.child.pid ?? 0, tenant);
    } finally {
      await stopProducts();
    }
    const rawSql = await openSql(target, 2);
    try {
      measured.result.frozen.rawMs = await rawFreeze(rawSql, tenant, measured.rawDraft, 3);
    } finally {
      await rawSql.close();
    }
    results.diffusions = measured.result;
    const { frozen, paced } = measured.result;
    results.checks.push(
      {
        name: 'diffusions: every audience contact frozen once',
        expected: sizes.freeze,
        actual: frozen.recipients,
        ok: frozen.recipients === sizes.freeze,
      },
      {
        name: 'diffusions: every paced recipient sent',
        expected: sizes.paced,
        actual: paced.sent,
        ok: paced.sent === sizes.paced && paced.recipients === sizes.paced,
      },
    );
  });
  await step('scheduling', async () => {
    const sizes = SCHEDULING_BY_PROFILE[profile.name];
    log(
      `scheduling: a confirmation run of ${sizes.appointments} appointments, ${sizes.burst} answers, a week of ${sizes.week}`,
    );
    const seedSql = await openSql(target, 2);
    let seeded: Awaited<ReturnType<typeof seedScheduling>>;
    try {
      seeded = await seedScheduling(seedSql, tenant, sizes, Math.min(profile.inbox.requests, 50));
    } finally {
      await seedSql.close();
    }
    const fakes = await startSchedulingFakes(sizes.appointments);
    try {
      const server = await startProduct('scheduling', undefined, fakes.env);
      try {
        const measured = await runSchedulingHttp(
          server.url,
          server.child.pid ?? 0,
          tenant,
          seeded.seed,
          fakes,
          sizes,
          profile.inbox.requests,
          profile.inbox.warmup,
        );
        results.scheduling = {
          sizes,
          prepare: { rows: measured.rows, ms: measured.prepareMs, rawMs: seeded.rawInsertMs },
          rssMiB: measured.rssMiB,
          heapMiB: measured.heapMiB,
          sends: measured.sends,
          plain: measured.plain,
          answers: measured.answers,
          week: {
            appointments: sizes.week,
            total: measured.week.total,
            returned: measured.week.returned,
            latency: measured.week.latency,
            rawSql: seeded.rawWeek,
            seqScans: seeded.seqScans,
          },
        };
      } finally {
        await stopProducts();
      }
    } finally {
      await fakes.close();
    }
    const { prepare, sends, plain, answers, week } = results.scheduling;
    results.checks.push(
      {
        name: 'scheduling: one row per appointment of the day',
        expected: sizes.appointments,
        actual: prepare.rows,
        ok: prepare.rows === sizes.appointments,
      },
      {
        name: 'scheduling: one request per appointment reached the provider, none failed',
        expected: sizes.appointments,
        actual: sends.failed > 0 ? -sends.failed : Math.min(sends.requests, sends.distinctPhones),
        ok:
          sends.requests === sizes.appointments &&
          sends.distinctPhones === sizes.appointments &&
          sends.failed === 0,
      },
      {
        name: 'scheduling: every plain message and every answer accepted',
        expected: plain.messages + answers.answers + answers.secondPresses,
        actual: plain.accepted + answers.accepted,
        ok: plain.accepted === plain.messages && answers.accepted === answers.answers + answers.secondPresses,
      },
      {
        name: 'scheduling: each answer written back exactly once, with its state, and its row done',
        expected: answers.answers,
        actual:
          answers.writebacks === answers.distinctWritebacks && answers.wrongState === 0
            ? Math.min(answers.writebacks, answers.rowsDone, answers.rowsAnswered)
            : -answers.writebacks,
        ok:
          answers.writebacks === answers.answers &&
          answers.distinctWritebacks === answers.answers &&
          answers.wrongState === 0 &&
          answers.rowsDone === answers.answers &&
          answers.rowsAnswered === answers.answers,
      },
      {
        name: "scheduling: the week view's total is the week's appointments",
        expected: sizes.week,
        actual: week.total,
        ok: week.total === sizes.week && week.returned === Math.min(sizes.week, 500),
      },
    );
  });
  // Last: it tops the tenant's contacts up to the issue's 100,000, which the phases above must not see.
  await step('extractions', async () => {
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
      results.extraction = await runExtraction(
        server.url,
        server.child.pid ?? 0,
        tenant,
        contacts,
        rawCopyMs,
      );
    } finally {
      await stopProducts();
    }
    results.checks.push({
      name: 'extractions: one row per contact of the company',
      expected: contacts,
      actual: results.extraction.rows,
      ok: results.extraction.rows === contacts,
    });
  });
  // Harness checks that do not depend on timing: something was measured everywhere, no tenant leak.
  for (const run of results.ingest?.runs ?? []) {
    results.checks.push({
      name: `${run.idPrefix}: notifications reached the agent socket`,
      expected: 1,
      actual: run.notificationsSeen,
      ok: run.notificationsSeen > 0,
    });
  }
  for (const run of results.realtime) {
    results.checks.push({
      name: `realtime ${run.label}: other tenant received nothing of tenant a`,
      expected: 0,
      actual: run.otherTenantLeaked,
      ok: run.otherTenantLeaked === 0,
    });
    results.checks.push({
      name: `realtime ${run.label}: deliveries measured`,
      expected: 1,
      actual: run.delivered,
      ok: run.delivered > 0,
    });
  }
  return { other };
};

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

const jobRows = ({ enqueue, claims }: JobsResult): Row[] => {
  const claimRow = (label: string, run: ClaimRun, bare: ClaimRun, connections: number): Row => ({
    metric: `jobs: claim + complete, ${label} (${claims.jobs.toLocaleString('en')} no-op jobs)`,
    ours: perSecond(run.perSecond),
    limit: `${perSecond(bare.perSecond)} bare claim + done on ${connections} connections`,
    ratio: ratio(run.perSecond, bare.perSecond),
    target: '',
    verdict: '',
  });
  return [
    {
      metric: `jobs: enqueue inside a transaction (${enqueue.perTransaction} a transaction), p50 / p95 / p99`,
      ours: pcts(enqueue.ours),
      limit: `${pcts(enqueue.bare)} bare insert of the same row`,
      ratio: ratio(enqueue.ours.p50, enqueue.bare.p50),
      target: '',
      verdict: '',
    },
    {
      metric: `jobs: pg-boss 10 send inside the same transactions, p50 / p95 / p99`,
      ours: pcts(enqueue.pgBoss),
      limit: `${pcts(enqueue.bare)} bare insert of the same row`,
      ratio: ratio(enqueue.pgBoss.p50, enqueue.bare.p50),
      target: '',
      verdict: '',
    },
    claimRow('one worker, 4 at a time', claims.oneWorker, claims.bareFour, 4),
    claimRow('pg-boss 10 fetch + complete, 4 at a time', claims.pgBossFour, claims.bareFour, 4),
    claimRow('two workers, 4 at a time each', claims.twoWorkers, claims.bareEight, 8),
  ];
};

/** Issue #25's figures, each beside its limit of the same run; no verdict on smoke. */
const schedulingRows = (s: SchedulingResult, timed: boolean): Row[] => {
  const { prepare, rssMiB, heapMiB, sends, plain, answers, week } = s;
  const rawBest = Math.min(...prepare.rawMs);
  const growth = rssMiB.peakPrepare - rssMiB.before;
  const paceRatio = sends.steadyPerSecond / sends.configuredPerSecond;
  const answerRatio = answers.perSecond / plain.perSecond;
  return [
    {
      metric: `confirmation/start of ${prepare.rows.toLocaleString('en')} appointments → every row created; server RSS before / peak while preparing (then: peak while sending, after; V8 heap used / total before → after)`,
      ours: `${ms(prepare.ms)}; ${rssMiB.before} / ${rssMiB.peakPrepare} MiB (${rssMiB.peakSends}, ${rssMiB.after} MiB; heap ${heapMiB.before.join(' / ')} → ${heapMiB.after.join(' / ')} MiB)`,
      limit: `${ms(rawBest)} the same INSERT … SELECT raw`,
      ratio: ratio(prepare.ms, rawBest),
      target: 'seconds; RSS flat (< 50 MiB more)',
      verdict: timed ? verdict(prepare.ms < 10_000 && growth < 50) : '',
    },
    {
      metric: `confirmation requests on the WhatsApp Cloud device (${sends.requests.toLocaleString('en')} at the fake Graph API), steady rate after the bucket's first ${sends.configuredPerSecond}; overall ${sends.overallPerSecond.toFixed(1)}/s over ${sends.seconds.toFixed(1)} s`,
      ours: `${sends.steadyPerSecond.toFixed(1)}/s`,
      limit: `${sends.configuredPerSecond}/s the device's pacing`,
      ratio: ratio(sends.steadyPerSecond, sends.configuredPerSecond),
      target: 'within 5% of the pacing',
      verdict: timed ? verdict(Math.abs(paceRatio - 1) <= 0.05) : '',
    },
    {
      metric: `${answers.answers.toLocaleString('en')} button answers (+${answers.secondPresses} second presses) recognised and written back to Dentalink (fake over HTTP); ${answers.writebacks} write-backs for ${answers.distinctWritebacks} citas`,
      ours: `${perSecond(answers.perSecond)} (${answers.seconds.toFixed(2)} s; webhooks answered in ${answers.ackSeconds.toFixed(2)} s)`,
      limit: `${perSecond(plain.perSecond)} plain inbound (${plain.messages.toLocaleString('en')} texts in ${plain.seconds.toFixed(2)} s)`,
      ratio: ratio(answers.perSecond, plain.perSecond),
      target: '≥ 0.8 of plain; none lost or written twice',
      verdict: timed
        ? verdict(
            Number.isFinite(answerRatio) &&
              answerRatio >= 0.8 &&
              answers.writebacks === answers.answers &&
              answers.distinctWritebacks === answers.answers,
          )
        : '',
    },
    {
      metric: `agenda/search, the week view (first ${week.returned} of ${week.total.toLocaleString('en')} in one week): p50 / p95 / p99${week.seqScans.length > 0 ? ` SEQ SCAN on ${[...new Set(week.seqScans)].join(', ')}` : ''}`,
      ours: pcts(week.latency),
      limit: `${ms(week.rawSql.p95)} raw SQL p95`,
      ratio: ratio(week.latency.p95, week.rawSql.p95),
      target: 'p95 ≤ 50 ms',
      verdict: timed ? verdict(week.latency.p95 <= 50) : '',
    },
  ];
};

const tableOf = (r: Results): Row[] => {
  const rows: Row[] = [];
  const raw = r.rawDb?.perSecond ?? Number.NaN;
  const isFull = r.profile === 'full';
  for (const run of r.ingest?.runs ?? []) {
    const format = INGEST_FORMATS[run.format].name;
    const name =
      run.mode === 'rate' ? `ingest ${format} at ${run.targetRate}/s` : `ingest ${format}, highest sustained`;
    const bareRun = r.ingest?.bareFastify[run.format];
    const bare = bareRun?.acceptedPerSecond ?? Number.NaN;
    const lost = run.acceptedIds - 0;
    rows.push({
      metric: `${name}: accepted/s (${run.failed} failed)`,
      ours: perSecond(run.acceptedPerSecond),
      limit:
        run.mode === 'max'
          ? `${Number.isNaN(raw) ? 'raw DB not measured (--only)' : `${perSecond(raw)} raw DB`}, ${perSecond(bare)} bare Fastify`
          : '',
      ratio:
        run.mode === 'max'
          ? `${ratio(run.acceptedPerSecond, raw)} / ${ratio(run.acceptedPerSecond, bare)}`
          : '',
      target: run.mode === 'max' ? '≥ 1,500/s and ≥ 0.50 of raw DB' : '',
      verdict:
        run.mode === 'max' && isFull
          ? verdict(run.acceptedPerSecond >= 1500 && run.acceptedPerSecond / raw >= 0.5)
          : '',
    });
    rows.push({
      metric: `${name}: ack p50 / p95 / p99`,
      ours: pcts(run.ack),
      limit: run.mode === 'max' && bareRun ? pcts(bareRun.ack) : '',
      ratio: run.mode === 'max' && bareRun ? ratio(run.ack.p99, bareRun.ack.p99) : '',
      target: run.targetRate === 300 ? 'p99 ≤ 50 ms' : '',
      verdict: run.targetRate === 300 && isFull ? verdict(run.ack.p99 <= 50) : '',
    });
    rows.push({
      metric: `${name}: webhook → socket p50 / p95 / p99 (${run.notificationsSeen}/${lost} seen)`,
      ours: pcts(run.toSocket),
      limit: '',
      ratio: '',
      target: run.mode === 'rate' ? 'p95 ≤ 100 ms' : '',
      verdict: run.mode === 'rate' && isFull ? verdict(run.toSocket.p95 <= 100) : '',
    });
  }
  if (r.rawDb) {
    rows.push({
      metric: `raw DB work per inbound message, ${r.rawDb.connections} connection(s): p50 / p95 / p99`,
      ours: pcts(r.rawDb.latency),
      limit: '',
      ratio: '',
      target: '',
      verdict: '',
    });
  }
  const plans = new Map((r.inboxPlans ?? []).map((plan) => [plan.name, plan]));
  for (const row of r.inboxHttp ?? []) {
    const plan = plans.get(row.name);
    const limitP95 = plan?.rawSql.p95 ?? Number.NaN;
    const targetMs = row.isSearch ? 25 : 10;
    const seq =
      plan && plan.seqScans.length > 0 ? ` SEQ SCAN on ${[...new Set(plan.seqScans)].join(', ')}` : '';
    rows.push({
      metric: `inbox ${row.name} (total ${row.total.toLocaleString('en')}): p50 / p95 / p99${seq}`,
      ours: pcts(row.latency),
      limit: plan ? `${ms(plan.rawSql.p95)} raw SQL p95` : '',
      ratio: ratio(row.latency.p95, limitP95),
      target: `p95 ≤ ${targetMs} ms, no seq scan`,
      verdict: isFull ? verdict(row.latency.p95 <= targetMs && seq === '') : '',
    });
  }
  for (const row of r.records ?? []) {
    rows.push({
      metric: `contacts ${row.name} (total ${row.total.toLocaleString('en')}): p50 / p95 / p99`,
      ours: pcts(row.latency),
      limit: row.rawSql ? `${ms(row.rawSql.p95)} raw SQL p95` : '',
      ratio: row.rawSql ? ratio(row.latency.p95, row.rawSql.p95) : '',
      target: 'p95 ≤ 50 ms',
      verdict: isFull ? verdict(row.latency.p95 <= 50) : '',
    });
  }
  if (r.deals) {
    rows.push({
      metric: `deals kanban, one pipeline of ${r.deals.deals.toLocaleString('en')} deals in ${r.deals.stages} stages: p50 / p95 / p99`,
      ours: pcts(r.deals.latency),
      limit: `${ms(r.deals.rawSql.p95)} raw SQL p95`,
      ratio: ratio(r.deals.latency.p95, r.deals.rawSql.p95),
      target: 'p95 < 100 ms',
      verdict: r.profile === 'smoke' ? '' : verdict(r.deals.latency.p95 < 100),
    });
  }
  for (const row of r.dashboards?.rows ?? []) {
    rows.push({
      metric: `dashboard/${row.route}, a year (${(r.dashboards?.events ?? 0).toLocaleString('en')} events): p50 / p95 / p99`,
      ours: pcts(row.latency),
      limit: `${ms(row.rawSql.p95)} raw SQL p95`,
      ratio: ratio(row.latency.p95, row.rawSql.p95),
      target: 'p95 ≤ 100 ms, ≤ 2 × raw SQL',
      verdict:
        r.profile === 'smoke' ? '' : verdict(row.latency.p95 <= 100 && row.latency.p95 <= 2 * row.rawSql.p95),
    });
  }
  if (r.dashboards && r.dashboards.rollup.events > 0) {
    const { rollup } = r.dashboards;
    const perSecond = (rollup.events / rollup.ms) * 1000;
    // Each customer message writes one event (two when it opens a conversation): the rollup keeps up with
    // ingest while it adds up events faster than the highest sustained rate writes them.
    const ingestRates = (r.ingest?.runs ?? []).map((run) => run.acceptedPerSecond);
    const ingest = ingestRates.length > 0 ? Math.max(...ingestRates) * 2 : Number.NaN;
    rows.push({
      metric: `metric rollup: ${rollup.events.toLocaleString('en')} events added up in one run`,
      ours: `${Math.round(perSecond).toLocaleString('en')} events/s (${ms(rollup.ms)})`,
      limit: Number.isNaN(ingest)
        ? 'ingest not measured (--only)'
        : `${Math.round(ingest)} events/s written by ingest at its highest`,
      ratio: Number.isNaN(ingest) ? '' : ratio(perSecond, ingest),
      target: 'keeps up with ingest (no backlog)',
      verdict: r.profile === 'smoke' || Number.isNaN(ingest) ? '' : verdict(perSecond > ingest),
    });
  }
  if (r.diffusions) {
    const { frozen, rssMiB, paced } = r.diffusions;
    const rawBest = Math.min(...frozen.rawMs);
    const timed = r.profile !== 'smoke';
    rows.push({
      metric: `diffusion/start freezing ${frozen.recipients.toLocaleString('en')} recipients (one INSERT … SELECT); server RSS before / peak / after`,
      ours: `${ms(frozen.startMs)}; ${rssMiB.before} / ${rssMiB.peak} / ${rssMiB.after} MiB`,
      limit: `${ms(rawBest)} the same INSERT … SELECT raw`,
      ratio: ratio(frozen.startMs, rawBest),
      target: 'seconds; RSS flat (< 50 MiB more)',
      verdict: timed ? verdict(frozen.startMs < 10_000 && rssMiB.peak - rssMiB.before < 50) : '',
    });
    const p = BENCH_PACING;
    rows.push({
      metric: `diffusion send rate, ${paced.sent} messages on a sandbox device at ${p.min_interval} s apart, ${p.min_pause} s pause every ${p.min_batch}`,
      ours: `${paced.perSecond.toFixed(3)}/s over ${paced.seconds.toFixed(1)} s`,
      limit: `${paced.expectedPerSecond.toFixed(3)}/s the pacing's own`,
      ratio: ratio(paced.perSecond, paced.expectedPerSecond),
      target: 'within 5% of the pacing',
      verdict: timed ? verdict(Math.abs(paced.perSecond / paced.expectedPerSecond - 1) <= 0.05) : '',
    });
  }
  if (r.scheduling) rows.push(...schedulingRows(r.scheduling, r.profile !== 'smoke'));
  if (r.extraction) {
    const { contacts, bytes, totalMs, rssMiB, rawCopyMs } = r.extraction;
    rows.push({
      metric: `extraction of ${contacts.toLocaleString('en')} contacts as CSV (${kib(bytes)} KiB), create → done; server RSS before / peak / after`,
      ours: `${ms(totalMs)}; ${rssMiB.before} / ${rssMiB.peak} / ${rssMiB.after} MiB`,
      limit: `${ms(rawCopyMs)} the same rows and columns as CSV text from PostgreSQL`,
      ratio: ratio(totalMs, rawCopyMs),
      target: 'streamed: RSS growth < 50 MB (47.7 MiB)',
      verdict: r.profile === 'smoke' ? '' : verdict(rssMiB.peak - rssMiB.before < 50e6 / 2 ** 20),
    });
  }
  for (const run of r.exports ?? []) {
    rows.push({
      metric: `contacts export ${run.format.toUpperCase()} of every contact (${kib(run.bytes)} KiB): first byte / last byte`,
      ours: `${ms(run.firstByteMs)} / ${ms(run.totalMs)}`,
      limit: '',
      ratio: '',
      target: 'first byte < 1 s',
      verdict: verdict(run.firstByteMs < 1000),
    });
  }
  if (r.jobs) rows.push(...jobRows(r.jobs));
  for (const route of r.bundles ?? []) {
    rows.push({
      metric: `web: ${route.name}, JavaScript gzipped (${route.files} files)`,
      ours: `${kib(route.gzipBytes)} KiB`,
      limit: `${kib(route.ceilingBytes)} KiB ceiling`,
      ratio: ratio(route.gzipBytes, route.targetBytes),
      target: `≤ ${kib(route.targetBytes)} KiB`,
      verdict: verdict(route.gzipBytes <= route.targetBytes),
    });
  }
  const pipeline = r.realtimePipeline;
  for (const run of r.realtime) {
    const bareRun = r.realtimeBare;
    rows.push({
      metric: `realtime ${run.servers} process(es)${run.servers > 1 ? ' + Redis' : ''}: ${run.sockets} sockets, ${run.eventsPerSecond} events/s × ${run.notificationsPerEvent} notifications; p50 / p95 / p99`,
      ours: pcts(run.latency),
      limit: [
        bareRun ? `${pcts(bareRun.latency)} bare Socket.IO` : '',
        pipeline ? `${pcts(pipeline.latency)} bare pipeline` : '',
      ]
        .filter(Boolean)
        .join('; '),
      ratio: [
        bareRun ? ratio(run.latency.p99, bareRun.latency.p99) : '',
        pipeline ? ratio(run.latency.p99, pipeline.latency.p99) : '',
      ]
        .filter(Boolean)
        .join(' / '),
      target: run.servers === 1 ? 'p99 ≤ 250 ms' : '',
      verdict: run.servers === 1 && isFull ? verdict(run.latency.p99 <= 250) : '',
    });
    rows.push({
      metric: `realtime ${run.label}: delivered / expected; other tenant got`,
      ours: `${run.delivered.toLocaleString('en')} / ${run.expectedDeliveries.toLocaleString('en')}; ${run.otherTenantLeaked} leaked`,
      limit: bareRun
        ? `${bareRun.delivered.toLocaleString('en')} / ${bareRun.expectedDeliveries.toLocaleString('en')}`
        : '',
      ratio: '',
      target: 'all delivered, 0 leaked',
      verdict: verdict(run.otherTenantLeaked === 0 && run.delivered >= run.expectedDeliveries),
    });
  }
  if (pipeline) {
    rows.push({
      metric: `realtime limit, the bare pipeline (HTTP, the raw transaction, the emit; one process): delivered / expected`,
      ours: `${pipeline.delivered.toLocaleString('en')} / ${pipeline.expectedDeliveries.toLocaleString('en')}`,
      limit: '',
      ratio: '',
      target: '',
      verdict: '',
    });
  }
  return rows;
};

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
const table = markdownTable(tableOf(results));
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
