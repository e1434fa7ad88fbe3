import type { BenchTenant } from '../generate';
import type { Sql } from '../lib/db';
import { Histogram, type Summary } from '../lib/histogram';
import type { Profile } from '../lib/profiles';
import { pcts, type Row, ratio, verdict } from '../lib/report';
import { forkWorker, type Worker } from '../lib/rpc';
import type { LoadResult } from '../workers/http-load';
import type { SocketSpec, WindowResult } from '../workers/socket-clients';
import type { Check } from './checks';
import type { PhaseContext, Results } from './context';
import { loadInput } from './ingest';

export type RealtimeRun = {
  label: string;
  servers: number;
  sockets: number;
  otherSockets: number;
  connected: number;
  eventsPerSecond: number;
  events: number;
  acceptedIdList: string[];
  /** Notifications per event the server sends to the tenant room (message.create + contact.update). */
  notificationsPerEvent: number;
  expectedDeliveries: number;
  delivered: number;
  minPerSocket: number;
  latency: Summary;
  otherTenantReceived: number;
  otherTenantLeaked: number;
  disconnects: number;
  connectErrors: string[];
};

const CLIENT_PROCESSES = 2;

type Clients = { workers: Worker[]; connected: number; errors: string[] };

const connectClients = async (
  specs: SocketSpec[],
  foreignClientId: string,
  marker: string,
): Promise<Clients> => {
  const processes = Math.min(CLIENT_PROCESSES, Math.max(1, Math.ceil(specs.length / 50)));
  const workers = Array.from({ length: processes }, () => forkWorker('socket-clients'));
  const answers = await Promise.all(
    workers.map((worker, index) =>
      worker.call<{ connected: number; errors: string[] }>('connect', {
        sockets: specs.filter((_, position) => position % processes === index),
        foreignClientId,
        marker,
        batch: 25,
      }),
    ),
  );
  return {
    workers,
    connected: answers.reduce((sum, answer) => sum + answer.connected, 0),
    errors: answers.flatMap((answer) => answer.errors),
  };
};

const closeClients = async (clients: Clients) => {
  await Promise.all(clients.workers.map((worker) => worker.call('close').catch(() => undefined)));
  await Promise.all(clients.workers.map((worker) => worker.stop()));
};

