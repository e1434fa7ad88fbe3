import type { BenchTenant } from '../generate';
import { openSql } from '../lib/db';
import { coresBusy } from '../lib/machine';
import { ms, pcts, perSecond, type Row, ratio, verdict } from '../lib/report';
import type { Check } from './checks';
import type { PhaseContext, Results } from './context';
import {
  SCHEDULING_BY_PROFILE,
  type SchedulingResult,
  type SchedulingSizes,
  seedScheduling,
  startSchedulingFakes,
} from './scheduling';
import { runSchedulingHttp } from './scheduling-http';

/**
 * The scheduling phase as run.ts runs it (scheduling.ts seeds, scheduling-http.ts measures): the seed and its
 * limits with the product stopped, then the HTTP figures on a product of its own pointed at the fakes; and
 * the phase's checks and report rows.
 */
export const schedulingPhase = async (
  { profile, target, results, log, startProduct, stopProducts }: PhaseContext,
  tenant: BenchTenant,
) => {
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
  results.checks.push(...schedulingChecks(sizes, results.scheduling));
};

/** Not timing: every row made and sent once, every answer accepted and written back once, the week whole. */
const schedulingChecks = (
  sizes: SchedulingSizes,
  { prepare, sends, plain, answers, week }: SchedulingResult,
): Check[] => [
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
];

/** Issue #25's figures, each beside its limit of the same run; no verdict on smoke. */
export const schedulingRows = (r: Results): Row[] => {
  if (!r.scheduling) return [];
  const timed = r.profile !== 'smoke';
  const { prepare, rssMiB, heapMiB, sends, plain, answers, week } = r.scheduling;
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
      ours: `${sends.steadyPerSecond.toFixed(1)}/s (cores busy ${coresBusy(sends.cpu)})`,
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
      metric: `CPU of the machine (server, PostgreSQL, the load process and the fakes) per message: an answer (its share of the second presses included) beside a plain text; the cores kept busy during each burst`,
      ours: `${ms((answers.cpu.machine / answers.answers) * 1000)} an answer (server ${ms((answers.cpu.process / answers.answers) * 1000)}); cores busy ${coresBusy(answers.cpu)}`,
      limit: `${ms((plain.cpu.machine / plain.messages) * 1000)} a plain text (server ${ms((plain.cpu.process / plain.messages) * 1000)}); cores busy ${coresBusy(plain.cpu)}`,
      ratio: ratio(plain.cpu.machine / plain.messages, answers.cpu.machine / answers.answers),
      target: '',
      verdict: '',
    },
    answerFloorRow(plain, answers),
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

/**
 * What an answer can cost at the least on this machine: a plain message's CPU (as many webhooks, the second
 * presses included) and its write-back's HTTP exchange, measured alone. Its ratio to a plain message's CPU
 * is the most the answers' rate can reach against the plain rate while the cores are the bound.
 */
const answerFloorRow = (plain: SchedulingResult['plain'], answers: SchedulingResult['answers']): Row => {
  const plainMs = (plain.cpu.machine / plain.messages) * 1000;
  const webhooks = (answers.answers + answers.secondPresses) / answers.answers;
  const { calls, accepted, cpuSeconds } = answers.writebackExchange;
  const exchangeMs = (cpuSeconds / calls) * 1000;
  const floorMs = plainMs * webhooks + exchangeMs;
  return {
    metric: `the floor under an answer: a plain text's CPU × ${webhooks.toFixed(2)} (its webhooks) + one write-back's HTTP exchange (the ${calls.toLocaleString('en')} PUTs replayed by the bench to the fake, 8 at once, ${accepted} accepted)`,
    ours: `${ms(floorMs)} an answer at the least (the exchange ${ms(exchangeMs)})`,
    limit: `${ms(plainMs)} a plain text`,
    ratio: ratio(plainMs, floorMs),
    target: 'the ratio above can reach this at most',
    verdict: '',
  };
};
