import type { AddressInfo } from 'node:net';
import type { Envelope, User } from '@conversa/domain';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactByPhone,
  createSandboxDevice,
  deliver,
  newPhone,
  type SandboxDevice,
} from '../../test/messaging-fixtures';
import { createTestSockets } from '../../test/sockets';
import { call, createTestApp, login, type Session, signupCompany, type TestApp } from '../../test/test-app';
import { hashToken } from '../auth/tokens';
import { DEMO_LOGINS } from '../db/seed-logins';
import type { PublishedNotification } from './realtime-events.repository';

let testApp: TestApp;
let url: string;
let owner: Session;
let supervisor: Session;
let viewer: Session;
let device: SandboxDevice;
const sockets = createTestSockets();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  // The viewer holds chat.view and task.view only; the supervisor holds note, user and device keys.
  [owner, supervisor, viewer] = await Promise.all([
    login(testApp.app, DEMO_LOGINS.owner.email, DEMO_LOGINS.owner.password),
    login(testApp.app, DEMO_LOGINS.supervisor.email, DEMO_LOGINS.supervisor.password),
    login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password),
  ]);
  device = await createSandboxDevice(testApp.app, owner.token);
});
afterAll(async () => {
  sockets.closeAll();
  await testApp?.close();
});

const open = (token: string): Socket => sockets.open(url, token);

const listen = (session: Session) => sockets.listen(url, session.token);

const ask = (socket: Socket, request: Record<string, unknown>) =>
  new Promise<Envelope>((resolve) => socket.emit('Apiv1', request, (answer: Envelope) => resolve(answer)));

const createNote = async (contactId: string, description: string) => {
  const answer = await call(testApp.app, 'POST', '/api/v1/en/note/create', {
    token: owner.token,
    body: { contact_id: contactId, description },
  });
  expect(answer.status).toBe(200);
};

const newContact = async () => {
  const phone = newPhone();
  await deliver(testApp.app, device, { phone, body: 'hello' });
  return contactByPhone(testApp.app, owner.token, phone);
};

/** The latest notification of a module with a record matching the predicate. */
const find = (seen: PublishedNotification[], module: string, predicate: (data: unknown) => boolean) =>
  seen.findLast((item) => item.module === module && item.data.some(predicate));

