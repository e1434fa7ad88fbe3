import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { forbidden } from '../http/app-error';

/** What the scrape reads at the moment it is asked, rather than counting as things happen. */
export type MetricsSources = {
  sockets: () => number;
  jobs: () => Promise<{ due: number; oldestDueSeconds: number; failed: number }>;
  /** Connections of the database pool; absent when the database has no pool. */
  pool?: () => { total: number; idle: number; waiting: number };
};

export type MetricsOptions = { token: string | undefined; sources: MetricsSources };

/** A request is logged at info only when it failed on our side or took at least this long. */
export const SLOW_REQUEST_MS = 1000;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

const isSameToken = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Loopback callers may read the metrics, unless the request came through a proxy (a proxy on the same
 * machine makes every visitor look local); anyone else needs METRICS_TOKEN as a bearer token.
 */
const mayRead = (request: FastifyRequest, token: string | undefined): boolean => {
  const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, '');
  if (token && bearer && isSameToken(bearer, token)) return true;
  const isForwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !isForwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
};

/** `webhooks by provider and result`: what a provider's delivery came to. */
const webhookResult = (status: number): string => {
  if (status < 300) return 'accepted';
  if (status === 401 || status === 403) return 'refused';
  if (status < 500) return 'invalid';
  return 'failed';
};

/**
 * `GET /metrics` in Prometheus text format (prom-client, a registry per app), and the request log: one
 * line at info for a server error or a slow request, debug for the rest (a line per request at info
 * cost more than the request itself under load).
 */
export const registerMetrics = (app: FastifyInstance, options: MetricsOptions): void => {
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'conversa_' });
  const httpDuration = new Histogram({
    name: 'conversa_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [register],
  });
  const webhooks = new Counter({
    name: 'conversa_webhooks_total',
    help: 'Provider webhook deliveries by provider and result',
    labelNames: ['provider', 'result'],
    registers: [register],
  });
  new Gauge({
    name: 'conversa_sockets',
    help: 'Open Socket.IO connections of this process',
    registers: [register],
    collect() {
      this.set(options.sources.sockets());
    },
  });
  const jobsDue = new Gauge({
    name: 'conversa_jobs_due',
    help: 'Jobs due now and not yet taken by a worker',
    registers: [register],
  });
  const jobsAge = new Gauge({
    name: 'conversa_jobs_oldest_due_seconds',
    help: 'How long the oldest due job has waited',
    registers: [register],
  });
  const jobsFailed = new Gauge({
    name: 'conversa_jobs_failed',
    help: 'Jobs that failed for good and are kept for inspection',
    registers: [register],
  });
  const { pool } = options.sources;
  if (pool) {
    new Gauge({
      name: 'conversa_db_pool_connections',
      help: 'Database pool connections by state',
      labelNames: ['state'],
      registers: [register],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    httpDuration.observe({ method: request.method, route, status }, ms / 1000);
    if (route.startsWith('/webhooks/')) {
      const provider = (request.params as { provider?: string }).provider ?? 'unknown';
      webhooks.inc({ provider, result: webhookResult(status) });
    }
    const line = { method: request.method, url: request.url, status, ms: Math.round(ms) };
    if (status >= 500 || ms >= SLOW_REQUEST_MS) request.log.info(line, 'request completed');
    else request.log.debug(line, 'request completed');
  });

  app.get(
    '/metrics',
    { schema: { tags: ['operations'], summary: 'Prometheus metrics (loopback or METRICS_TOKEN)' } },
    async (request, reply) => {
      if (!mayRead(request, options.token)) throw forbidden();
      const jobs = await options.sources.jobs();
      jobsDue.set(jobs.due);
      jobsAge.set(jobs.oldestDueSeconds);
      jobsFailed.set(jobs.failed);
      return reply.type(register.contentType).send(await register.metrics());
    },
  );
};
