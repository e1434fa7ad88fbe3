import type { Diffusion, DiffusionRecipient } from '@conversa/domain';
import { sql as drizzleSql } from 'drizzle-orm';
import { whitelistOf } from '../../apps/server/src/core/records/record-core';
import type { RecordModule, RecordTable } from '../../apps/server/src/core/records/record-module';
import { contactRecords } from '../../apps/server/src/modules/contacts/contacts.records';
import { freezeAudience } from '../../apps/server/src/modules/diffusions/diffusion-audience';
import { delayAfterSend } from '../../apps/server/src/modules/diffusions/diffusion-pacing';
import type { BenchTenant } from '../generate';
import { openSql, type Sql } from '../lib/db';
import { postApi, searchOne } from '../lib/http';
import type { ProfileName } from '../lib/profiles';
import { ms, type Row, ratio, verdict } from '../lib/report';
import { sampleResidentMiB } from '../lib/server';
import type { Check } from './checks';
import type { PhaseContext, Results } from './context';

/**
 * The audience frozen at start (the 50,000 on quick and full, a handful on smoke) and the
 * recipients of the paced send whose rate is measured.
 */
export const DIFFUSIONS_BY_PROFILE: Record<ProfileName, { freeze: number; paced: number }> = {
  smoke: { freeze: 300, paced: 3 },
  quick: { freeze: 50_000, paced: 26 },
  full: { freeze: 50_000, paced: 51 },
};

/**
 * Whole seconds, as the API takes them: 1 s between messages, a 2 s pause after each batch of 5. Small
 * enough for a short phase, long enough that the sender's own work per message shows against it.
 */
export const BENCH_PACING = {
  min_interval: 1,
  max_interval: 1,
  min_batch: 5,
  max_batch: 5,
  min_pause: 2,
  max_pause: 2,
};

const FROZEN_NAME = 'Difusion';
const PACED_NAME = 'Ritmo';
const ALWAYS_OPEN = { from: '00:00', to: '23:59', days: [1, 2, 3, 4, 5, 6, 7] };

export type DiffusionsResult = {
  /** The start over HTTP, and beside it the same INSERT … SELECT run directly (each repeat). */
  frozen: { recipients: number; startMs: number; rawMs: number[] };
  /** The server's resident memory (MiB) before the start, its peak during it, and after it. */
  rssMiB: { before: number; peak: number; after: number };
  paced: {
    recipients: number;
    sent: number;
    seconds: number;
    perSecond: number;
    expectedPerSecond: number;
  };
};

/**
 * The audience people, written straight to the database: `freeze` contacts named Difusion and `paced`
 * named Ritmo, each with a phone of its own outside the generated tenant's numbering.
 */
export const seedDiffusionAudience = async (sql: Sql, tenant: BenchTenant, freeze: number, paced: number) => {
  const insert = (name: string, prefix: string, count: number) =>
    sql.query(
      `insert into contacts (client_id, device_id, first_name, last_name, full_name, phone, country)
       select $1, $2, $3::text, 'Bench ' || g, $3::text || ' Bench ' || g, $4::text || lpad(g::text, 8, '0'), 'GB'
       from generate_series(1, $5::int) g
       on conflict (client_id, phone) do nothing`,
      [tenant.clientId, tenant.devices[0]?.id, name, prefix, count],
    );
  await insert(FROZEN_NAME, '4470', freeze);
  await insert(PACED_NAME, '4471', paced);
  await sql.query('vacuum analyze contacts');
};

const api = <T>(serverUrl: string, path: string, token: string, body: unknown = {}) =>
  postApi<T>(serverUrl, 'en', path, token, body);

const getDiffusion = (serverUrl: string, id: string, token: string) =>
  searchOne<Diffusion>(serverUrl, 'en', `diffusion/search/${id}`, token);

const draft = (serverUrl: string, tenant: BenchTenant, name: string, overrides: Record<string, unknown>) =>
  api<Diffusion>(serverUrl, 'diffusion/create', tenant.owner.token, {
    name,
    device_id: tenant.devices[0]?.id,
    message: { type: 'chat', body: 'Bench diffusion' },
    send_window: ALWAYS_OPEN,
    pacing: BENCH_PACING,
    ...overrides,
  }).then((rows) => rows[0] as Diffusion);

const audienceNamed = (firstName: string) => ({
  module: 'contact',
  filters: [{ key: 'info.first_name', condition: 'equalto', value: firstName }],
  list_ids: [],
});

/**
 * Over HTTP as the owner: `diffusion/start` of a diffusion scheduled for tomorrow (so the start freezes its
 * audience and nothing is sent), with the server's RSS sampled every 20 ms around it; then a diffusion to the
 * Ritmo contacts on a sandbox device at BENCH_PACING, its rate read from the recipients' sent_at.
 * Answers the draft kept for the raw run of the same INSERT … SELECT.
 */
