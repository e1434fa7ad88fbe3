import { io, type Socket } from 'socket.io-client';
import type { BenchTenant } from '../generate';
import { Histogram, type Summary } from '../lib/histogram';
import { type CpuSpent, coresBusy, countCpu } from '../lib/machine';
import type { Profile } from '../lib/profiles';
import { pcts, perSecond, type Row, ratio, verdict } from '../lib/report';
import { forkWorker, type Worker } from '../lib/rpc';
import type { LoadInput, LoadResult, WebhookFormat } from '../workers/http-load';
import type { Check } from './checks';
import type { PhaseContext, Results } from './context';

/**
 * How each webhook format's runs are named, and their provider ids and new phones, which the count checks
 * look up afterwards. Each format creates its own conversations (its own new phones; 566 is the raw limit's),
 * so their counters check that format's path alone. WhatsApp message ids start `wamid.`, as Meta's do.
 */
export const INGEST_FORMATS: Record<
  WebhookFormat,
  { name: string; labelPrefix: string; idPrefix: string; newPhonePrefix: string }
> = {
  sandbox: { name: 'sandbox', labelPrefix: '', idPrefix: 'ing-', newPhonePrefix: '567' },
  whatsapp: { name: 'WhatsApp', labelPrefix: 'wa-', idPrefix: 'wamid.ing-', newPhonePrefix: '565' },
  dialog360: { name: '360dialog', labelPrefix: 'd3-', idPrefix: 'wamid.ing-', newPhonePrefix: '563' },
  twilio: { name: 'Twilio', labelPrefix: 'tw-', idPrefix: 'SMing-', newPhonePrefix: '562' },
  maytapi: { name: 'gateway (maytapi)', labelPrefix: 'gw-', idPrefix: 'gw.ing-', newPhonePrefix: '561' },
};
const FORMATS = Object.keys(INGEST_FORMATS) as WebhookFormat[];

/** The devices a format's deliveries are stored on. */
export const deviceIdsOf = (tenant: BenchTenant, format: WebhookFormat): string[] => {
  if (format === 'sandbox') return tenant.devices.map((device) => device.id);
  return [format === 'whatsapp' ? tenant.whatsapp.id : tenant.providers[format].id];
};

export type IngestRun = {
  format: WebhookFormat;
  label: string;
  mode: 'rate' | 'max';
  targetRate: number | null;
  seconds: number;
  sent: number;
  accepted: number;
  failed: number;
  statuses: Record<string, number>;
  errors: string[];
  acceptedPerSecond: number;
  ack: Summary;
  /** Webhook sent → `notification` (message.create) arrived on an agent's socket. */
  toSocket: Summary;
  notificationsSeen: number;
  idPrefix: string;
  acceptedIds: number;
  acceptedIdList: string[];
  duplicatesSent: number;
  /** CPU seconds spent while the run posted (`process`: the server's). */
  cpu: CpuSpent;
};

export type IngestResult = {
  runs: IngestRun[];
  /** Per format: its requests, from the same load process, to a bare Fastify route. */
  bareFastify: Record<WebhookFormat, { acceptedPerSecond: number; ack: Summary }>;
  /**
   * Sizes in bytes of the notifications an inbound message sends: one, the message carrying its conversation
   * (the bare Socket.IO limit copies it).
   */
  notificationSizes: number[];
};

type Listener = { socket: Socket; seen: Map<string, Histogram>; sizes: number[] };

/** One agent's socket (socket.io-client, as the web app uses it) timing each message.create notification. */
const listen = (url: string, token: string): Promise<Listener> =>
  new Promise((resolve, reject) => {
    const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    const listener: Listener = { socket, seen: new Map(), sizes: [] };
    socket.on(
      'notification',
      (notification: { module: string; action: string; data: { body?: string }[] }) => {
        const size = () => JSON.stringify(notification).length;
        if (notification.module !== 'message' || notification.action !== 'create') return;
        listener.sizes[0] ??= size();
        const match = /bench:([a-z0-9]+):(\d{13})/.exec(notification.data[0]?.body ?? '');
        if (!match?.[1] || !match[2]) return;
        let histogram = listener.seen.get(match[1]);
        if (!histogram) {
          histogram = new Histogram();
          listener.seen.set(match[1], histogram);
        }
        histogram.record(Date.now() - Number(match[2]));
      },
    );
    socket.once('connect', () => resolve(listener));
    socket.once('connect_error', reject);
  });

