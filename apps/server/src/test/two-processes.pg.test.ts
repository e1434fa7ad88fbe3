import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Device, LOGIN_ATTEMPTS } from '@conversa/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../core/db/seed-logins';
import type { PublishedNotification } from '../core/realtime/realtime-events.repository';
import { api, type ServerProcess, startServerProcess, stopServerProcess } from './server-process';
import { createTestDatabase } from './test-app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One real server process on the shared database and Redis (none: ''); the seed runs on the first. */
const startServer = (databaseUrl: string, dataDir: string, redisUrl = REDIS_URL) =>
  startServerProcess({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    SECRET_KEY: 'two-process-test-secret-key-0000000000',
    SEED_DEMO: 'true',
  });

/** Wrong passwords for one account, sent to each process in turn; answers the statuses in order. */
const guessInTurns = async (servers: ServerProcess[], email: string, guesses: number) => {
  const statuses: number[] = [];
  for (let guess = 0; guess < guesses; guess += 1) {
    const server = servers[guess % servers.length] as ServerProcess;
    const answer = await api(server, 'POST', '/api/v1/en/login', undefined, {
      email,
      password: `Wrong#Pass${guess}`,
    });
    statuses.push(answer.status);
  }
  return statuses;
};

/** What one process answers: the free failures and the one that starts the wait, then 429. */
const statusesOnOneProcess = (guesses: number) =>
  Array.from({ length: guesses }, (_, guess) => (guess <= LOGIN_ATTEMPTS.perAccount.free ? 401 : 429));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let serverA: ServerProcess | undefined;
let serverB: ServerProcess | undefined;
let socket: Socket | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'conversa-two-'));
  // A migrates and seeds first; B then starts on the ready database.
  serverA = await startServer(database.url, dataDir);
  serverB = await startServer(database.url, dataDir);
}, 120_000);

afterAll(async () => {
  socket?.disconnect();
  await Promise.all([stopServerProcess(serverA), stopServerProcess(serverB)]);
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two server processes on one database and one Redis', () => {
  it('an inbound message posted to process A reaches a socket connected to process B', async () => {
    if (!serverA || !serverB) throw new Error('servers did not start');
    const login = await api<{ access_token: string }>(serverA, 'POST', '/api/v1/en/login', undefined, {
      email: DEMO_LOGINS.owner.email,
      password: DEMO_LOGINS.owner.password,
    });
    const token = login.body.data[0]?.access_token ?? '';
    const devices = await api<Device>(serverB, 'POST', '/api/v1/en/device/search', token, {
      filters: [{ key: 'setting.conect.type', condition: 'equalto', value: 'sandbox' }],
    });
    const device = devices.body.data[0];
    expect(device?.name).toBe('Sandbox');

    const client = connect(serverB.url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    socket = client;
    const seen: PublishedNotification[] = [];
    client.on('notification', (notification: PublishedNotification) => seen.push(notification));
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });

    const posted = await fetch(`${serverA.url}/webhooks/sandbox/${device?.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-secret': String(device?.setting.conect.config.secret),
      },
      body: JSON.stringify({
        from: { phone: '56977778888', name: 'Cross Process' },
        message: { id: 'cross-1', type: 'chat', body: 'from process A' },
      }),
    });
    expect(posted.status).toBe(200);
    await expect
      .poll(() => seen.find((n) => n.module === 'message' && n.action === 'create'), { timeout: 10_000 })
      .toMatchObject({ data: [{ body: 'from process A', fromMe: false }] });
  });

  it('failed sign-ins spread over both processes are refused with 429 at the same count as on one', async () => {
    if (!serverA || !serverB) throw new Error('servers did not start');
    const statuses = await guessInTurns([serverA, serverB], DEMO_LOGINS.viewer.email, 6);
    expect(statuses).toEqual(statusesOnOneProcess(6));
    // The right password waits too, on either process.
    const right = await api(serverB, 'POST', '/api/v1/en/login', undefined, {
      email: DEMO_LOGINS.viewer.email,
      password: DEMO_LOGINS.viewer.password,
    });
    expect(right.status).toBe(429);
  });

  it('without Redis, two processes count failed sign-ins together in the database', async () => {
    // The database is already seeded: both start at once.
    const starts = await Promise.allSettled([
      startServer(database.url, dataDir, ''),
      startServer(database.url, dataDir, ''),
    ]);
    const servers = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    try {
      expect(servers).toHaveLength(2);
      const statuses = await guessInTurns(servers, DEMO_LOGINS.agent.email, 6);
      expect(statuses).toEqual(statusesOnOneProcess(6));
    } finally {
      await Promise.all(servers.map((server) => stopServerProcess(server)));
    }
  }, 120_000);

  it('both processes stop cleanly while their sockets and Redis close', async () => {
    socket?.disconnect();
    const codes = await Promise.all([stopServerProcess(serverA), stopServerProcess(serverB)]);
    expect(codes).toEqual([0, 0]);
  }, 30_000);
});
