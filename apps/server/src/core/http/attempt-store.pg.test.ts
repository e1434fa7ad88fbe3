import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { connectDatabase, type DatabaseConnection } from '../db/database';
import { attemptCounters } from '../db/schema';
import type { AttemptPolicy, AttemptStore } from './attempt-store';
import { createPostgresAttemptStore, pruneAttemptCounters } from './postgres-attempt-store';
import { createRedisAttemptStore } from './redis-attempt-store';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { error: () => undefined };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let connection: DatabaseConnection;
let stores: Record<'PostgreSQL' | 'Redis', AttemptStore>;

beforeAll(async () => {
  database = await createTestDatabase();
  connection = await connectDatabase({ databaseUrl: database.url, dataDir: '/tmp/conversa-test-unused' });
  stores = {
    PostgreSQL: createPostgresAttemptStore(connection.db),
    Redis: await createRedisAttemptStore(connection.db, REDIS_URL, silent),
  };
});
afterAll(async () => {
  await stores?.Redis.close();
  await connection?.close();
  await database?.drop();
});

const freshKey = () => `test:${randomUUID()}`;

describe.each(['PostgreSQL', 'Redis'] as const)('the %s attempt store', (kind) => {
  it('counts free attempts, then refuses for the wait after the last one, then counts again', async () => {
    const store = stores[kind];
    const key = freshKey();
    const policy: AttemptPolicy = { windowMs: 60_000, waitsMs: [0, 0, 600, 60_000] };
    expect(await store.take(key, policy)).toBe(0);
    expect(await store.take(key, policy)).toBe(0);
    const wait = await store.take(key, policy);
    expect(wait).toBeGreaterThan(300);
    expect(wait).toBeLessThanOrEqual(600);
    // A refused attempt is not counted: after the wait the third attempt goes ahead.
    await sleep(wait + 50);
    expect(await store.take(key, policy)).toBe(0);
    expect(await store.take(key, policy)).toBeGreaterThan(59_000);
  });

  it('lets exactly the free attempts through a burst of concurrent ones', async () => {
    const store = stores[kind];
    const key = freshKey();
    const policy: AttemptPolicy = { windowMs: 60_000, waitsMs: [0, 0, 0, 60_000] };
    const waits = await Promise.all(Array.from({ length: 20 }, () => store.take(key, policy)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
  });

  it('takes back a refunded attempt and forgets a reset key', async () => {
    const store = stores[kind];
    const key = freshKey();
    const policy: AttemptPolicy = { windowMs: 60_000, waitsMs: [0, 0, 60_000] };
    await store.take(key, policy);
    await store.take(key, policy);
    await store.refund(key);
    expect(await store.take(key, policy)).toBe(0);
    expect(await store.take(key, policy)).toBeGreaterThan(59_000);
    await store.reset(key);
    expect(await store.take(key, policy)).toBe(0);
  });

  it('starts counting again once the window has passed', async () => {
    const store = stores[kind];
    const key = freshKey();
    const policy: AttemptPolicy = { windowMs: 300, waitsMs: [0, 0, 60_000] };
    expect(await store.take(key, policy)).toBe(0);
    await sleep(400);
    expect(await store.take(key, policy)).toBe(0);
    expect(await store.take(key, policy)).toBe(0);
    expect(await store.take(key, policy)).toBeGreaterThan(59_000);
  });
});

it('the prune job deletes the counters that expired and keeps the others', async () => {
  const expired = freshKey();
  const live = freshKey();
  await stores.PostgreSQL.take(expired, { windowMs: 100, waitsMs: [0, 100] });
  await stores.PostgreSQL.take(live, { windowMs: 60_000, waitsMs: [0, 60_000] });
  await sleep(200);
  await pruneAttemptCounters(connection.db);
  const keys = await connection.db.select({ key: attemptCounters.key }).from(attemptCounters);
  expect(keys.map((row) => row.key)).toContain(live);
  expect(keys.map((row) => row.key)).not.toContain(expired);
});
