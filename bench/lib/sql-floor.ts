import { createEventBus } from '../../apps/server/src/core/events';
import type { BenchTenant } from '../generate';
import type { Sql } from './db';
import { Histogram, type Summary } from './histogram';

type Captured = { query: string; params: unknown[] };

const silentLogger = { error: () => undefined } as unknown as Parameters<typeof createEventBus>[0];

/**
 * What a server service needs to read the bench database as the tenant's owner, with every SQL it sends
 * captured (a logging Drizzle), so the same SQL can be timed directly: the floor under an HTTP figure.
 */
export const capturingService = (sql: Sql, tenant: BenchTenant) => {
  const captured: Captured[] = [];
  const db = sql.drizzle({ logQuery: (query, params) => captured.push({ query, params }) });
  return {
    // Nothing is written, so no event is emitted: the bus needs no logger.
    deps: { db, events: createEventBus(silentLogger) },
    auth: {
      clientId: tenant.clientId,
      userId: tenant.owner.id,
      account: 'client' as const,
      userAccess: [],
      clientAccess: [],
      market: true,
      sessionId: '',
    },
    /** The queries sent since the last take. */
    take: (): Captured[] => captured.splice(0),
  };
};

/** Runs the queries side by side, as the service runs them, `repeats` times. */
export const timeQueries = async (sql: Sql, queries: Captured[], repeats: number): Promise<Summary> => {
  const histogram = new Histogram();
  for (let run = 0; run < repeats; run += 1) {
    const started = performance.now();
    await Promise.all(queries.map(({ query, params }) => sql.query(query, params)));
    histogram.record(performance.now() - started);
  }
  return histogram.summary();
};