const waitForNotifications = async (listener: Listener, marker: string, expected: number) => {
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const seen = listener.seen.get(marker)?.count ?? 0;
    if (seen >= expected) return;
    if (seen !== last) {
      last = seen;
      stableSince = Date.now();
    } else if (Date.now() - stableSince > 3_000) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const loadInput = (
  profile: Profile,
  tenant: BenchTenant,
  baseUrl: string,
  overrides: Partial<LoadInput>,
): LoadInput => ({
  baseUrl,
  target: 'sandbox',
  bare: false,
  mode: 'rate',
  rate: 100,
  seconds: profile.ingest.seconds,
  connections: profile.ingest.maxConnections,
  devices: tenant.devices,
  whatsapp: tenant.whatsapp,
  providers: tenant.providers,
  existingPrefix: tenant.phonePrefix,
  existingContacts: tenant.size.contacts,
  newPrefix: INGEST_FORMATS.sandbox.newPhonePrefix,
  newPhones: Math.max(100, Math.floor(tenant.size.contacts / 10)),
  newShare: 0.3,
  duplicateEvery: 50,
  idPrefix: 'ing',
  marker: 'ing',
  seed: 'conversa',
  ...overrides,
});

type Plan = { format: WebhookFormat; label: string; mode: 'rate' | 'max'; rate: number; seconds: number };

/**
 * Every format's closed-loop max first (`max`, `wa-max`, …), on a database as quiet as the raw limit's,
 * then the open-loop rates (`r100`, `wa-r300`, …): a rate past the server's capacity (1,000/s on the full
 * profile) leaves a backlog whose aftermath slowed the max run that followed it.
 */
const plansOf = (profile: Profile): Plan[] => [
  ...FORMATS.map((format) => ({
    format,
    label: `${INGEST_FORMATS[format].labelPrefix}max`,
    mode: 'max' as const,
    rate: 0,
    seconds: profile.ingest.maxSeconds,
  })),
  ...FORMATS.flatMap((format) =>
    profile.ingest.rates[format].map((rate) => ({
      format,
      label: `${INGEST_FORMATS[format].labelPrefix}r${rate}`,
      mode: 'rate' as const,
      rate,
      seconds: profile.ingest.seconds,
    })),
  ),
];

export const runIngest = async (
  profile: Profile,
  tenant: BenchTenant,
  serverUrl: string,
  serverPid?: number,
) => {
  const agent = tenant.agents[0];
  if (!agent) throw new Error('no agent');
  const listener = await listen(serverUrl, agent.token);
  const load: Worker = forkWorker('http-load');
  const runs: IngestRun[] = [];
  try {
    for (const plan of plansOf(profile)) {
      const format = INGEST_FORMATS[plan.format];
      const idPrefix = `${format.idPrefix}${plan.label}`;
      // The listener reads markers of letters and digits only.
      const marker = `i${plan.label.replaceAll('-', '')}`;
      const send = async (input: Partial<LoadInput>) => {
        const result = await load.call<LoadResult>(
          'run',
          loadInput(profile, tenant, serverUrl, {
            target: plan.format,
            newPrefix: format.newPhonePrefix,
            ...input,
          }),
        );
        if (input.marker) await waitForNotifications(listener, input.marker, result.acceptedIds);
        return result;
      };
      if (plan.mode === 'max' && profile.ingest.maxWarmSeconds > 0) {
        // Its own ids (outside the run's `${idPrefix}-%`), so the run's lost and doubled checks read the run alone.
        process.stderr.write(`[ingest] ${plan.label}: warming for ${profile.ingest.maxWarmSeconds} s\n`);
        await send({
          mode: 'max',
          seconds: profile.ingest.maxWarmSeconds,
          idPrefix: `${format.idPrefix}warm-${plan.label}`,
          marker: `w${marker}`,
        });
      }
      process.stderr.write(`[ingest] ${plan.label}: ${plan.mode} ${plan.rate || ''} for ${plan.seconds} s\n`);
      const spent = countCpu(serverPid);
      const result = await send({
        mode: plan.mode,
        rate: plan.rate,
        seconds: plan.seconds,
        idPrefix,
        marker,
      });
      const cpu = spent();
      const toSocket = listener.seen.get(marker) ?? new Histogram();
      runs.push({
        format: plan.format,
        label: plan.label,
        mode: plan.mode,
        targetRate: plan.mode === 'rate' ? plan.rate : null,
        seconds: Math.round(result.seconds * 100) / 100,
        sent: result.sent,
        accepted: result.accepted,
        failed: result.failed,
        statuses: result.statuses,
        errors: result.errors,
        acceptedPerSecond: Math.round(result.acceptedPerSecond),
        ack: Histogram.from(result.ack).summary(),
        toSocket: toSocket.summary(),
        notificationsSeen: toSocket.count,
        idPrefix,
        acceptedIds: result.acceptedIds,
        acceptedIdList: result.acceptedIdList,
        duplicatesSent: result.duplicatesSent,
        cpu,
      });
    }

    // The limit of the HTTP layer: each format's requests, driven by the same load process the same way.
    const bare = forkWorker('bare-fastify');
    try {
      const { url } = await bare.call<{ url: string }>('listen');
      const measureBare = async (format: WebhookFormat) => {
        const result = await load.call<LoadResult>(
          'run',
          loadInput(profile, tenant, url, {
            target: format,
            bare: true,
            mode: 'max',
            seconds: profile.ingest.maxSeconds,
            idPrefix: `bare-${format}`,
          }),
        );
        return {
          acceptedPerSecond: Math.round(result.acceptedPerSecond),
          ack: Histogram.from(result.ack).summary(),
        };
      };
      const bareFastify: Partial<IngestResult['bareFastify']> = {};
      for (const format of FORMATS) bareFastify[format] = await measureBare(format);
      return {
        runs,
        bareFastify: bareFastify as IngestResult['bareFastify'],
        notificationSizes: listener.sizes,
      } satisfies IngestResult;
    } finally {
      await bare.call('close').catch(() => undefined);
      await bare.stop();
    }
  } finally {
    listener.socket.close();
    await load.stop();
  }
};

/** The phase on the running product: every format's rates, then its highest sustained. */
export const ingestPhase = async (
  { profile, results }: PhaseContext,
  server: { url: string; pid?: number },
  tenant: BenchTenant,
) => {
  results.ingest = await runIngest(profile, tenant, server.url, server.pid);
};

/**
 * A run's three rows: accepted/s (a max run beside the raw database and bare Fastify), ack latency, and
 * webhook → socket latency. Verdicts on the full profile only.
 */
const ingestRunRows = (r: Results, ingest: IngestResult, run: IngestRun): Row[] => {
  const raw = r.rawDb?.perSecond ?? Number.NaN;
  const isFull = r.profile === 'full';
  const isMax = run.mode === 'max';
  const format = INGEST_FORMATS[run.format].name;
  const name = isMax ? `ingest ${format}, highest sustained` : `ingest ${format} at ${run.targetRate}/s`;
  const bareRun = ingest.bareFastify[run.format];
  const bare = bareRun?.acceptedPerSecond ?? Number.NaN;
  return [
    {
      metric: `${name}: accepted/s (${run.failed} failed)`,
      ours: isMax
        ? `${perSecond(run.acceptedPerSecond)} (cores busy ${coresBusy(run.cpu)})`
        : perSecond(run.acceptedPerSecond),
      limit: isMax
        ? `${Number.isNaN(raw) ? 'raw DB not measured (--only)' : `${perSecond(raw)} raw DB`}, ${perSecond(bare)} bare Fastify`
        : '',
      ratio: isMax ? `${ratio(run.acceptedPerSecond, raw)} / ${ratio(run.acceptedPerSecond, bare)}` : '',
      target: isMax ? '≥ 1,500/s and ≥ 0.50 of raw DB' : '',
      verdict:
        isMax && isFull ? verdict(run.acceptedPerSecond >= 1500 && run.acceptedPerSecond / raw >= 0.5) : '',
    },
    {
      metric: `${name}: ack p50 / p95 / p99`,
      ours: pcts(run.ack),
      limit: isMax && bareRun ? pcts(bareRun.ack) : '',
      ratio: isMax && bareRun ? ratio(run.ack.p99, bareRun.ack.p99) : '',
      target: run.targetRate === 300 ? 'p99 ≤ 50 ms' : '',
      verdict: run.targetRate === 300 && isFull ? verdict(run.ack.p99 <= 50) : '',
    },
    {
      metric: `${name}: webhook → socket p50 / p95 / p99 (${run.notificationsSeen}/${run.acceptedIds} seen)`,
      ours: pcts(run.toSocket),
      limit: '',
      ratio: '',
      target: isMax ? '' : 'p95 ≤ 100 ms',
      verdict: !isMax && isFull ? verdict(run.toSocket.p95 <= 100) : '',
    },
  ];
};

export const ingestRows = (r: Results): Row[] => {
  const { ingest } = r;
  return ingest ? ingest.runs.flatMap((run) => ingestRunRows(r, ingest, run)) : [];
};

/** Not timing: every run's notifications reached the agent's socket at all. */
export const ingestChecks = (r: Results): Check[] =>
  (r.ingest?.runs ?? []).map((run) => ({
    name: `${run.idPrefix}: notifications reached the agent socket`,
    expected: 1,
    actual: run.notificationsSeen,
    ok: run.notificationsSeen > 0,
  }));