/** Waits until every socket got every event, or nothing new arrived for 3 s (bounded by 30 s). */
const drain = async (clients: Clients, expected: number) => {
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const counts = await Promise.all(clients.workers.map((worker) => worker.call<number>('peek')));
    const seen = counts.reduce((sum, count) => sum + count, 0);
    if (seen >= expected) return;
    if (seen !== last) {
      last = seen;
      stableSince = Date.now();
    } else if (Date.now() - stableSince > 3_000) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const collect = async (clients: Clients) => {
  const windows = await Promise.all(clients.workers.map((worker) => worker.call<WindowResult>('stop')));
  const latency = new Histogram();
  for (const window of windows) latency.merge(window.latency);
  return {
    latency: latency.summary(),
    delivered: windows.reduce((sum, window) => sum + window.receivedA, 0),
    minPerSocket: Math.min(
      ...windows.filter((window) => window.socketsA > 0).map((window) => window.minPerSocketA),
    ),
    otherTenantReceived: windows.reduce((sum, window) => sum + window.receivedB, 0),
    otherTenantLeaked: windows.reduce((sum, window) => sum + window.leakedB, 0),
    disconnects: windows.reduce((sum, window) => sum + window.disconnects, 0),
  };
};

/**
 * `sockets` agents of tenant a (spread over the servers given) and `otherSockets` of tenant b; webhooks at
 * a fixed rate go to the first server, so with two servers half the sockets hear them through Redis.
 */
export const runRealtime = async (
  label: string,
  profile: Profile,
  tenants: [BenchTenant, BenchTenant],
  serverUrls: string[],
): Promise<RealtimeRun> => {
  const [tenant, other] = tenants;
  const config = profile.realtime;
  const otherUsers = [other.owner, ...other.agents];
  const specs: SocketSpec[] = [
    ...Array.from({ length: config.sockets }, (_, index) => ({
      url: serverUrls[index % serverUrls.length] ?? '',
      token: tenant.agents[index % tenant.agents.length]?.token ?? '',
      group: 'a' as const,
    })),
    ...Array.from({ length: config.otherSockets }, (_, index) => ({
      url: serverUrls[index % serverUrls.length] ?? '',
      token: otherUsers[index % otherUsers.length]?.token ?? '',
      group: 'b' as const,
    })),
  ];
  const marker = `rt${label}`;
  process.stderr.write(`[realtime] ${label}: connecting ${specs.length} sockets\n`);
  const clients = await connectClients(specs, tenant.clientId, marker);
  const load = forkWorker('http-load');
  try {
    // Let presence updates of the connections settle before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await Promise.all(clients.workers.map((worker) => worker.call('start', { marker })));
    process.stderr.write(`[realtime] ${label}: ${config.eventsPerSecond} events/s for ${config.seconds} s\n`);
    const result = await load.call<LoadResult>(
      'run',
      loadInput(profile, tenant, serverUrls[0] ?? '', {
        mode: 'rate',
        rate: config.eventsPerSecond,
        seconds: config.seconds,
        idPrefix: `rt-${label}`,
        marker,
        duplicateEvery: 0,
      }),
    );
    const socketsA = Math.min(config.sockets, clients.connected);
    const expected = result.acceptedIds * socketsA;
    await drain(clients, expected);
    const window = await collect(clients);
    return {
      label,
      servers: serverUrls.length,
      sockets: config.sockets,
      otherSockets: config.otherSockets,
      connected: clients.connected,
      eventsPerSecond: config.eventsPerSecond,
      events: result.acceptedIds,
      acceptedIdList: result.acceptedIdList,
      notificationsPerEvent: 1,
      expectedDeliveries: expected,
      connectErrors: clients.errors,
      ...window,
    };
  } finally {
    await load.stop();
    await closeClients(clients);
  }
};

export type BareRun = Omit<RealtimeRun, 'otherTenantReceived' | 'otherTenantLeaked'>;
type Driven = { events: number; acceptedIdList: string[]; notificationsPerEvent: number };

/**
 * A limit's run: its worker listens, the same number of sockets join its one room, `drive` makes the
 * events (and says how many, and which ids were accepted), then every socket's deliveries are waited for.
 */
const runOnBareWorker = async (
  profile: Profile,
  options: { label: string; worker: string; listenInput?: unknown; marker: string },
  drive: (bare: Worker, url: string) => Promise<Driven>,
): Promise<BareRun> => {
  const config = profile.realtime;
  const bare = forkWorker(options.worker);
  try {
    const { url } = await bare.call<{ url: string }>('listen', options.listenInput);
    const specs: SocketSpec[] = Array.from({ length: config.sockets }, () => ({
      url,
      token: 'bare',
      group: 'a',
    }));
    const clients = await connectClients(specs, 'none', options.marker);
    try {
      await Promise.all(clients.workers.map((worker) => worker.call('start', { marker: options.marker })));
      const driven = await drive(bare, url);
      const expected = driven.events * clients.connected;
      await drain(clients, expected);
      const window = await collect(clients);
      return {
        label: options.label,
        servers: 1,
        sockets: config.sockets,
        otherSockets: 0,
        connected: clients.connected,
        eventsPerSecond: config.eventsPerSecond,
        ...driven,
        expectedDeliveries: expected,
        connectErrors: clients.errors,
        latency: window.latency,
        delivered: window.delivered,
        minPerSocket: window.minPerSocket,
        disconnects: window.disconnects,
      };
    } finally {
      await closeClients(clients);
    }
  } finally {
    await bare.call('close').catch(() => undefined);
    await bare.stop();
  }
};

/** The same sockets and rate on a bare Socket.IO server: no auth, no database, same notification sizes. */
export const runBareSocketIo = (profile: Profile, notificationSizes: number[]): Promise<BareRun> =>
  runOnBareWorker(profile, { label: 'bare', worker: 'bare-socketio', marker: 'rtbare' }, async (bare) => {
    // Without an ingest phase to measure it, the size of a message carrying a new conversation.
    const sizes = notificationSizes.length === 1 ? notificationSizes : [2000];
    const { sent } = await bare.call<{ sent: number }>('emit', {
      rate: profile.realtime.eventsPerSecond,
      seconds: profile.realtime.seconds,
      marker: 'rtbare',
      sizes,
    });
    return { events: sent, acceptedIdList: [], notificationsPerEvent: sizes.length };
  });

/**
 * The same sockets and webhooks on the bare pipeline (workers/bare-pipeline.ts): HTTP, the raw
 * transaction and the emit, nothing else; timed like ours, from the webhook's request to the socket.
 */
export const runBarePipeline = (
  profile: Profile,
  tenant: BenchTenant,
  databaseUrl: string,
): Promise<BareRun> =>
  runOnBareWorker(
    profile,
    {
      label: 'pipeline',
      worker: 'bare-pipeline',
      listenInput: { databaseUrl, clientId: tenant.clientId },
      marker: 'rtpipe',
    },
    async (_bare, url) => {
      const load = forkWorker('http-load');
      try {
        const result = await load.call<LoadResult>(
          'run',
          loadInput(profile, tenant, url, {
            mode: 'rate',
            rate: profile.realtime.eventsPerSecond,
            seconds: profile.realtime.seconds,
            // Named like the product's runs (`rt-<label>`), which the count checks look for.
            idPrefix: 'rt-pipeline',
            marker: 'rtpipe',
            duplicateEvery: 0,
          }),
        );
        return {
          events: result.acceptedIds,
          acceptedIdList: result.acceptedIdList,
          notificationsPerEvent: 1,
        };
      } finally {
        await load.stop();
      }
    },
  );

type Tenants = [BenchTenant, BenchTenant];

/** The phase on the one product process the phases before measured too. */
export const realtimeOneProcessPhase = async (
  { profile, results }: PhaseContext,
  tenants: Tenants,
  serverUrl: string,
) => {
  results.realtime.push(await runRealtime('one', profile, tenants, [serverUrl]));
};

/** The limit: bare Socket.IO carrying notifications of the sizes the ingest phase saw. */
export const realtimeBarePhase = async ({ profile, results }: PhaseContext) => {
  results.realtimeBare = await runBareSocketIo(profile, results.ingest?.notificationSizes ?? []);
};

/** Two product processes on one Redis; the caller stops them. */
export const realtimeTwoProcessesPhase = async (
  { profile, results, startProduct }: PhaseContext,
  tenants: Tenants,
  redisUrl: string | undefined,
) => {
  const first = await startProduct('redis-1', redisUrl);
  const second = await startProduct('redis-2', redisUrl);
  results.realtime.push(await runRealtime('two', profile, tenants, [first.url, second.url]));
};

/** The limit with the product stopped: the bare pipeline on the bench database. */
export const realtimePipelinePhase = async (
  { profile, results, log }: PhaseContext,
  sql: Sql,
  tenant: BenchTenant,
) => {
  log('realtime: the same webhooks and sockets on the bare pipeline (HTTP, raw transaction, emit)');
  results.realtimePipeline = await runBarePipeline(profile, tenant, sql.url);
};

/** A run's two rows: latency beside both limits, and deliveries (with the other tenant's leaks). */
const realtimeRunRows = (r: Results, run: RealtimeRun): Row[] => {
  const bareRun = r.realtimeBare;
  const pipeline = r.realtimePipeline;
  return [
    {
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
      verdict: run.servers === 1 && r.profile === 'full' ? verdict(run.latency.p99 <= 250) : '',
    },
    {
      metric: `realtime ${run.label}: delivered / expected; other tenant got`,
      ours: `${run.delivered.toLocaleString('en')} / ${run.expectedDeliveries.toLocaleString('en')}; ${run.otherTenantLeaked} leaked`,
      limit: bareRun
        ? `${bareRun.delivered.toLocaleString('en')} / ${bareRun.expectedDeliveries.toLocaleString('en')}`
        : '',
      ratio: '',
      target: 'all delivered, 0 leaked',
      verdict: verdict(run.otherTenantLeaked === 0 && run.delivered >= run.expectedDeliveries),
    },
  ];
};

/** Every run's rows, then the bare pipeline's own deliveries. */
export const realtimeRows = (r: Results): Row[] => {
  const pipeline = r.realtimePipeline;
  const rows = r.realtime.flatMap((run) => realtimeRunRows(r, run));
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

/** Not timing: every run delivered something, and nothing of tenant a reached tenant b. */
export const realtimeChecks = (r: Results): Check[] =>
  r.realtime.flatMap((run) => [
    {
      name: `realtime ${run.label}: other tenant received nothing of tenant a`,
      expected: 0,
      actual: run.otherTenantLeaked,
      ok: run.otherTenantLeaked === 0,
    },
    {
      name: `realtime ${run.label}: deliveries measured`,
      expected: 1,
      actual: run.delivered,
      ok: run.delivered > 0,
    },
  ]);