const hasField = (field: string, value: unknown) => (data: unknown) =>
  typeof data === 'object' && data !== null && (data as Record<string, unknown>)[field] === value;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notifications follow the receiver permissions', () => {
  it('live: without note.view, user.view or device.view a user gets no note, a colleague by name only and the device without settings', async () => {
    const watching = await listen(supervisor);
    const restricted = await listen(viewer);
    const contact = await newContact();
    await createNote(contact.id, 'confidential note body');
    const agentId = (await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password)).userId;
    const renamed = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${agentId}`, {
      token: owner.token,
      body: { name: 'Agent Permissions' },
    });
    expect(renamed.status).toBe(200);
    const deviceRenamed = await call(testApp.app, 'PUT', `/api/v1/en/device/updateone/${device.id}`, {
      token: owner.token,
      body: { name: 'Sandbox Renamed' },
    });
    expect(deviceRenamed.status).toBe(200);

    // The permitted user receives everything whole.
    await expect
      .poll(() => find(watching.seen, 'note', hasField('description', 'confidential note body')))
      .toBeDefined();
    await expect
      .poll(() => find(watching.seen, 'user', hasField('name', 'Agent Permissions'))?.data[0])
      .toMatchObject({ email: DEMO_LOGINS.agent.email, access: expect.arrayContaining(['chat.view']) });
    await expect
      .poll(() => find(watching.seen, 'device', hasField('name', 'Sandbox Renamed'))?.data[0])
      .toMatchObject({ setting: { conect: { config: { secret: device.secret } } } });

    // The restricted user gets the chat's views of the user and the device, and nothing of the note.
    await expect
      .poll(() => find(restricted.seen, 'user', hasField('name', 'Agent Permissions'))?.data[0])
      .toEqual({ id: agentId, name: 'Agent Permissions', online: expect.any(Boolean) });
    await expect
      .poll(() => find(restricted.seen, 'device', hasField('name', 'Sandbox Renamed'))?.data[0])
      .toEqual({
        id: device.id,
        name: 'Sandbox Renamed',
        status: 'connected',
        mode: device.mode,
        color: device.color,
        background_color: device.background_color,
        selected: device.selected,
        setting: { conect: { type: 'sandbox', status: 'connected' } },
      });
    await sleep(200);
    expect(restricted.seen.some((item) => item.module === 'note')).toBe(false);
    const everything = JSON.stringify(restricted.seen);
    expect(everything).not.toContain('confidential note body');
    expect(everything).not.toContain(device.secret);
    expect(everything).not.toContain(DEMO_LOGINS.agent.email);
    // Chat traffic still reaches every chat user.
    expect(find(restricted.seen, 'message', hasField('contact_id', contact.id))).toBeDefined();
  });

  it('the catch-up (events?since=) answers the same filtered view', async () => {
    const contact = await newContact();
    await createNote(contact.id, 'replayed note body');
    const replay = async (session: Session) => {
      const answer = await call<PublishedNotification>(testApp.app, 'GET', '/api/v1/en/events?since=0', {
        token: session.token,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const full = await replay(supervisor);
    expect(find(full.data, 'note', hasField('description', 'replayed note body'))).toBeDefined();
    expect(find(full.data, 'device', hasField('id', device.id))?.data[0]).toMatchObject({
      setting: { conect: { config: { secret: device.secret } } },
    });

    const filtered = await replay(viewer);
    expect(filtered.data.some((item) => item.module === 'note')).toBe(false);
    expect(JSON.stringify(filtered.data)).not.toContain('replayed note body');
    expect(JSON.stringify(filtered.data)).not.toContain(device.secret);
    expect(find(filtered.data, 'device', hasField('id', device.id))?.data[0]).not.toHaveProperty(
      'setting.conect.config',
    );
    expect(find(filtered.data, 'message', hasField('contact_id', contact.id))).toBeDefined();
    // The total counts only what this user may see, so the web's paging stays right.
    expect(filtered.pagination?.total).toBe(filtered.data.length);
  });

  it('a user who loses note.view stops receiving notes at once, on the socket already open', async () => {
    const agent = await login(testApp.app, DEMO_LOGINS.agent.email, DEMO_LOGINS.agent.password);
    const agentSocket = await listen(agent);
    const watching = await listen(supervisor);
    const contact = await newContact();
    await createNote(contact.id, 'before the change');
    await expect
      .poll(() => find(agentSocket.seen, 'note', hasField('description', 'before the change')))
      .toBeDefined();

    const user = await call<User>(testApp.app, 'GET', `/api/v1/en/user/search/${agent.userId}`, {
      token: owner.token,
    });
    const access = (user.body.data[0]?.access ?? []).filter((key) => key !== 'note.view');
    const changed = await call(testApp.app, 'POST', `/api/v1/en/user/updateone/${agent.userId}`, {
      token: owner.token,
      body: { access },
    });
    expect(changed.status).toBe(200);
    await expect
      .poll(() => find(agentSocket.seen, 'user', hasField('id', agent.userId))?.data[0])
      .toMatchObject({ access });

    await createNote(contact.id, 'after the change');
    await expect
      .poll(() => find(watching.seen, 'note', hasField('description', 'after the change')))
      .toBeDefined();
    await sleep(200);
    expect(find(agentSocket.seen, 'note', hasField('description', 'after the change'))).toBeUndefined();
  });
});

describe('socket lifecycle', () => {
  it('answers an Apiv1 request sent right after connect, while the connection is still being set up', async () => {
    // A user with no socket yet: connecting marks them online, a write held back here by a lock on their
    // row, so the request surely arrives while the server is still busy with the new connection.
    const fresh = await signupCompany(testApp.app);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locked = new Promise<void>((resolve, reject) => {
      testApp.app.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select id from users where id = ${fresh.userId} for update`);
          resolve();
          await held;
        })
        .catch(reject);
    });
    await locked;
    try {
      const socket = open(fresh.token);
      const answer = await Promise.race([
        ask(socket, { resource: 'nothing', operation: 'here', locale: 'en' }),
        sleep(2000).then(() => 'no answer'),
      ]);
      expect(answer).toMatchObject({ status_codes: 404 });
    } finally {
      release();
    }
  });

  it("closes a logged-out session's socket within a second", async () => {
    const session = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    const { socket } = await listen(session);
    const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
    const started = Date.now();
    expect((await call(testApp.app, 'GET', '/api/v1/en/logout', { token: session.token })).status).toBe(200);
    const at = await Promise.race([closed, sleep(1000).then(() => Number.POSITIVE_INFINITY)]);
    expect(at - started).toBeLessThan(1000);
  });

  it('stops serving Apiv1 on a session that ended without the event reaching this socket', async () => {
    const session = await login(testApp.app, DEMO_LOGINS.viewer.email, DEMO_LOGINS.viewer.password);
    const { socket } = await listen(session);
    expect(await ask(socket, { resource: 'nothing', operation: 'here' })).toMatchObject({
      status_codes: 404,
    });
    await testApp.app.database.db.execute(
      sql`update sessions set revoked_at = now() where token_hash = ${hashToken(session.token)}`,
    );
    // The socket's session is read again once the short re-check interval has passed.
    await sleep(5100);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect(await ask(socket, { resource: 'nothing', operation: 'here' })).toMatchObject({
      status_codes: 401,
      info: 'Expired Token',
    });
    await closed;
  }, 15_000);
});
