import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Contact, Device, User } from '@conversa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ServerProcess, startServerProcess, stopServerProcess } from '../../test/server-process';
import { createTestSockets } from '../../test/sockets';
import { createTestDatabase } from '../../test/test-app';
import { DEMO_LOGINS } from '../db/seed-logins';
import type { PublishedNotification } from './realtime-events.repository';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let serverA: ServerProcess;
let serverB: ServerProcess;
const sockets = createTestSockets();

const startServer = () =>
  startServerProcess({
    DATABASE_URL: database.url,
    REDIS_URL,
    DATA_DIR: dataDir,
    SECRET_KEY: 'realtime-nodes-test-secret-key-000000000',
    SEED_DEMO: 'true',
  });

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'conversa-nodes-'));
  serverA = await startServer();
  serverB = await startServer();
}, 120_000);

afterAll(async () => {
  sockets.closeAll();
  await Promise.all([stopServerProcess(serverA), stopServerProcess(serverB)]);
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const signIn = async (email: string, password: string) => {
  const answer = await api<{ access_token: string; userid: string }>(
    serverA,
    'POST',
    '/api/v1/en/login',
    undefined,
    {
      email,
      password,
    },
  );
  const data = answer.body.data[0];
  if (!data) throw new Error(`login of ${email} failed`);
  return { token: data.access_token, userId: data.userid };
};

/** A socket on process B recording what it receives. */
const listenOnB = (token: string) => sockets.listen(serverB.url, token);

const noteSeen = (seen: PublishedNotification[], description: string) =>
  seen.some((item) => item.module === 'note' && JSON.stringify(item.data).includes(description));

describe('realtime across two server processes sharing Redis', () => {
  it('notes reach only the permitted sockets of the other process, also after an access change there', async () => {
    const owner = await signIn(DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password);
    const agent = await signIn(DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    const viewer = await signIn(DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    const [watching, agentSocket, restricted] = await Promise.all([
      listenOnB(owner.token),
      listenOnB(agent.token),
      listenOnB(viewer.token),
    ]);
    const contacts = await api<Contact>(serverA, 'POST', '/api/v1/en/contact/search', owner.token, {});
    const contactId = contacts.body.data[0]?.id;
    const addNote = async (description: string) => {
      const answer = await api(serverA, 'POST', '/api/v1/en/note/create', owner.token, {
        contact_id: contactId,
        description,
      });
      expect(answer.status).toBe(200);
    };

    await addNote('cross-node note one');
    await expect.poll(() => noteSeen(watching.seen, 'cross-node note one'), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() => noteSeen(agentSocket.seen, 'cross-node note one'), { timeout: 10_000 })
      .toBe(true);
    expect(noteSeen(restricted.seen, 'cross-node note one')).toBe(false);

    // The access change is made on A; the agent's socket lives on B and leaves the note.view room there.
    const user = await api<User>(serverA, 'GET', `/api/v1/en/user/search/${agent.userId}`, owner.token);
    const access = (user.body.data[0]?.access ?? []).filter((key) => key !== 'note.view');
    expect(
      (await api(serverA, 'POST', `/api/v1/en/user/updateone/${agent.userId}`, owner.token, { access }))
        .status,
    ).toBe(200);
    await expect
      .poll(() => agentSocket.seen.findLast((item) => item.module === 'user')?.data[0], { timeout: 10_000 })
      .toMatchObject({ access });
    await addNote('cross-node note two');
    await expect.poll(() => noteSeen(watching.seen, 'cross-node note two'), { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(noteSeen(agentSocket.seen, 'cross-node note two')).toBe(false);
    expect(restricted.seen.some((item) => item.module === 'note')).toBe(false);
    const devices = restricted.seen
      .filter((item) => item.module === 'device')
      .flatMap((item) => item.data as Device[]);
    expect(devices.every((device) => device.setting?.conect?.config === undefined)).toBe(true);
  }, 60_000);

  it('logging out on one process closes the session socket on the other within a second', async () => {
    const viewer = await signIn(DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    const { socket } = await listenOnB(viewer.token);
    const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
    const started = Date.now();
    expect((await api(serverA, 'GET', '/api/v1/en/logout', viewer.token)).status).toBe(200);
    const at = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 1000)),
    ]);
    expect(at - started).toBeLessThan(1000);
  }, 30_000);
});