export const runDiffusionsHttp = async (
  serverUrl: string,
  serverPid: number,
  tenant: BenchTenant,
): Promise<{ result: DiffusionsResult; rawDraft: Diffusion }> => {
  const token = tenant.owner.token;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const frozen = await draft(serverUrl, tenant, 'Bench freeze', {
    audience: audienceNamed(FROZEN_NAME),
    scheduled_at: tomorrow,
  });
  const rawDraft = await draft(serverUrl, tenant, 'Bench freeze, raw', {
    audience: audienceNamed(FROZEN_NAME),
  });

  const rss = sampleResidentMiB(serverPid);
  const started = performance.now();
  const [scheduled] = await api<Diffusion>(serverUrl, `diffusion/start/${frozen.id}`, token);
  const startMs = performance.now() - started;
  rss.stop();
  const after = rss.read();
  if (scheduled?.status !== 'scheduled') throw new Error(`diffusion/start answered ${scheduled?.status}`);
  const recipients = scheduled.totals.recipients;
  await api(serverUrl, `diffusion/cancel/${frozen.id}`, token);

  const paced = await draft(serverUrl, tenant, 'Bench pacing', { audience: audienceNamed(PACED_NAME) });
  await api(serverUrl, `diffusion/start/${paced.id}`, token);
  const deadline = Date.now() + 600_000;
  let done = await getDiffusion(serverUrl, paced.id, token);
  while (done.status === 'running' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    done = await getDiffusion(serverUrl, paced.id, token);
  }
  if (done.status !== 'completed') throw new Error(`the paced diffusion ended ${done.status}`);
  const rows = await api<DiffusionRecipient>(serverUrl, `diffusion/recipients/${paced.id}`, token, {
    offset: 100,
  });
  const times = rows
    .map((row) => (row.sent_at ? Date.parse(row.sent_at) : Number.NaN))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const seconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
  // The waits the pacing asks for between the first and the last send (the batch pauses included).
  let expectedMs = 0;
  for (let sent = 1; sent < times.length; sent += 1)
    expectedMs += delayAfterSend(paced.id, BENCH_PACING, sent);
  return {
    result: {
      frozen: { recipients, startMs, rawMs: [] },
      rssMiB: { before: rss.before, peak: rss.peak, after },
      paced: {
        recipients: done.totals.recipients,
        sent: done.totals.sent,
        seconds,
        perSecond: seconds > 0 ? (times.length - 1) / seconds : Number.NaN,
        expectedPerSecond: expectedMs > 0 ? ((times.length - 1) * 1000) / expectedMs : Number.NaN,
      },
    },
    rawDraft,
  };
};

/**
 * The limit under the start: the service's own INSERT … SELECT (freezeAudience) run directly into the
 * kept draft, `repeats` times, its rows removed after each run.
 */
export const rawFreeze = async (
  sql: Sql,
  tenant: BenchTenant,
  rawDraft: Diffusion,
  repeats: number,
): Promise<number[]> => {
  const db = sql.drizzle({ logQuery: () => undefined });
  const contact = whitelistOf(contactRecords as unknown as RecordModule<RecordTable>);
  const row = { id: rawDraft.id, client_id: tenant.clientId, audience: rawDraft.audience };
  const timings: number[] = [];
  for (let run = 0; run < repeats; run += 1) {
    const started = performance.now();
    await freezeAudience(db, row, { contact, lead: {}, deal: {} });
    timings.push(performance.now() - started);
    await db.execute(drizzleSql`delete from diffusion_recipients where diffusion_id = ${rawDraft.id}`);
  }
  return timings;
};

type Sizes = (typeof DIFFUSIONS_BY_PROFILE)[ProfileName];

/** Not timing: the start froze the whole audience once, and the paced diffusion sent to every recipient. */
const diffusionsChecks = (sizes: Sizes, { frozen, paced }: DiffusionsResult): Check[] => [
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
];

/**
 * The phase: the audience seeded with the product stopped, both diffusions over HTTP on a product of its
 * own, then (stopped again) the start's INSERT … SELECT run raw into the kept draft.
 */
export const diffusionsPhase = async (
  { profile, target, results, log, startProduct, stopProducts }: PhaseContext,
  tenant: BenchTenant,
) => {
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
  results.checks.push(...diffusionsChecks(sizes, measured.result));
};

/** The start beside its raw INSERT … SELECT (and the server's RSS), the send rate beside the pacing's own. */
export const diffusionsRows = (r: Results): Row[] => {
  if (!r.diffusions) return [];
  const { frozen, rssMiB, paced } = r.diffusions;
  const rawBest = Math.min(...frozen.rawMs);
  const timed = r.profile !== 'smoke';
  const p = BENCH_PACING;
  return [
    {
      metric: `diffusion/start freezing ${frozen.recipients.toLocaleString('en')} recipients (one INSERT … SELECT); server RSS before / peak / after`,
      ours: `${ms(frozen.startMs)}; ${rssMiB.before} / ${rssMiB.peak} / ${rssMiB.after} MiB`,
      limit: `${ms(rawBest)} the same INSERT … SELECT raw`,
      ratio: ratio(frozen.startMs, rawBest),
      target: 'seconds; RSS flat (< 50 MiB more)',
      verdict: timed ? verdict(frozen.startMs < 10_000 && rssMiB.peak - rssMiB.before < 50) : '',
    },
    {
      metric: `diffusion send rate, ${paced.sent} messages on a sandbox device at ${p.min_interval} s apart, ${p.min_pause} s pause every ${p.min_batch}`,
      ours: `${paced.perSecond.toFixed(3)}/s over ${paced.seconds.toFixed(1)} s`,
      limit: `${paced.expectedPerSecond.toFixed(3)}/s the pacing's own`,
      ratio: ratio(paced.perSecond, paced.expectedPerSecond),
      target: 'within 5% of the pacing',
      verdict: timed ? verdict(Math.abs(paced.perSecond / paced.expectedPerSecond - 1) <= 0.05) : '',
    },
  ];
};
